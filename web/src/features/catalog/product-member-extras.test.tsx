/** The product page's size suggestion and review form (docs/member-area-api.md). */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Measurement, SizeChart } from '../../api/types';
import { EXPIRY_KEY, TOKEN_KEY, sessionStore } from '../../api/session';
import { json, type FakeFetch } from '../../test/fake-fetch';
import { createSiteFake, demoLayout, renderApp } from '../../test/render-app';

function logIn(): void {
  localStorage.setItem(TOKEN_KEY, 'member-token');
  localStorage.setItem(EXPIRY_KEY, String(Date.now() + 600_000));
}

const helmetChart: SizeChart = {
  purpose: 'helmet',
  measure: 'head',
  measure_name: '頭囲',
  unit: 'cm',
  sizes: [
    { label: 'S', min: 55, max: 57 },
    { label: 'M', min: 57, max: 59 },
    { label: 'L', min: 59, max: 61 },
    { label: 'XL', min: 61, max: 63 },
  ],
};

function helmet(over: Record<string, unknown> = {}) {
  return {
    id: 'p640',
    key: 'rp0640',
    name: 'SHOEI Z-8 フルフェイスヘルメット',
    code: 'SH-FF-Z8',
    product_price: 59400,
    before_price: null,
    tax_rate: 10,
    brand: { key: 'shoei', name: 'SHOEI' },
    maker: { key: 'shoei', name: 'SHOEI' },
    categories: [{ key: 'bike-helmet', name: 'ヘルメット' }],
    image: null,
    images: [],
    is_favorite: false,
    stock_status: 'in_stock',
    is_on_sale: true,
    description: 'フルフェイスヘルメットです。',
    product_model: {
      products: [{ key: 'z8-m', name: 'Z-8（M）', size: 'M', color: null, price: 59400, stock_status: 'in_stock' }],
    },
    sale_start: null,
    sale_end: null,
    review: { count: 1, average: 4 },
    size_chart: helmetChart,
    ...over,
  };
}

const review = {
  id: 'r1',
  rating: 4,
  title: 'かぶり心地が良い',
  body: '長時間のツーリングでも疲れにくいです。',
  nickname: '週末ライダー',
  is_purchaser: true,
  created_at: '2026-11-10T01:00:00Z',
};

const pages = (total: number) => ({
  'x-total': String(total),
  'x-per-page': '3',
  'x-last-page': String(Math.max(1, Math.ceil(total / 3))),
  'x-current-page': '1',
});

function productFake(product = helmet(), measurements: Measurement[] = []): FakeFetch {
  return createSiteFake()
    .on('GET', '/v1/me/user', { id: 'u1', last_name: '山田', first_name: '太郎' })
    .on('GET', '/v1/layouts/product', { ...demoLayout, page: 'product' })
    .on('GET', '/v1/categories/hierarchy', { data: [] })
    .on('GET', '/v1/products/rp0640', product)
    .on('GET', '/v1/products/rp0640/recommend', { data: [] })
    .on('GET', '/v1/products/rp0640/accessories', { data: [] })
    .on('GET', '/v1/products/rp0640/reviews', json({ data: [review] }, { headers: pages(1) }))
    .on('GET', '/v1/me/timeseries', json({ data: measurements }, { headers: { 'x-limit': '1' } }));
}

const head = (cm: number): Measurement => ({
  id: 't1',
  purpose: 'helmet',
  values: { head: cm },
  created_at: '2026-11-20T01:00:00Z',
});

describe('size suggestion', () => {
  it('names the member’s size from the latest measurement of the chart’s purpose', async () => {
    logIn();
    const fake = productFake(helmet(), [head(57)]);
    await renderApp('/product/rp0640', fake);

    expect(await screen.findByText('あなたのサイズ: M（頭囲 57cm）')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'サイズを変更する' })).toHaveAttribute('href', '/mypage/measurement/edit');
    expect(new URL(fake.callsTo('/v1/me/timeseries')[0]!.url).searchParams.get('purpose')).toBe('helmet');
    // The chart marks the size too.
    const row = screen.getByRole('row', { name: /^M/ });
    expect(row).toHaveTextContent('あなたのサイズ');
    expect(row).toHaveTextContent('57〜59cm未満');
  });

  it('says when no size fits', async () => {
    logIn();
    await renderApp('/product/rp0640', productFake(helmet(), [head(63)]));
    expect(await screen.findByText('あなたのサイズ（頭囲 63cm）に合うサイズがありません')).toBeInTheDocument();
  });

  it('leads a member without a measurement to record one', async () => {
    logIn();
    await renderApp('/product/rp0640', productFake(helmet(), []));
    expect(await screen.findByText(/頭囲を登録すると、あなたに合うサイズをお知らせします/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'サイズを登録する' })).toHaveAttribute('href', '/mypage/measurement/edit');
  });

  it('asks a visitor to log in, and never asks for their measurements', async () => {
    const fake = productFake(helmet(), [head(57)]);
    await renderApp('/product/rp0640', fake);
    expect(await screen.findByText(/ログインしてサイズを登録すると/)).toBeInTheDocument();
    expect(fake.callsTo('/v1/me/timeseries')).toHaveLength(0);
  });

  it('shows nothing on a product without a size chart', async () => {
    logIn();
    const fake = productFake(helmet({ size_chart: null }), [head(57)]);
    await renderApp('/product/rp0640', fake);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'SHOEI Z-8 フルフェイスヘルメット' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/あなたのサイズ/)).not.toBeInTheDocument();
    expect(fake.callsTo('/v1/me/timeseries')).toHaveLength(0);
  });
});

