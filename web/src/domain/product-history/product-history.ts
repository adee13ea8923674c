/**
 * The products this browser viewed (spec 001 §4, §9): product ids, newest first, each product
 * once, at most 10. Kept in localStorage so a visitor's 「最近チェックした商品」 survives reloads;
 * members additionally record each view on the server (the catalogue feature does that call).
 */
import { MEMBER_QUERY_ROOT } from '../../lib/query-client';
import { createStore, useStore, type Store } from '../../lib/store';
import { local, readStorage, writeStorage } from '../../lib/storage';

export const PRODUCT_HISTORY_KEY = 'shop.productHistory';
export const PRODUCT_HISTORY_MAX = 10;
/** The member's server-side history (/mypage/product_history): asked again after the login flush. */
export const MEMBER_PRODUCT_HISTORY_KEY = [...MEMBER_QUERY_ROOT, 'product-histories'] as const;

/** `id` moved to the front, without duplicates, cut to `max`. Pure. */
export function withViewed(ids: readonly string[], id: string, max = PRODUCT_HISTORY_MAX): string[] {
  if (id === '') return ids.slice(0, max);
  return [id, ...ids.filter((other) => other !== id)].slice(0, max);
}

/** Reads a stored list defensively: anything that is not a list of non-empty strings is dropped. */
export function parseHistory(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    const ids = parsed.filter((v): v is string => typeof v === 'string' && v !== '');
    return [...new Set(ids)].slice(0, PRODUCT_HISTORY_MAX);
  } catch {
    return [];
  }
}

export const productHistoryStore: Store<string[]> = createStore<string[]>(
  parseHistory(readStorage(local(), PRODUCT_HISTORY_KEY)),
);

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

function save(ids: string[]): void {
  writeStorage(local(), PRODUCT_HISTORY_KEY, ids.length > 0 ? JSON.stringify(ids) : null);
  productHistoryStore.set(ids);
}

/** Remembers a product view; viewing the newest product again changes nothing. */
export function recordViewedProduct(productId: string): void {
  // Another tab may have written meanwhile: start from what storage holds now.
  const current = parseHistory(readStorage(local(), PRODUCT_HISTORY_KEY));
  const next = withViewed(current, productId);
  if (sameIds(next, current) && sameIds(next, productHistoryStore.get())) return;
  save(next);
}

/** Forgets the browser's list (after login the server's history is the member's). */
export function clearViewedProducts(): void {
  save([]);
}

/** The viewed product ids, newest first. */
export function useViewedProducts(): string[] {
  return useStore(productHistoryStore);
}
