/**
 * The data layer through the screens (spec 000 §9): with the shop's ANALYTICS.IS_USE on, the
 * product list, product page, カートに入れる, レジに進む and the complete page push GA4's
 * ecommerce events; with it off (the default) nothing is pushed.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cart, cartFake, gloves, line, TOKEN } from '../features/cart/cart-test-data';
import { storePurchaseData } from '../domain/cart/cart-store';
import { json, type FakeFetch } from '../test/fake-fetch';
import { createSiteFake, demoLayout, demoSettings, renderApp } from '../test/render-app';

function product(n: number) {
  return {
    id: `p${n}`,
    key: `rp${n}`,
    name: `商品${n}`,
    code: `CODE-${n}`,
    product_price: 1000 * n,
    before_price: null,
    tax_rate: 10,
    brand: { key: 'daytona', name: 'DAYTONA' },
    maker: null,
    categories: ['バイク用品', 'ウェア', 'グローブ', '冬用', '防水', '電熱'].map((name, i) => ({ key: `c${i}`, name })),
    image: null,
    is_favorite: false,
    stock_status: 'in_stock',
    is_on_sale: true,
  };
}

const detail = {
  ...product(7),
  description: '',
  images: [],
  product_model: {
    products: [{ key: 'v7', name: '商品7（M）', size: 'M', color: null, price: 7000, stock_status: 'in_stock' }],
  },
  sale_start: null,
  sale_end: null,
  review: { count: 0, average: null },
};

const headers = { 'x-total': '5', 'x-per-page': '15', 'x-last-page': '1', 'x-current-page': '1' };

function withCatalog(fake: FakeFetch): FakeFetch {
  return fake
    .on('GET', '/v1/layouts/product', { ...demoLayout, page: 'product' })
    .on('GET', '/v1/categories/hierarchy', { data: [] })
    .on('GET', '/v1/makers', { data: [] })
    .on('GET', '/v1/brands', { data: [] })
    .on('GET', '/v1/tags', { data: [] })
    .on('GET', '/v1/products', json({ data: [1, 2, 3, 4, 5].map(product) }, { headers }))
    .on('GET', '/v1/products/rp7', detail)
    .on('GET', '/v1/products/rp7/recommend', { data: [] })
    .on('GET', '/v1/products/rp7/accessories', { data: [] })
    .on('GET', '/v1/products/rp7/reviews', json({ data: [] }, { headers: { ...headers, 'x-total': '0' } }))
    .on('POST', '/v1/ecommerce_events', json({ id: 'e1', popup: null }, { status: 201 }));
}

const analyticsOn = (fake: FakeFetch) =>
  fake.on('GET', '/v1/settings/front', { ...demoSettings, 'ANALYTICS.IS_USE': true });

const events = () => (window.dataLayer ?? []).filter((e) => typeof e.event === 'string');
const eventNamed = (name: string) => events().find((e) => e.event === name);

describe('the analytics data layer in the screens', () => {
  it('pushes the list with its categories and the ad-partner listing of the first 3', async () => {
    window.dataLayer = undefined;
    await renderApp('/product', analyticsOn(withCatalog(createSiteFake())));
    await waitFor(() => expect(eventNamed('view_item_list')).toBeDefined());
    const list = eventNamed('view_item_list')!.ecommerce as {
      item_list_name: string;
      items: Record<string, unknown>[];
    };
    expect(list.item_list_name).toBe('商品一覧');
    expect(list.items).toHaveLength(5);
    expect(list.items[0]).toMatchObject({
      item_id: 'rp1',
      item_category: 'バイク用品',
      item_category4: '冬用',
      item_category5: '防水/電熱',
      price: 1000,
      index: 0,
    });
    expect(eventNamed('ad_partner_view_list')).toEqual({
      event: 'ad_partner_view_list',
      ad_partner: { items: ['rp1', 'rp2', 'rp3'] },
    });
  });

  it('pushes view_item and add_to_cart on the product page', async () => {
    window.dataLayer = undefined;
    const added = cart({
      products: [
        line({
          product_info: {
            ...line().product_info,
            product_key: 'rp7',
            variation_key: 'v7',
            name: '商品7',
            variation_name: 'M',
          },
          unit_price: 7000,
          quantity: 2,
        }),
      ],
    });
    const fake = analyticsOn(withCatalog(createSiteFake()))
      .on('POST', '/v1/carts/init', json(cart({ products: [] })))
      .on('PATCH', '/v1/carts/products/add', json(added));
    await renderApp('/product/rp7', fake);
    await waitFor(() => expect(eventNamed('view_item')).toBeDefined());
    expect(eventNamed('view_item')!.ecommerce).toMatchObject({
      currency: 'JPY',
      value: 7000,
      items: [{ item_id: 'rp7' }],
    });
    fireEvent.change(screen.getByLabelText('数量'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'カートに入れる' }));
    await waitFor(() => expect(eventNamed('add_to_cart')).toBeDefined());
    expect(eventNamed('add_to_cart')!.ecommerce).toEqual({
      currency: 'JPY',
      value: 14_000,
      items: [{ item_id: 'rp7', item_name: '商品7', item_variant: 'M', price: 7000, quantity: 2 }],
    });
  });

  it('pushes begin_checkout at レジに進む and the purchase on the complete page, once', async () => {
    window.dataLayer = undefined;
    const fake = analyticsOn(cartFake(cart()));
    const view = await renderApp('/cart', fake);
    fireEvent.click(await screen.findByRole('button', { name: 'レジに進む' }));
    await waitFor(() => expect(eventNamed('begin_checkout')).toBeDefined());
    expect(eventNamed('begin_checkout')!.ecommerce).toMatchObject({ currency: 'JPY', value: 9520 });
    expect((eventNamed('begin_checkout')!.ecommerce as { items: unknown[] }).items).toHaveLength(2);
    view.unmount();

    sessionStorage.setItem(
      'shop.cartDecisions',
      JSON.stringify([
        {
          order_no: 'RP9',
          cart_token: TOKEN,
          guest_token: null,
          payment_code: 'cod',
          total_payment: 9520,
          bank_account: null,
        },
      ]),
    );
    storePurchaseData({
      order_no: 'RP9',
      total_payment: 9520,
      event_id: 'ev-1',
      products: [{ product_key: 'rp0300', name: gloves.product_info.name, unit_price: 6480, quantity: 1 }],
    });
    fake
      .on('GET', '/v1/carts/order/RP9', json({ message: 'x' }, { status: 404 }))
      .on('GET', '/v1/ecommerce_events/ev-1', { id: 'ev-1', name: 'purchase', args: {}, order: null });
    const complete = await renderApp('/cart/complete?order_no=RP9', fake);
    await waitFor(() => expect(eventNamed('purchase')).toBeDefined());
    expect(eventNamed('purchase')!.ecommerce).toMatchObject({ transaction_id: 'RP9', currency: 'JPY', value: 9520 });
    complete.unmount();
    // A reload of the complete page does not count the order again.
    await renderApp('/cart/complete?order_no=RP9', fake);
    await waitFor(() => expect(fake.callsTo('/v1/ecommerce_events/ev-1')).toHaveLength(2));
    await new Promise((r) => setTimeout(r, 50));
    expect(events().filter((e) => e.event === 'purchase')).toHaveLength(1);
  });

  it('pushes nothing while the shop has analytics off', async () => {
    window.dataLayer = undefined;
    const fake = withCatalog(createSiteFake())
      .on('POST', '/v1/carts/init', json(cart({ products: [] })))
      .on('PATCH', '/v1/carts/products/add', json(cart()));
    await renderApp('/product/rp7', fake);
    fireEvent.click(await screen.findByRole('button', { name: 'カートに入れる' }));
    await waitFor(() => expect(fake.callsTo('/v1/carts/products/add')).toHaveLength(1));
    // Long enough for the layer's chunk to load and push, were it fetched.
    await new Promise((r) => setTimeout(r, 300));
    expect(window.dataLayer).toBeUndefined();
    expect(document.querySelector('script[src*="googletagmanager"]')).toBeNull();
  });
});
