import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-fetch';
import { BASE, createAdminFake, paged, type Role } from '../../test/render-admin';
import { configureAdminApi } from '../api/admin-client';
import { meQuery } from '../api/session-queries';
import { createAdminQueryClient } from '../app/admin-query-client';
import { ReviewsPage } from './reviews-page';
import type { AdminReview, ReviewCounts } from './reviews-types';

// ---- answers shaped like the API's -------------------------------------------------------------

function review(id: string, overrides: Partial<AdminReview> = {}): AdminReview {
  return {
    id,
    product_id: 'p-1',
    product_key: 'RP0100',
    product_code: 'JK-100',
    product_name: 'ライディングジャケット',
    rating: 4,
    title: `風を通さない ${id}`,
    body: '冬の朝でも寒くありません。\n袖が少し長めです。',
    nickname: '週末ライダー',
    is_purchaser: true,
    created_at: '2026-11-28T15:30:00Z',
    status: 'pending',
    version: 3,
    ...overrides,
  } as AdminReview;
}

const COUNTS: ReviewCounts = { pending: 2, published: 14, hidden: 1 };

/** A signed-in back office whose role may (owner) or may not edit the catalogue. */
function deskFake(role: Role = 'owner') {
  return createAdminFake(role)
    .on('GET', '/v1/admin/reviews/counts', COUNTS)
    .on('GET', '/v1/admin/reviews', () =>
      paged([review('r-1'), review('r-2', { is_purchaser: false, rating: 1, product_id: 'p-2' })], 2, 20),
    );
}

type DeskFake = ReturnType<typeof deskFake>;

/** What the router shows while the loader reads the session. */
function SigningIn() {
  return null;
}

/**
 * レビュー管理 alone on a memory router, signed in as the fake's role (the page's route and menu
 * entry belong to admin-routes.tsx; the desk is tested here on its own).
 */
function renderDesk(path = '/admin/catalog/reviews', fake: DeskFake = deskFake()) {
  configureAdminApi({ baseUrl: BASE, fetch: fake.fetch, onUnauthorized: () => {} });
  const queryClient = createAdminQueryClient();
  const router = createMemoryRouter(
    [
      {
        path: '/admin/catalog/reviews',
        loader: async () => {
          await queryClient.ensureQueryData(meQuery());
          return null;
        },
        Component: ReviewsPage,
        HydrateFallback: SigningIn,
      },
      { path: '/admin/products/:id', element: <h1>商品の編集</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, fake };
}

function lastListQuery(fake: DeskFake): URLSearchParams {
  return new URL(fake.callsTo('/v1/admin/reviews').at(-1)!.url).searchParams;
}

function card(title: string): HTMLElement {
  return screen.getByRole('article', { name: title });
}

// ---- the list ----------------------------------------------------------------------------------

describe('レビュー管理: the list', () => {
  it('opens on 承認待ち with its count and shows each review as a card', async () => {
    const { fake } = renderDesk();
    expect(await screen.findByRole('heading', { level: 1, name: 'レビュー管理' })).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'レビューの状態の絞り込み' });
    const pending = within(tabs).getByRole('link', { name: /^承認待ち/ });
    expect(pending).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(pending).toHaveTextContent('承認待ち2件'));
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['承認待ち2件', '公開中', '非公開', 'すべて']);

    const first = await screen.findByRole('article', { name: '風を通さない r-1' });
    expect(within(first).getByRole('img', { name: '5段階中4' })).toHaveTextContent('★★★★★');
    const body = within(first).getByText(/冬の朝でも寒くありません。/);
    expect(body.textContent).toBe('冬の朝でも寒くありません。\n袖が少し長めです。');
    expect(first).toHaveTextContent('週末ライダー');
    expect(within(first).getByText('購入者')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'ライディングジャケット' })).toHaveAttribute(
      'href',
      '/admin/products/p-1',
    );
    expect(first).toHaveTextContent('商品コード JK-100');
    // 15:30 UTC is half past midnight the next day in Japan.
    expect(first).toHaveTextContent('投稿日時 2026/11/29 00:30');
    expect(first).toHaveTextContent('承認待ち');

    const second = card('風を通さない r-2');
    expect(within(second).getByRole('img', { name: '5段階中1' })).toBeInTheDocument();
    expect(within(second).queryByText('購入者')).not.toBeInTheDocument();
    expect(within(second).getByRole('link', { name: 'ライディングジャケット' })).toHaveAttribute(
      'href',
      '/admin/products/p-2',
    );

    expect(Object.fromEntries(lastListQuery(fake))).toEqual({ status: 'pending', page: '1', per: '20' });
    expect(screen.getByRole('navigation', { name: 'ページ送り' })).toHaveTextContent('全2件（1 / 1ページ）');
    expect(document.title).toBe('レビュー管理（承認待ち） | 管理画面');
  });

  it('asks the server for each tab’s status and keeps the tab and keyword in the address', async () => {
    const user = userEvent.setup();
    const { router, fake } = renderDesk();
    const tabs = await screen.findByRole('navigation', { name: 'レビューの状態の絞り込み' });
    await screen.findByRole('article', { name: '風を通さない r-1' });

    for (const [label, status] of [
      ['公開中', 'published'],
      ['非公開', 'hidden'],
      ['すべて', 'all'],
    ] as const) {
      await user.click(within(tabs).getByRole('link', { name: label }));
      expect(router.state.location.search).toBe(`?status=${status}`);
      await waitFor(() => expect(lastListQuery(fake).get('status')).toBe(status));
      expect(within(tabs).getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
    }

    const search = screen.getByRole('form', { name: 'レビューの検索' });
    await user.type(within(search).getByLabelText('キーワード'), ' JK-100 ');
    await user.click(within(search).getByRole('button', { name: '検索' }));
    expect(router.state.location.search).toBe('?status=all&q=JK-100');
    await waitFor(() => expect(lastListQuery(fake).get('q')).toBe('JK-100'));
    expect(lastListQuery(fake).get('status')).toBe('all');

    await user.click(within(tabs).getByRole('link', { name: /^承認待ち/ }));
    expect(router.state.location.search).toBe('?q=JK-100');
    await waitFor(() => expect(lastListQuery(fake).get('status')).toBe('pending'));
    expect(lastListQuery(fake).get('q')).toBe('JK-100');
    expect(within(screen.getByRole('form', { name: 'レビューの検索' })).getByLabelText('キーワード')).toHaveValue(
      'JK-100',
    );
  });

  it('says so when no review matches', async () => {
    renderDesk(
      '/admin/catalog/reviews?status=hidden',
      deskFake().on('GET', '/v1/admin/reviews', () => paged([], 0)),
    );
    expect(await screen.findByText('該当するレビューはありません。')).toBeInTheDocument();
  });
});

