import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { breakpointsOf, useSettings } from '../../domain/site/site-queries';
import { useDocumentTitle } from '../../lib/document-title';
import { useScreenClass } from '../../lib/screen';
import { BookmarkButton } from '../../ui/bookmark-button';
import { Breadcrumbs, type Crumb } from '../../ui/breadcrumbs';
import { useBrands, useCategories, useMakers, useProductList, useTags } from './catalog-queries';
import { CategoryBanner } from './category-banner';
import { categoryPath } from './category-path';
import { FilterDrawer } from './filter-drawer';
import { CategoryTree, FilterForm, KeywordSearch, type FilterNames } from './product-list-parts';
import {
  EMPTY_FILTERS,
  filtersFromSearch,
  hasNarrowing,
  hrefWithFilters,
  type ProductFilters,
} from './product-filters';
import { ProductResults } from './product-results';
import { RecentProducts } from './recent-products';
import { TagPasswordForm } from './tag-password-form';
import styles from './product-list.module.css';

const PATH = '/product';

function pageTitle(filters: ProductFilters, names: FilterNames): string {
  if (filters.keyword) return `「${filters.keyword}」の検索結果`;
  if (filters.category && names.category) return names.category;
  if (filters.brand && names.brand) return `${names.brand}の商品一覧`;
  if (filters.maker && names.maker) return `${names.maker}の商品一覧`;
  if (filters.tag && names.tag) return `${names.tag}の商品一覧`;
  return '商品一覧';
}

export function ProductListPage() {
  const [params] = useSearchParams();
  const filters = filtersFromSearch(params);
  const page = useProductList(filters);
  const categories = useCategories().data ?? [];
  const makers = useMakers().data ?? [];
  const brands = useBrands().data ?? [];
  const tags = useTags().data ?? [];
  const screen = useScreenClass(breakpointsOf(useSettings()));
  const [drawerOpen, setDrawerOpen] = useState(false);

  const path = categoryPath(categories, filters.category);
  const names: FilterNames = {
    category: path.at(-1)?.name,
    maker: makers.find((m) => m.key === filters.maker)?.name,
    brand: brands.find((b) => b.key === filters.brand)?.name,
    tag: tags.find((t) => t.key === filters.tag)?.name,
  };
  const title = pageTitle(filters, names);
  useDocumentTitle(filters.page > 1 ? `${title}（${filters.page}ページ目）` : title);

  const crumbs: Crumb[] = [
    { label: 'ホーム', to: '/' },
    { label: '商品一覧', to: PATH },
    ...path.map((node) => ({ label: node.name, to: hrefWithFilters(PATH, { ...EMPTY_FILTERS, category: node.key }) })),
  ];
  if (filters.keyword) crumbs.push({ label: title });
  // The last crumb is the current page.
  const last = crumbs.at(-1);
  if (last) crumbs[crumbs.length - 1] = { label: last.label };

  const phone = screen === 'phone';
  const closeDrawer = () => setDrawerOpen(false);
  const panel = (onDone?: () => void) => (
    <>
      <CategoryTree nodes={categories} filters={filters} pathname={PATH} onNavigate={onDone} />
      <FilterForm filters={filters} pathname={PATH} makers={makers} brands={brands} tags={tags} onApplied={onDone} />
    </>
  );
  const narrowing = [
    filters.category,
    filters.maker,
    filters.brand,
    filters.tag,
    filters.priceMin ?? filters.priceMax,
    filters.inStock || null,
  ].filter((v) => v !== null && v !== undefined).length;

  return (
    <div className={styles.page}>
      <Breadcrumbs items={crumbs} />
      <CategoryBanner category={path.at(-1)} />
      <div className={styles.head}>
        <h1 className={styles.heading}>{title}</h1>
        {/* Search results can be bookmarked (without the page number). */}
        {hasNarrowing(filters) ? (
          <BookmarkButton url={hrefWithFilters(PATH, { ...filters, page: 1 })} title={title} />
        ) : null}
        <KeywordSearch filters={filters} pathname={PATH} />
      </div>
      <div className={styles.layout}>
        {phone ? null : (
          <aside className={styles.sidebar} aria-label="絞り込み">
            {panel()}
          </aside>
        )}
        {page.locked && filters.tag ? (
          <TagPasswordForm tagKey={filters.tag} tagName={names.tag} />
        ) : (
          <ProductResults
            page={page}
            filters={filters}
            pathname={PATH}
            names={names}
            resetFilters={EMPTY_FILTERS}
            listName={title}
            filterButton={
              phone ? (
                <button
                  type="button"
                  className={styles.filterButton}
                  aria-haspopup="dialog"
                  aria-expanded={drawerOpen}
                  onClick={() => setDrawerOpen(true)}
                >
                  <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
                    <path d="M2 4h16M5 10h10M8 16h4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                  </svg>
                  絞り込み
                  {narrowing > 0 ? <span className={styles.filterCount}>（{narrowing}）</span> : null}
                </button>
              ) : null
            }
          />
        )}
      </div>
      <RecentProducts />
      {phone ? (
        <FilterDrawer open={drawerOpen} onClose={closeDrawer}>
          {panel(closeDrawer)}
        </FilterDrawer>
      ) : null}
    </div>
  );
}

export { ProductListPage as Component };
