/**
 * One page of a paginated member list (histories, bookmarks, favourites) as the screens keep it:
 * the items and the `x-*` pagination headers. Deleting an entry removes it from the page and
 * lowers the total by one (spec 001 §4) without asking the server again.
 */

/** The `x-*` pagination headers of a list answer (api/client reads them). */
export interface Pagination {
  total: number;
  per: number;
  last: number;
  current: number;
}

export interface Paged<T> {
  items: T[];
  pagination: Pagination;
}

/** The page as read, with a one-page pagination when the server sent no headers. */
export function pagedOf<T>(items: T[], pagination: Pagination | null, page: number, per: number): Paged<T> {
  return { items, pagination: pagination ?? { total: items.length, per, last: 1, current: page } };
}

/** The page without the items `isGone` picks; the total drops by the number removed. Pure. */
export function withoutItems<T>(paged: Paged<T>, isGone: (item: T) => boolean): Paged<T> {
  const items = paged.items.filter((item) => !isGone(item));
  const removed = paged.items.length - items.length;
  if (removed === 0) return paged;
  const total = Math.max(paged.pagination.total - removed, 0);
  const per = paged.pagination.per > 0 ? paged.pagination.per : 1;
  return { items, pagination: { ...paged.pagination, total, last: Math.max(Math.ceil(total / per), 1) } };
}
