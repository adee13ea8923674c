/**
 * The shop's analytics (spec 000 §8, §9): ecommerce events pushed to `window.dataLayer` in GA4's
 * shapes, for a tag manager the shop connects to GA4 — and nothing at all (no push, no script)
 * unless the shop's setting `ANALYTICS.IS_USE` is true. The work lives in a chunk of its own
 * (domain/analytics/analytics-layer) fetched the first time something is tracked with the setting
 * on, so a shop without analytics never downloads it. Tracking fails silently.
 */
import { settingsQuery } from '../site/site-queries';
import type { ProductItem } from '../../api/types';
import { queryClient } from '../../lib/query-client';

/** The front setting that turns the data layer on (true); absent or anything else: off. */
export const ANALYTICS_SETTING = 'ANALYTICS.IS_USE';
/** The Google Tag Manager container the data layer feeds (GTM-…), loaded only with the above on. */
export const GTM_SETTING = 'ANALYTICS.GTM_ID';

/** A cart line as tracking needs it (from a cart answer or the purchase data). */
export interface TrackedLine {
  product_key: string;
  name: string;
  variation_name?: string | null;
  unit_price: number;
  quantity: number;
}

/** What tracking reads of a cart line (the cart answer's `detail.products[]`). */
interface CartLineLike {
  unit_price: number;
  quantity: number;
  product_info: { product_key: string; name: string; variation_name?: string | null };
}

/** A cart line as tracked; `quantity` overrides the line's (an add tracks what was added). */
export function trackedLine(line: CartLineLike, quantity: number = line.quantity): TrackedLine {
  return {
    product_key: line.product_info.product_key,
    name: line.product_info.name,
    variation_name: line.product_info.variation_name ?? null,
    unit_price: line.unit_price,
    quantity,
  };
}

export type AnalyticsEvent =
  | { name: 'view_item_list'; listId: string; listName: string; products: readonly ProductItem[] }
  | { name: 'view_item'; product: ProductItem }
  | { name: 'add_to_cart'; lines: readonly TrackedLine[] }
  | { name: 'begin_checkout'; lines: readonly TrackedLine[]; value: number }
  | { name: 'purchase'; orderNo: string; value: number; lines: readonly TrackedLine[] };

type Settings = Record<string, unknown> | undefined;

export const cachedSettings = (): Settings =>
  queryClient.getQueryData(settingsQuery().queryKey) as Record<string, unknown> | undefined;

export function analyticsEnabled(settings: Settings = cachedSettings()): boolean {
  return settings?.[ANALYTICS_SETTING] === true;
}

/**
 * Tracks `event` when the shop has analytics on; false when it is off (nothing happens). While
 * the settings are still loading the layer is fetched and decides once they are there.
 */
export function track(event: AnalyticsEvent): boolean {
  const settings = cachedSettings();
  if (settings !== undefined && !analyticsEnabled(settings)) return false;
  void import('./analytics-layer').then((layer) => layer.pushEvent(event)).catch(() => undefined);
  return true;
}