describe('reviews', () => {
  it('lists the reviews with the 購入者 badge and the average', async () => {
    await renderApp('/product/rp0640', productFake());
    const item = await screen.findByRole('article', { name: 'かぶり心地が良い' });
    expect(item).toHaveTextContent('週末ライダー');
    expect(item).toHaveTextContent('購入者');
    expect(screen.getByText('（1件のレビュー）')).toBeInTheDocument();
    expect(screen.getByText('4.0')).toBeInTheDocument();
  });

  it('asks a visitor to log in to write one, and brings them back', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp('/product/rp0640', productFake());
    expect(await screen.findByText(/レビューを書くにはログインしてください/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'レビューを書く' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'ログインしてレビューを書く' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/'));
    expect(sessionStore.get().redirectUrl).toBe('/product/rp0640');
  });

  async function openForm(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByRole('button', { name: 'レビューを書く' }));
    return screen.getByRole('form', { name: 'レビューを書く' });
  }

  async function fill(user: ReturnType<typeof userEvent.setup>, form: HTMLElement) {
    await user.click(within(form).getByRole('radio', { name: '星5つ' }));
    await user.type(within(form).getByLabelText(/^タイトル/), '最高のヘルメット');
    await user.type(within(form).getByLabelText(/^本文/), '軽くて静かで、風切り音がほとんどありません。');
  }

  it('posts a member’s review and refreshes the list', async () => {
    logIn();
    const user = userEvent.setup();
    const posted: unknown[] = [];
    const fake = productFake().on('POST', '/v1/products/p640/reviews', async (request) => {
      posted.push(await request.json());
      return json({ review: { ...review, id: 'r2' }, status: 'published' }, { status: 201 });
    });
    await renderApp('/product/rp0640', fake);

    const form = await openForm(user);
    expect(within(form).getByRole('radio', { name: '星1つ' })).toHaveFocus();
    await fill(user, form);
    await user.click(within(form).getByRole('button', { name: '投稿する' }));

    expect(await screen.findByText('レビューを投稿しました')).toHaveAttribute('role', 'status');
    expect(posted).toEqual([
      {
        review: {
          rating: 5,
          title: '最高のヘルメット',
          body: '軽くて静かで、風切り音がほとんどありません。',
          nickname: '',
        },
      },
    ]);
    await waitFor(() => expect(fake.callsTo('/v1/products/rp0640/reviews').length).toBeGreaterThan(1));
  });

  it('says a review waiting for the shop will be shown after its check', async () => {
    logIn();
    const user = userEvent.setup();
    const fake = productFake().on('POST', '/v1/products/p640/reviews', () =>
      json({ review, status: 'pending' }, { status: 201 }),
    );
    await renderApp('/product/rp0640', fake);
    const form = await openForm(user);
    await fill(user, form);
    await user.click(within(form).getByRole('button', { name: '投稿する' }));
    expect(await screen.findByText('レビューはショップの確認後に掲載されます')).toBeInTheDocument();
  });

  it('checks the form before sending', async () => {
    logIn();
    const user = userEvent.setup();
    const fake = productFake();
    await renderApp('/product/rp0640', fake);
    const form = await openForm(user);
    await user.type(within(form).getByLabelText(/^本文/), '短い');
    await user.click(within(form).getByRole('button', { name: '投稿する' }));
    expect(await within(form).findByText('評価を1〜5の星で選んでください。')).toBeInTheDocument();
    expect(within(form).getByText('タイトルを入力してください。')).toBeInTheDocument();
    expect(within(form).getByText('レビュー本文は10文字以上で入力してください。')).toBeInTheDocument();
    expect(within(form).getByRole('radio', { name: '星1つ' })).toHaveFocus();
    expect(fake.calls.filter((r) => r.method === 'POST' && r.url.includes('/reviews'))).toHaveLength(0);
  });

  it('puts the server’s messages on the fields', async () => {
    logIn();
    const user = userEvent.setup();
    const fake = productFake().on('POST', '/v1/products/p640/reviews', () =>
      json(
        { message: '入力内容に誤りがあります', errors: { 'review.body': ['使用できない表現が含まれています。'] } },
        { status: 422 },
      ),
    );
    await renderApp('/product/rp0640', fake);
    const form = await openForm(user);
    await fill(user, form);
    await user.click(within(form).getByRole('button', { name: '投稿する' }));
    expect(await within(form).findByText('使用できない表現が含まれています。')).toBeInTheDocument();
    expect(within(form).getByLabelText(/^本文/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText(/^本文/)).toHaveFocus();
  });

  it('shows the server’s words when the member has already reviewed the product', async () => {
    logIn();
    const user = userEvent.setup();
    const fake = productFake().on('POST', '/v1/products/p640/reviews', () =>
      json({ message: 'この商品のレビューは投稿済みです。', code: 'reviews.already_posted' }, { status: 422 }),
    );
    await renderApp('/product/rp0640', fake);
    const form = await openForm(user);
    await fill(user, form);
    await user.click(within(form).getByRole('button', { name: '投稿する' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('この商品のレビューは投稿済みです。');
    expect(screen.queryByRole('form', { name: 'レビューを書く' })).not.toBeInTheDocument();
  });
});
