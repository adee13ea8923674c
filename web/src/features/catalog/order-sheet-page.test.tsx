import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-fetch';
import { createSiteFake, demoLayout, renderApp } from '../../test/render-app';

const product = {
  id: 'p130',
  key: 'rp0130',
  name: 'ウインターグローブ',
  code: 'GL-01',
  product_price: 6480,
  before_price: null,
  tax_rate: 10,
  brand: null,
  maker: null,
  categories: [{ key: 'bike-glove', name: 'グローブ' }],
  image: null,
  is_favorite: false,
  stock_status: 'in_stock',
  is_on_sale: true,
  description: '冬用グローブです。',
  images: [],
  product_model: {
    products: [
      {
        key: 'm-bk',
        name: 'ウインターグローブ（M / ブラック）',
        size: 'M',
        color: 'ブラック',
        price: 6480,
        stock_status: 'in_stock',
      },
      {
        key: '3l-bk',
        name: 'ウインターグローブ（3L / ブラック）',
        size: '3L',
        color: 'ブラック',
        price: 7030,
        stock_status: 'out_of_stock',
      },
      {
        key: 'm-rd',
        name: 'ウインターグローブ（M / レッド）',
        size: 'M',
        color: 'レッド',
        price: 6480,
        stock_status: 'few',
      },
    ],
  },
  sale_start: null,
  sale_end: null,
  review: { count: 0, average: null },
};

const cart = (quantities: number[]) => ({
  token: 'cart-1',
  order_no: null,
  removed_products: [],
  detail: {
    products: quantities.map((quantity, i) => ({ key: `l${i}`, parent_key: null, quantity })),
    shippings: [],
    coupons: [],
  },
});

function sheetFake(detail: Record<string, unknown> = product) {
  return createSiteFake()
    .on('GET', '/v1/layouts/product', { ...demoLayout, page: 'product' })
    .on('GET', '/v1/categories/hierarchy', { data: [] })
    .on('GET', '/v1/products/rp0130', detail)
    .on('GET', '/v1/products/rp0130/recommend', { data: [] })
    .on('GET', '/v1/products/rp0130/accessories', { data: [] })
    .on('GET', '/v1/products/rp0130/reviews', json({ data: [] }, { headers: { 'x-total': '0' } }))
    .on('POST', '/v1/carts/init', cart([1]))
    .on('POST', '/v1/ecommerce_events', json({ id: 'e1', popup: null }, { status: 201 }));
}

const field = (name: string) => screen.getByRole('spinbutton', { name: `${name}の数量` });
const total = () => screen.getByRole('region', { name: '合計' });

async function atWidth<T>(width: number, run: () => Promise<T>): Promise<T> {
  const before = window.innerWidth;
  window.innerWidth = width;
  try {
    return await run();
  } finally {
    window.innerWidth = before;
  }
}