// ---- the changes -------------------------------------------------------------------------------

describe('レビュー管理: publishing, hiding and deleting', () => {
  it('publishes a pending review with the version shown, then reads the list and the counts again', async () => {
    const user = userEvent.setup();
    const fake = deskFake().on('PUT', '/v1/admin/reviews/r-1/status', (request) =>
      request
        .clone()
        .json()
        .then((body: { version: number }) => json(review('r-1', { status: 'published', version: body.version + 1 }))),
    );
    renderDesk('/admin/catalog/reviews', fake);
    const first = await screen.findByRole('article', { name: '風を通さない r-1' });
    await waitFor(() => expect(fake.callsTo('/v1/admin/reviews/counts')).toHaveLength(1));
    const lists = fake.callsTo('/v1/admin/reviews').length;

    await user.click(within(first).getByRole('button', { name: '公開する' }));
    expect(await screen.findByText('「風を通さない r-1」を公開しました。')).toBeInTheDocument();
    const [put] = fake.callsTo('/v1/admin/reviews/r-1/status');
    expect(put!.method).toBe('PUT');
    expect(await put!.json()).toEqual({ status: 'published', version: 3 });
    await waitFor(() => expect(fake.callsTo('/v1/admin/reviews').length).toBeGreaterThan(lists));
    await waitFor(() => expect(fake.callsTo('/v1/admin/reviews/counts')).toHaveLength(2));
  });

  it('says the review is published though its card leaves 承認待ち', async () => {
    const user = userEvent.setup();
    let published = false;
    const fake = deskFake()
      .on('GET', '/v1/admin/reviews', () => paged(published ? [review('r-2')] : [review('r-1'), review('r-2')]))
      .on('PUT', '/v1/admin/reviews/r-1/status', () => {
        published = true;
        return json(review('r-1', { status: 'published', version: 4 }));
      });
    renderDesk('/admin/catalog/reviews', fake);
    const first = await screen.findByRole('article', { name: '風を通さない r-1' });
    await user.click(within(first).getByRole('button', { name: '公開する' }));
    expect(await screen.findByText('「風を通さない r-1」を公開しました。')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: '風を通さない r-1' })).not.toBeInTheDocument());
    expect(screen.getByText('「風を通さない r-1」を公開しました。')).toBeInTheDocument();
  });

  it('offers the buttons each state allows', async () => {
    renderDesk(
      '/admin/catalog/reviews?status=all',
      deskFake().on('GET', '/v1/admin/reviews', () =>
        paged([review('r-1'), review('r-2', { status: 'published' }), review('r-3', { status: 'hidden', rating: 5 })]),
      ),
    );
    const buttons = (title: string) =>
      within(card(title))
        .getAllByRole('button')
        .map((button) => button.textContent);
    await screen.findByRole('article', { name: '風を通さない r-1' });
    expect(buttons('風を通さない r-1')).toEqual(['公開する', '非公開にする', '削除']);
    expect(buttons('風を通さない r-2')).toEqual(['非公開にする', '削除']);
    expect(card('風を通さない r-2')).toHaveTextContent('公開中');
    expect(buttons('風を通さない r-3')).toEqual(['公開する', '削除']);
    expect(card('風を通さない r-3')).toHaveTextContent('非公開');
  });

  it('hides a review and sends its version', async () => {
    const user = userEvent.setup();
    const fake = deskFake().on('PUT', '/v1/admin/reviews/r-2/status', json(review('r-2', { status: 'hidden' })));
    renderDesk('/admin/catalog/reviews', fake);
    const second = await screen.findByRole('article', { name: '風を通さない r-2' });
    await user.click(within(second).getByRole('button', { name: '非公開にする' }));
    expect(await screen.findByText('「風を通さない r-2」を非公開にしました。')).toBeInTheDocument();
    expect(await fake.callsTo('/v1/admin/reviews/r-2/status')[0]!.json()).toEqual({ status: 'hidden', version: 3 });
  });

  it('says someone else changed the review first on a 409, and reads the list again on request', async () => {
    const user = userEvent.setup();
    const fake = deskFake().on('PUT', '/v1/admin/reviews/r-1/status', () =>
      json({ code: 'catalog.review.stale', message: 'このレビューは他の担当者が変更しました。' }, { status: 409 }),
    );
    renderDesk('/admin/catalog/reviews', fake);
    const first = await screen.findByRole('article', { name: '風を通さない r-1' });
    await user.click(within(first).getByRole('button', { name: '公開する' }));

    const alert = await within(first).findByRole('alert');
    expect(alert).toHaveTextContent(/他の担当者がこのレビューを先に変更しました。最新の内容を読み込んで/);
    const lists = fake.callsTo('/v1/admin/reviews').length;
    await user.click(within(alert).getByRole('button', { name: '最新の内容を読み込む' }));
    expect(await screen.findByText('最新の内容を読み込みました。')).toBeInTheDocument();
    expect(fake.callsTo('/v1/admin/reviews').length).toBeGreaterThan(lists);
    expect(within(card('風を通さない r-1')).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('deletes a review only after the question, with its version', async () => {
    const user = userEvent.setup();
    const fake = deskFake().on('DELETE', '/v1/admin/reviews/r-1', () => new Response(null, { status: 204 }));
    renderDesk('/admin/catalog/reviews', fake);
    const first = await screen.findByRole('article', { name: '風を通さない r-1' });

    await user.click(within(first).getByRole('button', { name: '削除' }));
    let dialog = screen.getByRole('dialog', { name: 'レビューを削除' });
    expect(dialog).toHaveTextContent(
      '週末ライダーさんのレビュー「風を通さない r-1」（ライディングジャケット）を削除します。',
    );
    await user.click(within(dialog).getByRole('button', { name: 'やめる' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fake.callsTo('/v1/admin/reviews/r-1')).toHaveLength(0);

    await user.click(within(first).getByRole('button', { name: '削除' }));
    dialog = screen.getByRole('dialog', { name: 'レビューを削除' });
    await user.click(within(dialog).getByRole('button', { name: '削除する' }));
    expect(await screen.findByText('「風を通さない r-1」を削除しました。')).toBeInTheDocument();
    const [call] = fake.callsTo('/v1/admin/reviews/r-1');
    expect(call!.method).toBe('DELETE');
    expect(new URL(call!.url).searchParams.get('version')).toBe('3');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows read-only roles the reviews without any button', async () => {
    const fake = deskFake('order_clerk');
    renderDesk('/admin/catalog/reviews', fake);
    const first = await screen.findByRole('article', { name: '風を通さない r-1' });
    expect(first).toHaveTextContent('承認待ち');
    expect(screen.getByText('レビューを公開・非公開にする権限がないため、閲覧のみできます。')).toBeInTheDocument();
    for (const name of ['公開する', '非公開にする', '削除']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });
});
