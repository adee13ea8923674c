/**
 * The data layer behind domain/analytics/analytics (its own chunk): GA4 ecommerce events
 * (view_item_list, view_item, add_to_cart, begin_checkout, purchase) and the ad-partner listing,
 * pushed to `window.dataLayer` once the settings, the cart token and the login check are there
 * (domain/analytics/readiness: 100 ms steps up to 3 s). Spec 000 §9: an item's categories keep the
 * first 4 and join the rest into the 5th (GA4 has five levels); the ad-partner listing names the
 * first 3 products of a list. With a Google Tag Manager container set, its script is loaded once.
 * Items are named by product key, the id the shop's URLs use. Pushes fail silently (§8).
 */
import { analyticsEnabled, cachedSettings, GTM_SETTING, type AnalyticsEvent, type TrackedLine } from './analytics';
import type { ProductItem } from '../../api/types';
import { whenAppReady } from './readiness';
import { local, readStorage, writeStorage } from '../../lib/storage';

export const CURRENCY = 'JPY';
export const CATEGORY_LEVELS = 5;
export const AD_PARTNER_LIST_SIZE = 3;
/** What joins the categories past the fourth into the fifth level. */
export const CATEGORY_JOINER = '/';
/** Orders whose purchase was pushed already (a reload of the complete page pushes none again). */
export const TRACKED_ORDERS_KEY = 'shop.analytics.orders';
const TRACKED_ORDERS_KEPT = 20;

export type DataLayerEntry = Record<string, unknown>;

declare global {
  interface Window {
    dataLayer?: DataLayerEntry[];
  }
}

/** item_category … item_category5: the first four as they are, the rest joined into the fifth. */
export function itemCategories(names: readonly string[]): Record<string, string> {
  const levels = [...names.slice(0, CATEGORY_LEVELS - 1)];
  const rest = names.slice(CATEGORY_LEVELS - 1);
  if (rest.length > 0) levels.push(rest.join(CATEGORY_JOINER));
  return Object.fromEntries(levels.map((name, i) => [i === 0 ? 'item_category' : `item_category${i + 1}`, name]));
}

/** The ad-partner listing: the keys of the list's first three products. */
export function adPartnerItems(products: readonly ProductItem[]): string[] {
  return products.slice(0, AD_PARTNER_LIST_SIZE).map((p) => p.key);
}

function productItem(product: ProductItem): DataLayerEntry {
  return {
    item_id: product.key,
    item_name: product.name,
    ...(product.brand ? { item_brand: product.brand.name } : {}),
    ...itemCategories(product.categories.map((c) => c.name)),
    price: product.product_price,
  };
}

function lineItem(line: TrackedLine): DataLayerEntry {
  return {
    item_id: line.product_key,
    item_name: line.name,
    ...(line.variation_name ? { item_variant: line.variation_name } : {}),
    price: line.unit_price,
    quantity: line.quantity,
  };
}

/** The data layer entries of one event (each ecommerce event clears the previous ecommerce object first, as GA4 asks). */
export function dataLayerEntries(event: AnalyticsEvent): DataLayerEntry[] {
  const ecommerce = (name: string, body: DataLayerEntry): DataLayerEntry[] => [
    { ecommerce: null },
    { event: name, ecommerce: body },
  ];
  switch (event.name) {
    case 'view_item_list':
      if (event.products.length === 0) return [];
      return [
        ...ecommerce('view_item_list', {
          item_list_id: event.listId,
          item_list_name: event.listName,
          items: event.products.map((p, index) => ({
            ...productItem(p),
            index,
            item_list_id: event.listId,
            item_list_name: event.listName,
          })),
        }),
        { event: 'ad_partner_view_list', ad_partner: { items: adPartnerItems(event.products) } },
      ];
    case 'view_item':
      return ecommerce('view_item', {
        currency: CURRENCY,
        value: event.product.product_price,
        items: [productItem(event.product)],
      });
    case 'add_to_cart':
      if (event.lines.length === 0) return [];
      return ecommerce('add_to_cart', {
        currency: CURRENCY,
        value: event.lines.reduce((sum, l) => sum + l.unit_price * l.quantity, 0),
        items: event.lines.map(lineItem),
      });
    case 'begin_checkout':
      return ecommerce('begin_checkout', { currency: CURRENCY, value: event.value, items: event.lines.map(lineItem) });
    case 'purchase':
      return ecommerce('purchase', {
        transaction_id: event.orderNo,
        currency: CURRENCY,
        value: event.value,
        items: event.lines.map(lineItem),
      });
  }
}

function trackedOrders(): string[] {
  try {
    const parsed = JSON.parse(readStorage(local(), TRACKED_ORDERS_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** True the first time `orderNo` is seen (and remembers it). */
function firstPurchaseOf(orderNo: string): boolean {
  const seen = trackedOrders();
  if (seen.includes(orderNo)) return false;
  writeStorage(local(), TRACKED_ORDERS_KEY, JSON.stringify([orderNo, ...seen].slice(0, TRACKED_ORDERS_KEPT)));
  return true;
}

const GTM_ID = /^GTM-[A-Z0-9]{4,12}$/;
let tagManagerLoaded = false;

/** Loads the shop's Google Tag Manager container once, when one is set. */
function connectTagManager(settings: Record<string, unknown> | undefined, layer: DataLayerEntry[]): void {
  const id = settings?.[GTM_SETTING];
  if (tagManagerLoaded || typeof id !== 'string' || !GTM_ID.test(id)) return;
  tagManagerLoaded = true;
  layer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`;
  document.head.appendChild(script);
}

/** Pushes `event` once the app is ready, if the shop's setting (then known) has analytics on. */
export async function pushEvent(event: AnalyticsEvent): Promise<void> {
  await whenAppReady();
  const settings = cachedSettings();
  if (!analyticsEnabled(settings)) return;
  try {
    if (event.name === 'purchase' && !firstPurchaseOf(event.orderNo)) return;
    window.dataLayer ??= [];
    const layer = window.dataLayer;
    connectTagManager(settings, layer);
    for (const entry of dataLayerEntries(event)) layer.push(entry);
  } catch {
    // Tracking pushes fail silently (spec 000 §8).
  }
}

/** For tests: forget that the container was loaded. */
export function resetTagManager(): void {
  tagManagerLoaded = false;
}
