import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTrack } from '../../domain/analytics/analytics-hooks';
import { Pagination } from '../../ui/pagination';
import type { ProductPage } from './catalog-queries';
import { ProductGrid } from '../../themes/product-grid';
import { ActiveFilters, ResultSummary, SortLinks, type FilterNames } from './product-list-parts';
import { hasNarrowing, hrefWithFilters, type ProductFilters } from './product-filters';
import styles from './product-list.module.css';

export const EMPTY_RESULT_TEXT = '該当する商品が見つかりませんでした。';

/** Count, sort, active filters, the grid (or the empty state) and the page links. */
export function ProductResults({
  page,
  filters,
  pathname,
  names,
  filterButton,
  resetFilters,
  listName = '商品一覧',
}: {
  page: ProductPage;
  filters: ProductFilters;
  pathname: string;
  names: FilterNames;
  /** The phone's 「絞り込み」 button, placed in the toolbar. */
  filterButton?: ReactNode;
  /** Where 「条件をクリア」 of the empty state leads. */
  resetFilters: ProductFilters;
  /** The list's name in analytics (the page's title). */
  listName?: string;
}) {
  const listId = pathname;
  useTrack(
    { name: 'view_item_list', listId, listName, products: page.items },
    page.items.length > 0 ? `${listId} ${listName} ${filters.page} ${page.items.map((p) => p.key).join(',')}` : '',
  );
  return (
    <div className={styles.results}>
      <div className={styles.toolbar}>
        <ResultSummary pagination={page.pagination} shown={page.items.length} />
        {filterButton}
        <SortLinks filters={filters} pathname={pathname} />
      </div>
      <ActiveFilters filters={filters} names={names} pathname={pathname} />
      {page.items.length === 0 ? (
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>{EMPTY_RESULT_TEXT}</p>
          <p>キーワードを変えるか、条件を減らしてもう一度お探しください。</p>
          {hasNarrowing(filters) || filters.page > 1 ? (
            <Link to={hrefWithFilters(pathname, resetFilters)} className={styles.emptyLink}>
              条件をクリアして表示
            </Link>
          ) : null}
        </div>
      ) : (
        <ProductGrid products={page.items} label="商品一覧" eagerCount={4} />
      )}
      <Pagination
        pagination={page.pagination}
        hrefFor={(n) => hrefWithFilters(pathname, { ...filters, page: n })}
        label="商品一覧のページ送り"
      />
    </div>
  );
}
