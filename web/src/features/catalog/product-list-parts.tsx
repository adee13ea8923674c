/**
 * Pieces of a product list shared by /product and /maker/:key: the keyword box, sort links,
 * result summary, active-filter chips, the category tree and the filter form.
 */
import { useId, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { Brand, CategoryNode, Maker, Tag } from '../../api/types';
import type { Pagination } from '../../lib/paged';
import { formatCount } from '../../lib/format';
import { Price } from '../../ui/price';
import { recordSearchWord } from './history-queries';
import {
  changeFilters,
  EMPTY_FILTERS,
  hrefWithFilters,
  normalizeKeyword,
  parseYen,
  RELEVANCE_LABEL,
  SORT_OPTIONS,
  type ProductFilters,
} from './product-filters';
import styles from './product-list.module.css';

/** The keyword box: searches within the other filters, from page 1. */
export function KeywordSearch({ filters, pathname = '/product' }: { filters: ProductFilters; pathname?: string }) {
  const navigate = useNavigate();
  const inputId = useId();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const keyword = normalizeKeyword(new FormData(event.currentTarget).get('keyword') as string | null);
    void recordSearchWord(keyword);
    void navigate(hrefWithFilters(pathname, changeFilters(filters, { keyword })));
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: <form role="search"> is a landmark in every browser; <search> needs Safari 17
    <form role="search" aria-label="商品検索" className={styles.search} onSubmit={onSubmit}>
      <label htmlFor={inputId} className="visually-hidden">
        キーワード
      </label>
      <input
        key={filters.keyword ?? ''}
        id={inputId}
        name="keyword"
        type="search"
        defaultValue={filters.keyword ?? ''}
        placeholder="キーワード・品番で探す"
        enterKeyHint="search"
        autoComplete="off"
        className={styles.searchInput}
      />
      <button type="submit" className={styles.searchButton}>
        検索
      </button>
    </form>
  );
}

