import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-fetch';
import { createSiteFake, demoLayout, renderApp } from '../../test/render-app';

const message = (code: string, body: string, title: string | null = null) => ({
  code,
  title,
  body,
  updated_at: '2026-11-01T00:00:00Z',
});

const messages = [
  message('product', '適合車種は必ずご確認のうえご注文ください。'),
  message('pre_order_info_1', '予約商品は発売日以降の発送となります。', '予約商品について'),
  message('pre_order_info_2', '予約商品と通常商品を同時にご注文の場合、まとめての発送となります。'),
];

function product(over: Record<string, unknown> = {}) {
  return {
    id: 'p1',
    key: 'rp0001',
    name: 'LEDヘッドライトバルブ',
    code: 'DT-995',
    product_price: 9980,
    before_price: null,
    tax_rate: 10,
    brand: null,
    maker: null,
    categories: [],
    image: null,
    images: [],
    is_favorite: false,
    stock_status: 'in_stock',
    is_on_sale: true,
    description: '説明',
    product_model: {
      products: [
        { key: 'v1', name: 'H4', size: null, color: null, price: 9980, stock_status: 'in_stock', max_quantity: 5 },
      ],
    },
    sale_start: null,
    sale_end: null,
    review: { count: 0, average: null },
    ...over,
  };
}

function fake(detail: ReturnType<typeof product>) {
  return createSiteFake()
    .on('GET', '/v1/messages', { data: messages })
    .on('GET', '/v1/layouts/product', { ...demoLayout, page: 'product' })
    .on('GET', '/v1/categories/hierarchy', { data: [] })
    .on('GET', '/v1/products/rp0001', detail)
    .on('GET', '/v1/products/rp0001/recommend', { data: [] })
    .on('GET', '/v1/products/rp0001/accessories', { data: [] })
    .on('GET', '/v1/products/rp0001/reviews', json({ data: [] }));
}

describe('notice slots of the product page', () => {
  it('shows the shop’s product notice with the description, and no pre-order notice for a product on sale', async () => {
    await renderApp('/product/rp0001', fake(product()));
    const description = (await screen.findByRole('heading', { level: 2, name: '商品説明' })).closest('section')!;
    expect(await within(description).findByText('適合車種は必ずご確認のうえご注文ください。')).toBeInTheDocument();
    expect(screen.queryByText('予約商品は発売日以降の発送となります。')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '予約商品について' })).not.toBeInTheDocument();
  });

  it('shows both pre-order notices on an announced product, and a closed one stays closed', async () => {
    const announced = product({ is_on_sale: false, sale_start: '2099-01-01T00:00:00Z' });
    const first = await renderApp('/product/rp0001', fake(announced));
    const preOrder = await screen.findByRole('region', { name: '予約商品について' });
    expect(preOrder).toHaveTextContent('予約商品は発売日以降の発送となります。');
    expect(screen.getByText('予約商品と通常商品を同時にご注文の場合、まとめての発送となります。')).toBeInTheDocument();
    within(preOrder).getByRole('button', { name: '「予約商品について」を閉じる' }).click();
    expect(
      await screen.findByText('予約商品と通常商品を同時にご注文の場合、まとめての発送となります。'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '予約商品について' })).not.toBeInTheDocument();
    first.unmount();

    await renderApp('/product/rp0001', fake(announced));
    await screen.findByText('予約商品と通常商品を同時にご注文の場合、まとめての発送となります。');
    expect(screen.queryByRole('region', { name: '予約商品について' })).not.toBeInTheDocument();
  });
});
