import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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
    is_favorite: n === 1,
    stock_status: 'in_stock' as const,
    is_on_sale: true,
  };
}

const headers = (total: number, current = 1, per = 10) => ({
  'x-total': String(total),
  'x-per-page': String(per),
  'x-last-page': String(Math.max(1, Math.ceil(total / per))),
  'x-current-page': String(current),
});

describe('/mypage/product_history', () => {
  it('shows the viewed products with hearts; 削除 takes one off and the count drops', async () => {
    logIn();
    const user = userEvent.setup();
    const fake = createSiteFake()
      .on(
        'GET',
        '/v1/me/product-histories',
        json({ data: [3, 2, 1].map((n) => ({ product_id: `p${n}`, product: product(n) })) }, { headers: headers(3) }),
      )
      .on('DELETE', '/v1/me/product-histories/p2', new Response(null, { status: 204 }));
    await renderApp('/mypage/product_history', fake);

    expect(await screen.findByRole('heading', { level: 1, name: '閲覧履歴' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: '閲覧履歴' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['商品3', '商品2', '商品1']);
    expect(screen.getByText('全3件')).toBeInTheDocument();
    // The server's favourite mark shows on the history too.
    expect(
      within(within(list).getByRole('article', { name: '商品1' })).getByRole('button', { name: 'お気に入りから削除' }),
    ).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: '「商品2」を閲覧履歴から削除' }));

    await waitFor(() => expect(screen.getByText('全2件')).toBeInTheDocument());
    expect(screen.queryByRole('article', { name: '商品2' })).not.toBeInTheDocument();
    expect(fake.callsTo('/v1/me/product-histories/p2')[0]!.method).toBe('DELETE');
  });

  it("keeps the entry and shows the server's message when the delete is refused", async () => {
    logIn();
    const user = userEvent.setup();
    const fake = createSiteFake()
      .on(
        'GET',
        '/v1/me/product-histories',
        json({ data: [{ product_id: 'p1', product: product(1) }] }, { headers: headers(1) }),
      )
      .on('DELETE', '/v1/me/product-histories/p1', json({ message: '履歴が見つかりません。' }, { status: 404 }));
    await renderApp('/mypage/product_history', fake);

    await user.click(await screen.findByRole('button', { name: '「商品1」を閲覧履歴から削除' }));

    expect(await screen.findByText('履歴が見つかりません。')).toBeInTheDocument();
    expect(screen.getByText('全1件')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: '商品1' })).toBeInTheDocument();
  });

  it('says so when nothing was viewed', async () => {
    logIn();
    await renderApp(
      '/mypage/product_history',
      createSiteFake().on('GET', '/v1/me/product-histories', json({ data: [] }, { headers: headers(0) })),
    );
    expect(await screen.findByText('閲覧履歴はありません。')).toBeInTheDocument();
    expect(screen.getByText('全0件')).toBeInTheDocument();
  });
});

describe('/mypage/product_search_history', () => {
  it('lists the words page by page, each a link to its search, and deletes one', async () => {
    logIn();
    const user = userEvent.setup();
    const fake = createSiteFake()
      .on('GET', '/v1/me/product-search-histories', (request) => {
        const page = new URL(request.url).searchParams.get('page');
        return json(
          {
            data: [
              { id: 's1', word: 'ヘルメット', created_at: '2026-11-20T01:05:00Z' },
              { id: 's2', word: 'グローブ 冬', created_at: '2026-11-19T12:00:00Z' },
            ],
          },
          { headers: headers(12, Number(page)) },
        );
      })
      .on('DELETE', '/v1/me/product-search-histories/s1', new Response(null, { status: 204 }));
    await renderApp('/mypage/product_search_history?page=2', fake);

    const list = await screen.findByRole('list', { name: '検索履歴' });
    expect(within(list).getByRole('link', { name: 'ヘルメット' })).toHaveAttribute(
      'href',
      '/product?keyword=%E3%83%98%E3%83%AB%E3%83%A1%E3%83%83%E3%83%88',
    );
    expect(within(list).getByText('2026.11.20 10:05')).toBeInTheDocument();
    expect(new URL(fake.callsTo('/v1/me/product-search-histories')[0]!.url).searchParams.get('page')).toBe('2');
    expect(screen.getByText('全12件')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: '検索履歴のページ送り' });
    expect(within(pager).getByRole('link', { name: '1ページ目' })).toHaveAttribute(
      'href',
      '/mypage/product_search_history',
    );

    await user.click(screen.getByRole('button', { name: '「ヘルメット」を検索履歴から削除' }));

    await waitFor(() => expect(screen.getByText('全11件')).toBeInTheDocument());
    expect(within(list).queryByRole('link', { name: 'ヘルメット' })).not.toBeInTheDocument();
  });
});

describe('/mypage/product_request_history', () => {
  it('shows each request with its product and message, and deletes one', async () => {
    logIn();
    const user = userEvent.setup();
    const fake = createSiteFake()
      .on(
        'GET',
        '/v1/me/product-request-histories',
        json(
          {
            data: [
              {
                id: 'r1',
                product: product(5),
                name: '山田 太郎',
                email: 'member@example.com',
                body: '再入荷したら購入したいです。',
                created_at: '2026-11-18T03:00:00Z',
              },
              {
                id: 'r2',
                product: null,
                name: '山田 太郎',
                email: 'member@example.com',
                body: '冬用のネックウォーマーを扱ってください。',
                created_at: '2026-11-17T03:00:00Z',
              },
            ],
          },
          { headers: headers(2) },
        ),
      )
      .on('DELETE', '/v1/me/product-request-histories/r2', new Response(null, { status: 204 }));
    await renderApp('/mypage/product_request_history', fake);

    const list = await screen.findByRole('list', { name: '入荷リクエスト履歴' });
    expect(within(list).getByRole('link', { name: '商品5' })).toHaveAttribute('href', '/product/rp0005');
    expect(within(list).getByText('再入荷したら購入したいです。')).toBeInTheDocument();
    expect(within(list).getByRole('article', { name: '商品の指定なし' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '「商品の指定なし」の入荷リクエストを削除' }));

    await waitFor(() => expect(screen.getByText('全1件')).toBeInTheDocument());
    expect(within(list).queryByText('冬用のネックウォーマーを扱ってください。')).not.toBeInTheDocument();
  });
});
