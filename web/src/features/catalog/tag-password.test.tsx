import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-fetch';
import { createSiteFake, demoLayout, renderApp } from '../../test/render-app';
import { TAG_GRANTS_KEY } from './tag-grants';

const GRANT = 'grant-token-1';

function item(n: number) {
  return {
    id: `p${n}`,
    key: `rp${n}`,
    name: `会員価格の商品${n}`,
    code: `CODE-${n}`,
    product_price: 1000 * n,
    before_price: null,
    tax_rate: 10,
    brand: null,
    maker: null,
    categories: [],
    image: null,
    is_favorite: false,
    stock_status: 'in_stock',
    is_on_sale: true,
  };
}

const pages = { 'x-total': '2', 'x-per-page': '15', 'x-last-page': '1', 'x-current-page': '1' };

/** The server's rule: the protected tag's list answers only with the grant its password gave. */
function tagFake(expiresAt = '2099-01-01T00:00:00Z') {
  return createSiteFake()
    .on('GET', '/v1/layouts/product', { ...demoLayout, page: 'product' })
    .on('GET', '/v1/categories/hierarchy', { data: [] })
    .on('GET', '/v1/makers', { data: [] })
    .on('GET', '/v1/brands', { data: [] })
    .on('GET', '/v1/tags', {
      data: [
        { id: 't1', key: 'sale', name: 'セール', is_protected: false },
        { id: 't2', key: 'members-sale', name: '会員限定セール', is_protected: true },
      ],
    })
    .on('GET', '/v1/products', (request) => {
      const tag = new URL(request.url).searchParams.get('tag');
      if (tag === 'members-sale' && request.headers.get('X-Tag-Grant') !== GRANT) {
        return json(
          { message: 'このタグの商品を見るにはパスワードの入力が必要です。', code: 'tag.password.required' },
          { status: 403 },
        );
      }
      return json({ data: [item(1), item(2)] }, { headers: pages });
    })
    .on('POST', '/v1/tags/password', async (request) => {
      const body = (await request.json()) as { tag_key: string; password: string };
      if (body.tag_key !== 'members-sale') return json({ message: 'Not Found' }, { status: 404 });
      if (body.password !== 'ride-members') {
        return json(
          { message: '入力内容に誤りがあります。', errors: { password: ['パスワードが正しくありません。'] } },
          { status: 422 },
        );
      }
      return json({ tag: { key: 'members-sale', name: '会員限定セール' }, grant_token: GRANT, expires_at: expiresAt });
    });
}

async function typePassword(value: string) {
  fireEvent.change(screen.getByLabelText(/^パスワード/), { target: { value } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: '商品を表示する' }));
  });
}

describe('a protected tag’s product list', () => {
  it('asks for the password, says when it is wrong, and opens with the right one', async () => {
    const fake = tagFake();
    await renderApp('/product?tag=members-sale', fake);

    const form = await screen.findByRole('form', { name: '「会員限定セール」はパスワードで保護されています' });
    expect(screen.queryByRole('list', { name: '商品一覧' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '会員限定セールの商品一覧' })).toBeInTheDocument();

    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: '商品を表示する' }));
    });
    expect(within(form).getByLabelText(/^パスワード/)).toHaveAccessibleDescription('パスワードを入力してください。');
    expect(fake.callsTo('/v1/tags/password')).toHaveLength(0);

    await typePassword('wrong');
    expect(await within(form).findByText('パスワードが正しくありません。')).toBeInTheDocument();
    expect(within(form).getByLabelText(/^パスワード/)).toHaveFocus();

    await typePassword('ride-members');
    const list = await screen.findByRole('list', { name: '商品一覧' });
    expect(within(list).getByRole('link', { name: '会員価格の商品1' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: /パスワードで保護されています/ })).not.toBeInTheDocument();
    expect(await fake.callsTo('/v1/tags/password').at(-1)!.json()).toEqual({
      tag_key: 'members-sale',
      password: 'ride-members',
    });
    expect(fake.callsTo('/v1/products').at(-1)!.headers.get('X-Tag-Grant')).toBe(GRANT);
  });

  it('keeps the list open in this tab while the grant lasts', async () => {
    window.sessionStorage.setItem(
      TAG_GRANTS_KEY,
      JSON.stringify({ 'members-sale': { token: GRANT, expiresAt: Date.now() + 60_000 } }),
    );
    const fake = tagFake();
    await renderApp('/product?tag=members-sale&page=1', fake);

    expect(await screen.findByRole('list', { name: '商品一覧' })).toBeInTheDocument();
    expect(fake.callsTo('/v1/tags/password')).toHaveLength(0);
  });

  it('asks again once the grant has expired, and sends no grant with other lists', async () => {
    window.sessionStorage.setItem(
      TAG_GRANTS_KEY,
      JSON.stringify({ 'members-sale': { token: GRANT, expiresAt: Date.now() - 1 } }),
    );
    const fake = tagFake();
    await renderApp('/product?tag=members-sale', fake);
    expect(await screen.findByRole('form', { name: /パスワードで保護されています/ })).toBeInTheDocument();
    expect(fake.callsTo('/v1/products').at(-1)!.headers.get('X-Tag-Grant')).toBeNull();
    expect(window.sessionStorage.getItem(TAG_GRANTS_KEY)).toBeNull();

    const other = tagFake();
    await renderApp('/product?tag=sale', other);
    expect(await screen.findByRole('list', { name: '商品一覧' })).toBeInTheDocument();
    expect(other.callsTo('/v1/products').at(-1)!.headers.get('X-Tag-Grant')).toBeNull();
  });

  it('marks protected tags in the filter form', async () => {
    await renderApp('/product', tagFake());
    expect(await screen.findByRole('option', { name: '会員限定セール（パスワード入力が必要）' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'セール' })).toBeInTheDocument();
  });
});
