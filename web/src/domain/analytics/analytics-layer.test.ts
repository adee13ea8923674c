import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsQuery } from '../site/site-queries';
import type { ProductItem } from '../../api/types';
import { demoSettings } from '../../test/render-app';
import { ANALYTICS_SETTING, GTM_SETTING, track } from './analytics';
import {
  TRACKED_ORDERS_KEY,
  adPartnerItems,
  dataLayerEntries,
  itemCategories,
  pushEvent,
  resetTagManager,
} from './analytics-layer';
import { queryClient } from '../../lib/query-client';
import { markLoginChecked } from '../../api/session';

function product(n: number, categories: string[] = ['バイク用品']): ProductItem {
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
    categories: categories.map((name, i) => ({ key: `c${i}`, name })),
    image: null,
    is_favorite: false,
    stock_status: 'in_stock',
    is_on_sale: true,
  };
}

const line = { product_key: 'rp1', name: '商品1', variation_name: 'M / ブラック', unit_price: 1000, quantity: 2 };

function settings(extra: Record<string, unknown> = {}) {
  queryClient.setQueryData(settingsQuery().queryKey, { ...demoSettings, ...extra } as never);
}

beforeEach(() => {
  queryClient.clear();
  resetTagManager();
  delete window.dataLayer;
  for (const script of document.head.querySelectorAll('script')) script.remove();
});

afterEach(() => {
  queryClient.clear();
  delete window.dataLayer;
  vi.useRealTimers();
});

describe('analytics item categories and the ad-partner listing', () => {
  it('keeps the first 4 categories and joins the rest into the 5th', () => {
    expect(itemCategories(['A', 'B'])).toEqual({ item_category: 'A', item_category2: 'B' });
    expect(itemCategories(['A', 'B', 'C', 'D', 'E'])).toEqual({
      item_category: 'A',
      item_category2: 'B',
      item_category3: 'C',
      item_category4: 'D',
      item_category5: 'E',
    });
    expect(itemCategories(['A', 'B', 'C', 'D', 'E', 'F', 'G'])).toEqual({
      item_category: 'A',
      item_category2: 'B',
      item_category3: 'C',
      item_category4: 'D',
      item_category5: 'E/F/G',
    });
    expect(itemCategories([])).toEqual({});
  });

  it('lists the first 3 products for the ad partner', () => {
    expect(adPartnerItems([1, 2, 3, 4, 5].map((n) => product(n)))).toEqual(['rp1', 'rp2', 'rp3']);
    expect(adPartnerItems([product(9)])).toEqual(['rp9']);
  });
});

describe('GA4 ecommerce shapes', () => {
  it('view_item_list: the list’s items with index and list, then the ad-partner listing', () => {
    const products = [1, 2, 3, 4].map((n) => product(n, ['A', 'B', 'C', 'D', 'E', 'F']));
    const entries = dataLayerEntries({ name: 'view_item_list', listId: '/product', listName: 'グローブ', products });
    expect(entries[0]).toEqual({ ecommerce: null });
    expect(entries[1]).toEqual({
      event: 'view_item_list',
      ecommerce: {
        item_list_id: '/product',
        item_list_name: 'グローブ',
        items: products.map((p, index) => ({
          item_id: p.key,
          item_name: p.name,
          item_brand: 'DAYTONA',
          item_category: 'A',
          item_category2: 'B',
          item_category3: 'C',
          item_category4: 'D',
          item_category5: 'E/F',
          price: p.product_price,
          index,
          item_list_id: '/product',
          item_list_name: 'グローブ',
        })),
      },
    });
    expect(entries[2]).toEqual({ event: 'ad_partner_view_list', ad_partner: { items: ['rp1', 'rp2', 'rp3'] } });
    expect(dataLayerEntries({ name: 'view_item_list', listId: '/product', listName: 'x', products: [] })).toEqual([]);
  });

  it('view_item, add_to_cart, begin_checkout and purchase in yen', () => {
    expect(dataLayerEntries({ name: 'view_item', product: product(3) })[1]).toEqual({
      event: 'view_item',
      ecommerce: {
        currency: 'JPY',
        value: 3000,
        items: [
          { item_id: 'rp3', item_name: '商品3', item_brand: 'DAYTONA', item_category: 'バイク用品', price: 3000 },
        ],
      },
    });
    const item = { item_id: 'rp1', item_name: '商品1', item_variant: 'M / ブラック', price: 1000, quantity: 2 };
    expect(dataLayerEntries({ name: 'add_to_cart', lines: [line] })[1]).toEqual({
      event: 'add_to_cart',
      ecommerce: { currency: 'JPY', value: 2000, items: [item] },
    });
    expect(dataLayerEntries({ name: 'begin_checkout', lines: [line], value: 2880 })[1]).toEqual({
      event: 'begin_checkout',
      ecommerce: { currency: 'JPY', value: 2880, items: [item] },
    });
    expect(dataLayerEntries({ name: 'purchase', orderNo: 'RP1', value: 2880, lines: [line] })[1]).toEqual({
      event: 'purchase',
      ecommerce: { transaction_id: 'RP1', currency: 'JPY', value: 2880, items: [item] },
    });
  });
});

