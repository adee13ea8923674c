import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Bookmark } from '../../api/types';
import { EXPIRY_KEY, TOKEN_KEY } from '../../api/session';
import { json } from '../../test/fake-fetch';
import { createSiteFake, renderApp } from '../../test/render-app';

function logIn(): void {
  localStorage.setItem(TOKEN_KEY, 'member-token');
  localStorage.setItem(EXPIRY_KEY, String(Date.now() + 600_000));
}

const bookmarks: Bookmark[] = [
  { id: 'b1', url: '/news/news-1', title: 'お知らせ1', kind: 'news', created_at: '2026-11-20T01:00:00Z' },
  {
    id: 'b2',
    url: '/product?keyword=%E3%83%98%E3%83%AB%E3%83%A1%E3%83%83%E3%83%88',
    title: '「ヘルメット」の検索結果',
    kind: 'product_search',
    created_at: '2026-11-19T01:00:00Z',
  },
];

function bookmarkFake() {
  return createSiteFake()
    .on('GET', '/v1/me/bookmarks', (request) => {
      const kind = new URL(request.url).searchParams.get('kind');
      const data = bookmarks.filter((b) => !kind || b.kind === kind);
      return json(
        { data },
        {
          headers: { 'x-total': String(data.length), 'x-per-page': '10', 'x-last-page': '1', 'x-current-page': '1' },
        },
      );
    })
    .on('DELETE', '/v1/me/bookmarks/b1', new Response(null, { status: 204 }));
}

describe('/mypage/bookmark', () => {
  it('lists the bookmarks with their kind and date, each a link to its page', async () => {
    logIn();
    await renderApp('/mypage/bookmark', bookmarkFake());

    const list = await screen.findByRole('list', { name: 'ブックマーク一覧' });
    expect(within(list).getByRole('link', { name: 'お知らせ1' })).toHaveAttribute('href', '/news/news-1');
    expect(within(list).getByRole('link', { name: '「ヘルメット」の検索結果' })).toHaveAttribute(
      'href',
      bookmarks[1]!.url,
    );
    expect(within(list).getByText('商品検索')).toBeInTheDocument();
    expect(within(list).getByText('2026.11.20')).toBeInTheDocument();
    expect(screen.getByText('全2件')).toBeInTheDocument();
    const kinds = screen.getByRole('navigation', { name: 'ブックマークの種類' });
    expect(within(kinds).getByRole('link', { name: 'すべて' })).toHaveAttribute('aria-current', 'page');
  });

  it('filters by kind through the URL', async () => {
    logIn();
    const user = userEvent.setup();
    const { fake, router } = await renderApp('/mypage/bookmark', bookmarkFake());
    const kinds = await screen.findByRole('navigation', { name: 'ブックマークの種類' });

    await user.click(within(kinds).getByRole('link', { name: 'ニュース' }));

    await waitFor(() => expect(router.state.location.search).toBe('?kind=news'));
    await waitFor(() => expect(screen.getByText('全1件')).toBeInTheDocument());
    expect(new URL(fake.callsTo('/v1/me/bookmarks').at(-1)!.url).searchParams.get('kind')).toBe('news');
    expect(within(kinds).getByRole('link', { name: 'ニュース' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('link', { name: '「ヘルメット」の検索結果' })).not.toBeInTheDocument();
  });

  it('deletes one: it leaves the list and the count drops', async () => {
    logIn();
    const user = userEvent.setup();
    const { fake } = await renderApp('/mypage/bookmark', bookmarkFake());

    await user.click(await screen.findByRole('button', { name: '「お知らせ1」をブックマークから削除' }));

    await waitFor(() => expect(screen.getByText('全1件')).toBeInTheDocument());
    expect(screen.queryByRole('link', { name: 'お知らせ1' })).not.toBeInTheDocument();
    expect(fake.callsTo('/v1/me/bookmarks/b1')[0]!.method).toBe('DELETE');
  });

  it('offers the bookmark button on a news article', async () => {
    logIn();
    const fake = bookmarkFake();
    await renderApp('/news/news-1', fake);

    const button = await screen.findByRole('button', { name: 'ブックマーク' });
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    expect(new URL(fake.callsTo('/v1/me/bookmarks')[0]!.url).searchParams.get('url')).toBe('/news/news-1');
  });
});
