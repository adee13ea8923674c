import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../test/fake-fetch';
import { createSiteFake, demoLayout, renderApp } from '../../test/render-app';

function item(key: string, name: string, extra: Record<string, unknown> = {}) {
  return {
    id: `id-${key}`,
    key,
    name,
    code: key.toUpperCase(),
    product_price: 1980,
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

function variation(key: string, name: string, stock = 'in_stock') {
  return { key, name, size: null, color: null, price: 1980, stock_status: stock, max_quantity: 10 };
}

function detail(key: string, name: string, variations: ReturnType<typeof variation>[]) {
  return {
    ...item(key, name),
    description: '説明',
    images: [],
    product_model: { products: variations },
    sale_start: null,
    sale_end: null,
    review: { count: 0, average: null },
  };
}

const helmet = detail('helmet', 'フルフェイスヘルメット', [variation('helmet-m', 'フルフェイスヘルメット（M）')]);
const cleaner = detail('cleaner', 'パーツクリーナー', [variation('cleaner-1', 'パーツクリーナー 840ml')]);
const intercom = detail('intercom', 'バイク用インカム', [
  variation('intercom-1', 'バイク用インカム（1台）'),
  variation('intercom-2', 'バイク用インカム（2台セット）'),
  variation('intercom-0', 'バイク用インカム（旧型）', 'out_of_stock'),
]);

type Line = { key: string; parent_key: string | null; quantity: number; product_info: { variation_key: string } };

function cartOf(lines: Line[]) {
  return {
    token: 'cart-1',
    order_no: null,
    removed_products: [],
    detail: { products: lines, shippings: [], coupons: [] },
  };
}

function accessoryFake(refuse: string | null = null) {
  const lines: Line[] = [];
  return createSiteFake()
    .on('GET', '/v1/layouts/product', { ...demoLayout, page: 'product' })
    .on('GET', '/v1/categories/hierarchy', { data: [] })
    .on('GET', '/v1/products/helmet', helmet)
    .on('GET', '/v1/products/cleaner', cleaner)
    .on('GET', '/v1/products/intercom', intercom)
    .on('GET', '/v1/products/helmet/recommend', { data: [] })
    .on('GET', '/v1/products/helmet/reviews', json({ data: [] }))
    .on('GET', '/v1/products/helmet/accessories', {
      data: [
        { ...item('intercom', 'バイク用インカム'), product_model: intercom.product_model },
        { ...item('cleaner', 'パーツクリーナー', { product_price: 880 }), product_model: cleaner.product_model },
        {
          ...item('sold-out', '売り切れのシールド', { stock_status: 'out_of_stock' }),
          product_model: { products: [variation('sold-out-1', '売り切れのシールド', 'out_of_stock')] },
        },
      ],
    })
    .on('POST', '/v1/carts/init', cartOf(lines))
    .on('POST', '/v1/ecommerce_events', json({ id: 'e1', popup: null }, { status: 201 }))
    .on('PATCH', '/v1/carts/products/add', async (request) => {
      const body = (await request.json()) as { variation_key: string; quantity: number };
      lines.push({
        key: 'line-1',
        parent_key: null,
        quantity: body.quantity,
        product_info: { variation_key: body.variation_key },
      });
      return json(cartOf(lines));
    })
    .on('PATCH', '/v1/carts/accessories/add', async (request) => {
      const body = (await request.json()) as { key: string; variation_key: string; quantity: number };
      if (body.variation_key === refuse) {
        return json(
          { message: '入力内容に誤りがあります。', errors: { quantity: ['在庫が不足しています（残り 1 点）'] } },
          { status: 422 },
        );
      }
      lines.push({
        key: `acc-${body.variation_key}`,
        parent_key: body.key,
        quantity: body.quantity,
        product_info: { variation_key: body.variation_key },
      });
      return json(cartOf(lines));
    });
}

describe('accessories chosen on the product page', () => {
  it('go into the cart under the product’s line, in the product’s quantity', async () => {
    const fake = accessoryFake();
    await renderApp('/product/helmet', fake);

    const group = await screen.findByRole('group', { name: '一緒に購入するアクセサリー' });
    expect(within(group).getByRole('checkbox', { name: /売り切れのシールド/ })).toBeDisabled();
    fireEvent.click(within(group).getByRole('checkbox', { name: /パーツクリーナー/ }));
    fireEvent.click(within(group).getByRole('checkbox', { name: /バイク用インカム/ }));

    // The intercom has two items in stock: カートに入れる waits for the choice.
    const variant = await within(group).findByLabelText('「バイク用インカム」の種類');
    const button = screen.getByRole('button', { name: 'カートに入れる' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('アクセサリーの種類を選択してください。');
    expect(within(variant).queryByRole('option', { name: /旧型/ })).not.toBeInTheDocument();
    fireEvent.change(variant, { target: { value: 'intercom-2' } });
    expect(button).toBeEnabled();

    fireEvent.change(screen.getByLabelText('数量'), { target: { value: '2' } });
    await act(async () => {
      fireEvent.click(button);
    });
    expect(await screen.findByRole('link', { name: 'カートを見る' })).toHaveAttribute('href', '/cart');
    const bodies = await Promise.all(fake.callsTo('/v1/carts/accessories/add').map((r) => r.json()));
    expect(bodies).toEqual([
      { token: 'cart-1', key: 'line-1', variation_key: 'intercom-2', quantity: 2 },
      { token: 'cart-1', key: 'line-1', variation_key: 'cleaner-1', quantity: 2 },
    ]);
    // Product and accessories are counted in the header.
    expect(screen.getByRole('link', { name: 'カート（6点）' })).toBeInTheDocument();
  });

  it('says which accessory the cart refused and keeps the product in it', async () => {
    const fake = accessoryFake('cleaner-1');
    await renderApp('/product/helmet', fake);
    const group = await screen.findByRole('group', { name: '一緒に購入するアクセサリー' });
    fireEvent.click(within(group).getByRole('checkbox', { name: /パーツクリーナー/ }));
    const button = screen.getByRole('button', { name: 'カートに入れる' });
    // The cleaner's single item is taken as soon as its details arrive.
    await vi.waitFor(() => expect(button).toBeEnabled());
    await act(async () => {
      fireEvent.click(button);
    });
    expect(
      await screen.findByText('「パーツクリーナー」はカートに追加できませんでした：在庫が不足しています（残り 1 点）'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'カートを見る' })).toBeInTheDocument();
    expect(fake.callsTo('/v1/carts/products/add')).toHaveLength(1);
  });

  it('adds only the product when no accessory is chosen', async () => {
    const fake = accessoryFake();
    await renderApp('/product/helmet', fake);
    await screen.findByRole('group', { name: '一緒に購入するアクセサリー' });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'カートに入れる' }));
    });
    expect(await screen.findByRole('link', { name: 'カートを見る' })).toBeInTheDocument();
    expect(fake.callsTo('/v1/carts/accessories/add')).toHaveLength(0);
    expect(fake.callsTo('/v1/products/cleaner')).toHaveLength(0);
  });
});