/** 新着順 / 価格の安い順 / 価格の高い順 / 人気順 as links, so each order has its own URL. */
export function SortLinks({ filters, pathname }: { filters: ProductFilters; pathname: string }) {
  const ranked = filters.keyword !== null && filters.sort === null;
  const options = filters.keyword !== null ? [{ value: null, label: RELEVANCE_LABEL }, ...SORT_OPTIONS] : SORT_OPTIONS;
  return (
    <nav aria-label="並び替え" className={styles.sort}>
      <span className={styles.sortLabel} aria-hidden="true">
        並び替え
      </span>
      <ul className={styles.sortList}>
        {options.map((option) => {
          const current =
            option.value === null
              ? ranked
              : filters.sort === option.value || (!ranked && filters.sort === null && option.value === 'new');
          return (
            <li key={option.label}>
              <Link
                to={hrefWithFilters(pathname, changeFilters(filters, { sort: option.value }))}
                aria-current={current ? 'true' : undefined}
                className={current ? `${styles.sortLink} ${styles.sortCurrent}` : styles.sortLink}
              >
                {option.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** 「288件」 and which slice of them this page shows. */
export function ResultSummary({ pagination, shown }: { pagination: Pagination; shown: number }) {
  const from = shown === 0 ? 0 : (pagination.current - 1) * pagination.per + 1;
  const to = shown === 0 ? 0 : from + shown - 1;
  return (
    <p className={styles.summary} aria-live="polite">
      <span className={styles.total}>{formatCount(pagination.total)}</span>件
      {shown > 0 ? (
        <span className={styles.range}>
          （{from}〜{to}件を表示）
        </span>
      ) : null}
    </p>
  );
}

export interface FilterNames {
  category?: string;
  maker?: string;
  brand?: string;
  tag?: string;
}

/** Chips for every narrowing filter, each with a link that removes it. */
export function ActiveFilters({
  filters,
  names,
  pathname,
}: {
  filters: ProductFilters;
  names: FilterNames;
  pathname: string;
}) {
  const chips: { label: ReactNode; text: string; patch: Partial<ProductFilters> }[] = [];
  if (filters.keyword)
    chips.push({ label: `「${filters.keyword}」`, text: `キーワード「${filters.keyword}」`, patch: { keyword: null } });
  if (filters.category) {
    const name = names.category ?? filters.category;
    chips.push({ label: name, text: `カテゴリー「${name}」`, patch: { category: null } });
  }
  if (filters.maker) {
    const name = names.maker ?? filters.maker;
    chips.push({ label: name, text: `メーカー「${name}」`, patch: { maker: null } });
  }
  if (filters.brand) {
    const name = names.brand ?? filters.brand;
    chips.push({ label: name, text: `ブランド「${name}」`, patch: { brand: null } });
  }
  if (filters.tag) {
    const name = names.tag ?? filters.tag;
    chips.push({ label: name, text: `タグ「${name}」`, patch: { tag: null } });
  }
  if (filters.priceMin !== null || filters.priceMax !== null) {
    chips.push({
      label: (
        <>
          {filters.priceMin !== null ? <Price value={filters.priceMin} /> : null}〜
          {filters.priceMax !== null ? <Price value={filters.priceMax} /> : null}
        </>
      ),
      text: '価格帯',
      patch: { priceMin: null, priceMax: null },
    });
  }
  if (filters.inStock) chips.push({ label: '在庫ありのみ', text: '在庫ありのみ', patch: { inStock: false } });
  if (chips.length === 0) return null;
  return (
    <div className={styles.active}>
      <span className={styles.activeLabel}>絞り込み中：</span>
      <ul className={styles.chips}>
        {chips.map((chip) => (
          <li key={chip.text}>
            <Link
              to={hrefWithFilters(pathname, changeFilters(filters, chip.patch))}
              className={styles.chip}
              aria-label={`${chip.text}の条件を解除`}
            >
              {chip.label}
              <span aria-hidden="true" className={styles.chipX}>
                ×
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {chips.length > 1 ? (
        <Link
          to={hrefWithFilters(pathname, { ...changeFilters(filters, {}), ...clearedNarrowing })}
          className={styles.clearAll}
        >
          すべて解除
        </Link>
      ) : null}
    </div>
  );
}

/** Every narrowing filter at its empty value; the sort and page are kept by the caller. */
const clearedNarrowing: Partial<ProductFilters> = (({ sort: _sort, page: _page, ...narrowing }) => narrowing)(
  EMPTY_FILTERS,
);

/**
 * The category tree: top levels always, the third level under the open branch. Each link keeps
 * the other filters.
 */
export function CategoryTree({
  nodes,
  filters,
  pathname,
  onNavigate,
}: {
  nodes: CategoryNode[];
  filters: ProductFilters;
  pathname: string;
  onNavigate?: () => void;
}) {
  const openKeys = new Set(openBranch(nodes, filters.category));
  const link = (node: CategoryNode | null, label: string) => {
    const current = (node?.key ?? null) === filters.category;
    return (
      <Link
        to={hrefWithFilters(pathname, changeFilters(filters, { category: node?.key ?? null }))}
        aria-current={current ? 'true' : undefined}
        className={current ? `${styles.treeLink} ${styles.treeCurrent}` : styles.treeLink}
        onClick={onNavigate}
      >
        {label}
      </Link>
    );
  };
  const branch = (list: CategoryNode[], depth: number) => (
    <ul className={depth === 0 ? styles.tree : styles.subtree}>
      {list.map((node) => (
        <li key={node.key}>
          {link(node, node.name)}
          {node.children.length > 0 && (depth === 0 || openKeys.has(node.key))
            ? branch(node.children, depth + 1)
            : null}
        </li>
      ))}
    </ul>
  );
  return (
    <section aria-labelledby="category-tree-title" className={styles.panelSection}>
      <h2 id="category-tree-title" className={styles.panelTitle}>
        カテゴリー
      </h2>
      <p className={styles.treeAll}>{link(null, 'すべての商品')}</p>
      {branch(nodes, 0)}
    </section>
  );
}

/** Keys of the chosen category and its ancestors (their sub-lists are shown open). */
function openBranch(nodes: CategoryNode[], key: string | null): string[] {
  if (!key) return [];
  for (const node of nodes) {
    if (node.key === key) return [node.key];
    const below = openBranch(node.children, key);
    if (below.length > 0) return [node.key, ...below];
  }
  return [];
}

/** Maker, brand, tag, price range and stock; applied together with the button. */
export function FilterForm({
  filters,
  pathname,
  makers,
  brands,
  tags,
  hideMaker = false,
  onApplied,
}: {
  filters: ProductFilters;
  pathname: string;
  makers: Maker[];
  brands: Brand[];
  tags: Tag[];
  hideMaker?: boolean;
  onApplied?: () => void;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' && value !== '' ? value : null;
    };
    let priceMin = parseYen(text('price_min'));
    let priceMax = parseYen(text('price_max'));
    if (priceMin !== null && priceMax !== null && priceMin > priceMax) [priceMin, priceMax] = [priceMax, priceMin];
    const next = changeFilters(filters, {
      maker: hideMaker ? filters.maker : text('maker'),
      brand: text('brand'),
      tag: text('tag'),
      priceMin,
      priceMax,
      inStock: form.get('in_stock') === '1',
    });
    onApplied?.();
    void navigate(hrefWithFilters(pathname, next));
  };
  const shownBrands = hideMaker && filters.maker ? brands.filter((b) => b.maker?.key === filters.maker) : brands;
  return (
    <form
      key={location.search}
      className={`${styles.panelSection} ${styles.form}`}
      aria-labelledby={`${id}-title`}
      onSubmit={onSubmit}
    >
      <h2 id={`${id}-title`} className={styles.panelTitle}>
        条件で絞り込む
      </h2>
      {hideMaker ? null : (
        <div className={styles.field}>
          <label htmlFor={`${id}-maker`}>メーカー</label>
          <select id={`${id}-maker`} name="maker" defaultValue={filters.maker ?? ''} className={styles.select}>
            <option value="">すべて</option>
            {makers.map((maker) => (
              <option key={maker.key} value={maker.key}>
                {maker.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className={styles.field}>
        <label htmlFor={`${id}-brand`}>ブランド</label>
        <select id={`${id}-brand`} name="brand" defaultValue={filters.brand ?? ''} className={styles.select}>
          <option value="">すべて</option>
          {shownBrands.map((brand) => (
            <option key={brand.key} value={brand.key}>
              {brand.name}
            </option>
          ))}
        </select>
      </div>
      {tags.length > 0 ? (
        <div className={styles.field}>
          <label htmlFor={`${id}-tag`}>特集・タグ</label>
          <select id={`${id}-tag`} name="tag" defaultValue={filters.tag ?? ''} className={styles.select}>
            <option value="">すべて</option>
            {tags.map((tag) => (
              <option key={tag.key} value={tag.key}>
                {tag.is_protected ? `${tag.name}（パスワード入力が必要）` : tag.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <fieldset className={styles.fieldset}>
        <legend>価格帯（税込）</legend>
        <div className={styles.priceRange}>
          <label className="visually-hidden" htmlFor={`${id}-min`}>
            下限価格（円）
          </label>
          <input
            id={`${id}-min`}
            name="price_min"
            inputMode="numeric"
            pattern="[0-9０-９,]*"
            placeholder="下限なし"
            defaultValue={filters.priceMin ?? ''}
            className={styles.priceInput}
          />
          <span aria-hidden="true">円〜</span>
          <label className="visually-hidden" htmlFor={`${id}-max`}>
            上限価格（円）
          </label>
          <input
            id={`${id}-max`}
            name="price_max"
            inputMode="numeric"
            pattern="[0-9０-９,]*"
            placeholder="上限なし"
            defaultValue={filters.priceMax ?? ''}
            className={styles.priceInput}
          />
          <span aria-hidden="true">円</span>
        </div>
      </fieldset>
      <div className={styles.check}>
        <input id={`${id}-stock`} type="checkbox" name="in_stock" value="1" defaultChecked={filters.inStock} />
        <label htmlFor={`${id}-stock`}>在庫ありのみ表示</label>
      </div>
      <button type="submit" className={styles.apply}>
        この条件で絞り込む
      </button>
    </form>
  );
}
