/** 前へ / 次へ through a paged list, keeping the other query parameters. */
import { Link, useLocation } from 'react-router';
import type { Pagination } from '../api/admin-client';
import styles from './pager.module.css';

export function pageHref(pathname: string, search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete('page');
  else params.set('page', String(page));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** `?page=` as a positive integer (1 when absent or malformed). */
export function pageParam(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

export function Pager({ pagination, label = 'ページ送り' }: { pagination: Pagination | null; label?: string }) {
  const location = useLocation();
  if (!pagination) return null;
  const { total, current, last } = pagination;
  const href = (page: number) => pageHref(location.pathname, location.search, page);
  return (
    <nav aria-label={label} className={styles.nav}>
      <p className={styles.summary}>
        全{total}件（{Math.min(current, Math.max(last, 1))} / {Math.max(last, 1)}ページ）
      </p>
      {last > 1 ? (
        <div className={styles.steps}>
          {current > 1 ? (
            <Link to={href(current - 1)} rel="prev" className={styles.step}>
              前へ
            </Link>
          ) : (
            <span className={`${styles.step} ${styles.disabled}`} aria-disabled="true">
              前へ
            </span>
          )}
          {current < last ? (
            <Link to={href(current + 1)} rel="next" className={styles.step}>
              次へ
            </Link>
          ) : (
            <span className={`${styles.step} ${styles.disabled}`} aria-disabled="true">
              次へ
            </span>
          )}
        </div>
      ) : null}
    </nav>
  );
}