describe('the data layer', () => {
  it('tracks nothing while the shop has analytics off: no chunk, no push, no script', async () => {
    settings();
    markLoginChecked();
    expect(track({ name: 'view_item', product: product(1) })).toBe(false);
    await pushEvent({ name: 'view_item', product: product(1) });
    expect(window.dataLayer).toBeUndefined();
    expect(document.head.querySelector('script')).toBeNull();
  });

  it('pushes once the settings, cart token and login check are there', async () => {
    vi.useFakeTimers();
    settings({ [ANALYTICS_SETTING]: true });
    const pushed = pushEvent({ name: 'view_item', product: product(1) });
    await vi.advanceTimersByTimeAsync(500);
    expect(window.dataLayer).toBeUndefined();
    markLoginChecked();
    await vi.advanceTimersByTimeAsync(100);
    await pushed;
    expect(window.dataLayer?.map((e) => e.event)).toEqual([undefined, 'view_item']);
    // No container set: the layer is there for the shop's own tag, no script is loaded.
    expect(document.head.querySelector('script')).toBeNull();
  });

  it('loads the shop’s Tag Manager container once, and only a well-formed id', async () => {
    markLoginChecked();
    settings({ [ANALYTICS_SETTING]: true, [GTM_SETTING]: 'GTM-"><x' });
    await pushEvent({ name: 'view_item', product: product(1) });
    expect(document.head.querySelector('script')).toBeNull();
    settings({ [ANALYTICS_SETTING]: true, [GTM_SETTING]: 'GTM-AB12CD' });
    await pushEvent({ name: 'view_item', product: product(1) });
    await pushEvent({ name: 'view_item', product: product(2) });
    const scripts = document.head.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.src).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD');
    expect(window.dataLayer?.filter((e) => e.event === 'gtm.js')).toHaveLength(1);
  });

  it('pushes an order’s purchase once', async () => {
    markLoginChecked();
    settings({ [ANALYTICS_SETTING]: true });
    await pushEvent({ name: 'purchase', orderNo: 'RP1', value: 2000, lines: [line] });
    await pushEvent({ name: 'purchase', orderNo: 'RP1', value: 2000, lines: [line] });
    await pushEvent({ name: 'purchase', orderNo: 'RP2', value: 1000, lines: [line] });
    expect(
      window.dataLayer
        ?.filter((e) => e.event === 'purchase')
        .map((e) => (e.ecommerce as { transaction_id: string }).transaction_id),
    ).toEqual(['RP1', 'RP2']);
    expect(JSON.parse(localStorage.getItem(TRACKED_ORDERS_KEY) ?? '[]')).toEqual(['RP2', 'RP1']);
  });
});