describe('/product/:key/uos', () => {
  it('shows colours × sizes as a table, sold-out and missing items unavailable, and the running total', async () => {
    await renderApp('/product/rp0130/uos', sheetFake());

    expect(await screen.findByRole('heading', { level: 1, name: 'まとめて注文' })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'パンくずリスト' });
    expect(within(crumbs).getByRole('link', { name: 'ウインターグローブ' })).toHaveAttribute('href', '/product/rp0130');
    const table = screen.getByRole('table', { name: 'カラー・サイズ別の数量' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['カラー＼サイズ', 'M', '3L']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['ブラック', 'レッド']);
    expect(within(table).getByText('取り扱いなし')).toBeInTheDocument();

    expect(field('ウインターグローブ（M / ブラック）')).toHaveAccessibleDescription('¥6,480在庫あり');
    expect(field('ウインターグローブ（M / レッド）')).toHaveAccessibleDescription('¥6,480残りわずか');
    const soldOut = field('ウインターグローブ（3L / ブラック）');
    expect(soldOut).toBeDisabled();
    expect(soldOut).toHaveAccessibleDescription('¥7,030在庫切れ');

    expect(total()).toHaveTextContent('0点¥0（税込）（内消費税 ¥0）');
    fireEvent.change(field('ウインターグローブ（M / ブラック）'), { target: { value: '2' } });
    fireEvent.change(field('ウインターグローブ（M / レッド）'), { target: { value: '1' } });
    expect(total()).toHaveTextContent('3点¥19,440（税込）（内消費税 ¥1,767）');
  });

  it('adds every entered quantity in one call and shows the cart count change', async () => {
    const fake = sheetFake().on('PATCH', '/v1/carts/products/add-set', cart([1, 2, 1]));
    await renderApp('/product/rp0130/uos', fake);

    fireEvent.change(await screen.findByRole('spinbutton', { name: 'ウインターグローブ（M / ブラック）の数量' }), {
      target: { value: '2' },
    });
    fireEvent.change(field('ウインターグローブ（M / レッド）'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'カートに入れる' }));

    const status = await screen.findByText(/3点をカートに追加しました/);
    expect(status).toHaveTextContent('3点をカートに追加しました（カートの商品：1点 → 4点）。カートを見る');
    expect(within(screen.getByRole('status')).getByRole('link', { name: 'カートを見る' })).toHaveAttribute(
      'href',
      '/cart',
    );
    expect(screen.getByRole('link', { name: 'カート（4点）' })).toBeInTheDocument();
    expect(fake.callsTo('/v1/carts/products/add-set')).toHaveLength(1);
    expect(await fake.callsTo('/v1/carts/products/add-set')[0]!.json()).toEqual({
      token: 'cart-1',
      items: [
        { variation_key: 'm-bk', quantity: 2 },
        { variation_key: 'm-rd', quantity: 1 },
      ],
    });
    // The sheet starts again from empty.
    expect(field('ウインターグローブ（M / ブラック）')).toHaveValue(null);
    expect(total()).toHaveTextContent('0点¥0');
  });

  it('shows the server’s message when an item is short of stock, and the cart keeps what it had', async () => {
    const fake = sheetFake().on(
      'PATCH',
      '/v1/carts/products/add-set',
      json(
        { message: '入力内容に誤りがあります', errors: { quantity: ['在庫が不足しています（残り 2 点）'] } },
        { status: 422 },
      ),
    );
    await renderApp('/product/rp0130/uos', fake);

    fireEvent.change(await screen.findByRole('spinbutton', { name: 'ウインターグローブ（M / ブラック）の数量' }), {
      target: { value: '1' },
    });
    fireEvent.change(field('ウインターグローブ（M / レッド）'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'カートに入れる' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('在庫が不足しています（残り 2 点）');
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(field('ウインターグローブ（M / レッド）')).toHaveValue(5);
    expect(screen.getByRole('link', { name: 'カート（1点）' })).toBeInTheDocument();
  });

  it('checks the entries before sending anything', async () => {
    const fake = sheetFake();
    await renderApp('/product/rp0130/uos', fake);

    fireEvent.click(await screen.findByRole('button', { name: 'カートに入れる' }));
    expect(screen.getByRole('alert')).toHaveTextContent('数量を1点以上入力してください。');

    const red = field('ウインターグローブ（M / レッド）');
    fireEvent.change(red, { target: { value: '150' } });
    expect(red).toBeInvalid();
    expect(red).toHaveAccessibleDescription('¥6,480残りわずか 99点以下で入力してください');
    fireEvent.click(screen.getByRole('button', { name: 'カートに入れる' }));
    expect(screen.getByRole('alert')).toHaveTextContent('数量の入力内容をご確認ください。');
    expect(red).toHaveFocus();
    expect(fake.callsTo('/v1/carts/products/add-set')).toHaveLength(0);
  });

  it('is a list on a phone, each field named by its item', async () => {
    await atWidth(375, async () => {
      await renderApp('/product/rp0130/uos', sheetFake());
      const list = await screen.findByRole('list', { name: '種類別の数量' });
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(within(list).getAllByRole('listitem')).toHaveLength(3);
      expect(
        within(list).getByRole('spinbutton', { name: 'ウインターグローブ（3L / ブラック）の数量' }),
      ).toBeDisabled();
      fireEvent.change(field('ウインターグローブ（M / ブラック）'), { target: { value: '3' } });
      expect(total()).toHaveTextContent('3点¥19,440（税込）');
    });
  });

  it('offers nothing outside the sale period', async () => {
    await renderApp(
      '/product/rp0130/uos',
      sheetFake({ ...product, is_on_sale: false, sale_start: '2099-01-01T00:00:00Z' }),
    );

    expect(await screen.findByRole('note')).toHaveTextContent('この商品は2099.01.01 9:00から販売開始予定です。');
    for (const name of ['ウインターグローブ（M / ブラック）', 'ウインターグローブ（M / レッド）']) {
      expect(field(name)).toBeDisabled();
      expect(field(name)).toHaveAccessibleDescription(/販売期間外/);
    }
    expect(screen.getByRole('button', { name: 'カートに入れる' })).toBeDisabled();
  });

  it('shows the 404 page for an unknown key', async () => {
    const fake = sheetFake().on(
      'GET',
      '/v1/products/nothing',
      json({ message: '商品が見つかりません。' }, { status: 404 }),
    );
    await renderApp('/product/nothing/uos', fake);

    expect(await screen.findByRole('heading', { name: '404 Not Found' })).toBeInTheDocument();
  });
});

describe('the product page’s まとめて注文 link', () => {
  it('is there for a product with two or more items', async () => {
    await renderApp('/product/rp0130', sheetFake());

    expect(await screen.findByRole('link', { name: 'まとめて注文' })).toHaveAttribute('href', '/product/rp0130/uos');
  });

  it('is not there for a product with one item', async () => {
    const single = { ...product, product_model: { products: [product.product_model.products[0]] } };
    await renderApp('/product/rp0130', sheetFake(single));

    expect(await screen.findByRole('heading', { level: 1, name: 'ウインターグローブ' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'まとめて注文' })).not.toBeInTheDocument();
  });
});
