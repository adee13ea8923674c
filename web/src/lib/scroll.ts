/**
 * Scroll decisions (spec 000 §2): after a navigation scroll to the top, except between product
 * pages; on back/forward restore the earlier position after 500 ms.
 */
export const RESTORE_DELAY_MS = 500;

export type ScrollAction = 'top' | 'restore' | 'none';

const isProductPath = (location: string): boolean => {
  const path = location.split(/[?#]/)[0] ?? '';
  return path === '/product' || path.startsWith('/product/');
};

/**
 * `previous` and `next` are pathname + search (no hash): a new query (e.g. `?page=2`) is a new
 * page and scrolls to the top; the same location again (or a hash change) does not.
 */
export function scrollActionFor(
  previous: string | null,
  next: string,
  navigationType: 'POP' | 'PUSH' | 'REPLACE',
): ScrollAction {
  if (previous === null || previous === next) return 'none';
  if (navigationType === 'POP') return 'restore';
  if (isProductPath(previous) && isProductPath(next)) return 'none';
  return 'top';
}
