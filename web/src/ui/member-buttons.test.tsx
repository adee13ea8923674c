import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { configureApi } from '../api/client';
import type { ProductItem } from '../api/types';
import { clearFavoriteFlags } from '../domain/favorites/favorites';
import { queryClient } from '../lib/query-client';
import { applyGrant, sessionStore } from '../api/session';
import { createFakeFetch, json, type FakeFetch } from '../test/fake-fetch';
import { BookmarkButton } from './bookmark-button';
import { SimpleProductCard } from './product-card';
import { AppToaster } from './toaster';

function item(n: number, extra: Partial<ProductItem> = {}): ProductItem {
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
    is_favorite: false,
    stock_status: 'in_stock',
    is_on_sale: true,
    ...extra,
  };
}

function show(ui: ReactNode, fake: FakeFetch, at = '/product?keyword=x') {
  configureApi({ baseUrl: 'http://shop.test', channel: 'demo', fetch: fake.fetch, navigate: () => undefined });
  const router = createMemoryRouter(
    [
      { path: '/product', element: ui },
      { path: '/news/:key', element: ui },
      { path: '/login', element: <h1>ログイン</h1> },
    ],
    { initialEntries: [at] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <AppToaster />
    </QueryClientProvider>,
  );
  return router;
}

/** A list of Simple's cards, as a product grid of the Simple theme shows them. */
function ProductGrid({ products, label }: { products: ProductItem[]; label: string }) {
  return (
    <ul aria-label={label}>
      {products.map((product) => (
        <li key={product.id}>
          <SimpleProductCard product={product} />
        </li>
      ))}
    </ul>
  );
}

const member = () => act(() => applyGrant({ access_token: 'tok', expires_in: 900 }));

afterEach(() => {
  queryClient.clear();
  clearFavoriteFlags();
});

describe('the favourite heart', () => {
  it('asks a visitor to log in and remembers where they were', async () => {
    const user = userEvent.setup();
    const fake = createFakeFetch();
    const router = show(<ProductGrid products={[item(1)]} label="商品一覧" />, fake);

    const heart = screen.getByRole('button', { name: 'お気に入りに追加' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await user.click(heart);

    expect(await screen.findByRole('heading', { name: 'ログイン' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login/');
    expect(sessionStore.get().redirectUrl).toBe('/product?keyword=x');
    expect(await screen.findByText('お気に入りをご利用いただくには、ログインしてください。')).toBeInTheDocument();
    expect(fake.calls).toHaveLength(0);
  });

  it('follows one press on every list on screen', async () => {
    member();
    const user = userEvent.setup();
    const fake = createFakeFetch().on('POST', '/v1/products/rp0001/likes', { product_id: 'p1', is_favorite: true });
    show(
      <>
        <ProductGrid products={[item(1), item(2)]} label="商品一覧" />
        <ProductGrid products={[item(1)]} label="最近チェックした商品" />
      </>,
      fake,
    );
    const list = screen.getByRole('list', { name: '商品一覧' });
    const recent = screen.getByRole('list', { name: '最近チェックした商品' });
    const card = (where: HTMLElement, name: string) => within(where).getByRole('article', { name });

    await user.click(within(card(list, '商品1')).getByRole('button', { name: 'お気に入りに追加' }));

    for (const where of [list, recent]) {
      const heart = within(card(where, '商品1')).getByRole('button', { name: 'お気に入りから削除' });
      expect(heart).toHaveAttribute('aria-pressed', 'true');
    }
    // Another product's heart does not move.
    expect(within(card(list, '商品2')).getByRole('button')).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(fake.callsTo('/v1/products/rp0001/likes')).toHaveLength(1));
  });

  it("goes back and shows the server's message when the server refuses", async () => {
    member();
    const user = userEvent.setup();
    const fake = createFakeFetch().on(
      'DELETE',
      '/v1/products/rp0001/likes',
      json({ message: '商品が見つかりません。' }, { status: 404 }),
    );
    show(<ProductGrid products={[item(1, { is_favorite: true })]} label="商品一覧" />, fake);

    await user.click(screen.getByRole('button', { name: 'お気に入りから削除' }));

    expect(await screen.findByText('商品が見つかりません。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'お気に入りから削除' })).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('the bookmark button', () => {
  it('is pressed when the page is bookmarked, and adds and removes it', async () => {
    member();
    const user = userEvent.setup();
    let saved: Record<string, unknown> | null = null;
    const fake = createFakeFetch()
      .on('GET', '/v1/me/bookmarks', json({ data: [] }))
      .on('POST', '/v1/me/bookmarks', async (request) => {
        saved = (await request.json()) as Record<string, unknown>;
        return json(
          { id: 'b1', url: '/news/n1', title: 'お知らせ', kind: 'news', created_at: '2026-11-20T01:00:00Z' },
          { status: 201 },
        );
      })
      .on('DELETE', '/v1/me/bookmarks/b1', new Response(null, { status: 204 }));
    show(<BookmarkButton url="/news/n1" title="お知らせ" />, fake, '/news/n1');

    const button = screen.getByRole('button', { name: 'ブックマーク' });
    await waitFor(() => expect(fake.callsTo('/v1/me/bookmarks')).toHaveLength(1));
    expect(new URL(fake.calls[0]!.url).searchParams.get('url')).toBe('/news/n1');
    expect(button).toHaveAttribute('aria-pressed', 'false');

    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    expect(saved).toEqual({ url: '/news/n1', title: 'お知らせ' });
    expect(await screen.findByText('ブックマークに追加しました')).toBeInTheDocument();

    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'false'));
    expect(fake.callsTo('/v1/me/bookmarks/b1')[0]!.method).toBe('DELETE');
  });

  it("shows the server's message when the bookmark is refused", async () => {
    member();
    const user = userEvent.setup();
    const fake = createFakeFetch()
      .on('GET', '/v1/me/bookmarks', json({ data: [] }))
      .on(
        'POST',
        '/v1/me/bookmarks',
        json({ message: 'ブックマークは200件まで登録できます。', code: 'bookmarks.limit_exceeded' }, { status: 422 }),
      );
    show(<BookmarkButton url="/news/n1" title="お知らせ" />, fake, '/news/n1');
    await waitFor(() => expect(fake.calls).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'ブックマーク' }));

    expect(await screen.findByText('ブックマークは200件まで登録できます。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ブックマーク' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('asks a visitor to log in without asking the server', async () => {
    const user = userEvent.setup();
    const fake = createFakeFetch();
    const router = show(<BookmarkButton url="/news/n1" title="お知らせ" />, fake, '/news/n1');

    await user.click(screen.getByRole('button', { name: 'ブックマーク' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login/'));
    expect(sessionStore.get().redirectUrl).toBe('/news/n1');
    expect(fake.calls).toHaveLength(0);
  });
});
