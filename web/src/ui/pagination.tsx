import { Link, useLocation } from 'react-router';
import styles from './pagination.module.css';

export interface PaginationState {
  total: number;
  per: number;
  last: number;
  current: number;
}

export type PageItem = number | 'gap';

/** Page numbers around the current one, with the first and last always shown. */
export function pageWindow(current: number, last: number, radius = 2): PageItem[] {
  if (last <= 1) return last === 1 ? [1] : [];
  const from = Math.max(1, current - radius);
  const to = Math.min(last, current + radius);
  const items: PageItem[] = [];
  // A gap never hides a single page: that page is shown instead.
  if (from > 1) items.push(1);
  if (from === 3) items.push(2);
  else if (from > 3) items.push('gap');
  for (let page = from; page <= to; page += 1) items.push(page);
  if (to === last - 2) items.push(last - 1);
  else if (to < last - 2) items.push('gap');
  if (to < last) items.push(last);
  return items;
}

/** The same URL with `?page=n` (page 1 drops the parameter). */
export function pageHref(pathname: string, search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete('page');
  else params.set('page', String(page));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

export interface PaginationProps {
  pagination: PaginationState;
  /** Builds the link of a page; defaults to the current URL with `?page=n`. */
  hrefFor?: (page: number) => string;
  label?: string;
}

export function Pagination({ pagination, hrefFor, label = 'ページ送り' }: PaginationProps) {
  const location = useLocation();
  const { current, last, total } = pagination;
  if (last <= 1) return null;
  const href = hrefFor ?? ((page: number) => pageHref(location.pathname, location.search, page));

  return (
    <nav aria-label={label} className={styles.nav}>
      <p className={styles.summary}>
        全{total}件（{current} / {last}ページ）
      </p>
      <ul className={styles.list}>
        <li>
          {current > 1 ? (
            <Link to={href(current - 1)} rel="prev" className={styles.step}>
              ‹ 前へ
            </Link>
          ) : (
            <span className={`${styles.step} ${styles.disabled}`} aria-disabled="true">
              ‹ 前へ
            </span>
          )}
        </li>
        {pageWindow(current, last).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                to={href(item)}
                aria-label={`${item}ページ目`}
                aria-current={item === current ? 'page' : undefined}
                className={item === current ? `${styles.page} ${styles.current}` : styles.page}
              >
                {item}
              </Link>
            </li>
          ),
        )}
        <li>
          {current < last ? (
            <Link to={href(current + 1)} rel="next" className={styles.step}>
              次へ ›
            </Link>
          ) : (
            <span className={`${styles.step} ${styles.disabled}`} aria-disabled="true">
              次へ ›
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
