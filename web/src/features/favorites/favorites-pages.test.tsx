import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ListEntry, UserList } from '../../api/types';
import { EXPIRY_KEY, TOKEN_KEY } from '../../api/session';
import { json } from '../../test/fake-fetch';
import { createSiteFake, renderApp } from '../../test/render-app';

function logIn(): void {
  localStorage.setItem(TOKEN_KEY, 'member-token');
  localStorage.setItem(EXPIRY_KEY, String(Date.now() + 600_000));
}

function product(n: number) {
  return {
    id: `p${n}`,
    key: `rp000${n}`,
    name: `商品${n}`,
    code: `CODE-${n}`,
    product_price: 1000 * n,
    before_price: null,
    tax_rate: 10,
    brand: null,
    maker: null,
    categories: [],
    image: null,
    is_favorite: true,
    stock_status: 'in_stock' as const,
    is_on_sale: true,
  };
}

const favourites: UserList = {
  id: 'l1',
  key: 'l1',
  name: 'お気に入り',
  is_default: true,
  count: 2,
  created_at: '2026-11-01T00:00:00Z',
};

const entry = (n: number): ListEntry => ({
  table: 'products',
  id: `e${n}`,
  added_at: '2026-11-20T01:00:00Z',
  product: product(n),
});

const headers = (total: number) => ({
  'x-total': String(total),
  'x-per-page': '20',
  'x-last-page': '1',
  'x-current-page': '1',
});

/** The member's one list holding `ids`; a detach or an unlike takes a product off it. */
function listFake(initial: number[]) {
  let ids = [...initial];
  const fake = createSiteFake()
    .on('GET', '/v1/me/user-lists', () => json({ data: [{ ...favourites, count: ids.length }] }))
    .on('GET', '/v1/me/user-lists/l1', () =>
      json({ list: { ...favourites, count: ids.length }, data: ids.map(entry) }, { headers: headers(ids.length) }),
    )
    .on('PATCH', '/v1/me/user-lists/l1/detach', async (request) => {
      const body = (await request.json()) as { ids: string[] };
      ids = ids.filter((n) => !body.ids.includes(`p${n}`));
      return json({ ...favourites, count: ids.length });
    });
  for (const n of initial) {
    fake.on('DELETE', `/v1/products/rp000${n}/likes`, () => {
      ids = ids.filter((other) => other !== n);
      return json({ product_id: `p${n}`, is_favorite: false });
    });
  }
  return fake;
}

describe('/mypage/list', () => {
  it("shows the default list's products, newest first, with their count and date", async () => {
    logIn();
    const { fake } = await renderApp('/mypage/list', listFake([2, 1]));

    expect(await screen.findByRole('heading', { level: 1, name: 'お気に入り' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'お気に入り' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['商品2', '商品1']);
    expect(screen.getByText('全2件')).toBeInTheDocument();
    expect(within(list).getAllByText('2026.11.20')).toHaveLength(2);
    for (const heart of within(list).getAllByRole('button', { name: 'お気に入りから削除' })) {
      expect(heart).toHaveAttribute('aria-pressed', 'true');
    }
    const query = new URL(fake.callsTo('/v1/me/user-lists/l1')[0]!.url).searchParams;
    expect(query.get('is_listables')).toBe('1');
    const menu = screen.getByRole('navigation', { name: 'マイページメニュー' });
    expect(within(menu).getByRole('link', { name: 'お気に入り' })).toHaveAttribute('aria-current', 'page');
  });

  it('takes a product off the list with 削除: the count drops by one', async () => {
    logIn();
    const user = userEvent.setup();
    const { fake } = await renderApp('/mypage/list', listFake([2, 1]));

    await user.click(await screen.findByRole('button', { name: '「商品2」をお気に入りから削除' }));

    await waitFor(() => expect(screen.getByText('全1件')).toBeInTheDocument());
    expect(screen.queryByRole('article', { name: '商品2' })).not.toBeInTheDocument();
    const [detach] = fake.callsTo('/v1/me/user-lists/l1/detach');
    expect(await detach!.json()).toEqual({ table: 'products', ids: ['p2'] });
  });

  it('loses a product whose heart is pressed again', async () => {
    logIn();
    const user = userEvent.setup();
    await renderApp('/mypage/list', listFake([2, 1]));
    const card = await screen.findByRole('article', { name: '商品1' });

    await user.click(within(card).getByRole('button', { name: 'お気に入りから削除' }));

    await waitFor(() => expect(screen.queryByRole('article', { name: '商品1' })).not.toBeInTheDocument());
    expect(screen.getByText('全1件')).toBeInTheDocument();
  });

  it('says so when nothing is liked, and can show products outside their sale period', async () => {
    logIn();
    const user = userEvent.setup();
    const { fake, router } = await renderApp('/mypage/list', listFake([]));

    expect(await screen.findByText('お気に入りに登録された商品はありません。')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: '販売期間外の商品も表示する' }));

    await waitFor(() => expect(router.state.location.search).toBe('?all=1'));
    await waitFor(() =>
      expect(new URL(fake.callsTo('/v1/me/user-lists/l1').at(-1)!.url).searchParams.get('is_listables')).toBe('0'),
    );
  });
});

describe('/mypage/list/{key}', () => {
  it('shows one list under its name', async () => {
    logIn();
    await renderApp('/mypage/list/l1', listFake([1]));

    expect(await screen.findByRole('heading', { level: 1, name: 'お気に入り' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: '商品1' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'お気に入りへ戻る' })).toHaveAttribute('href', '/mypage/list');
  });

  it("shows the 404 page for a list that is not the member's", async () => {
    logIn();
    const fake = listFake([1]).on('GET', '/v1/me/user-lists/other', json({ message: 'Not Found' }, { status: 404 }));
    await renderApp('/mypage/list/other', fake);

    expect(await screen.findByRole('heading', { name: '404 Not Found' })).toBeInTheDocument();
  });
});
