/**
 * 商品管理: the shop's products, found by a keyword (商品名・商品コード・SKU), a category and the
 * tabs すべて / 公開中 / 非公開 / 公開予定 / 公開終了, in the chosen order — all kept in the address
 * (?status&q&category&sort&dir&page). Each row shows the image, 商品コード, name, 販売価格 (税込),
 * its state, 販売可能 summed over its variations and when it was last saved, and opens the
 * product's form. Staff whose role may edit the catalogue (`catalog_edit`) get 「商品を登録」 and
 * 「CSVで一括登録」 (CSV入出力, carrying the search: its products CSV holds what the list finds) and
 * 「一括編集」 (the grid editor, on the same search).
 */
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useSearchParams } from 'react-router';
import { maxLength } from '../../lib/validators';
import { fieldError } from '../api/admin-client';
import { useCan } from '../api/session-queries';
import { DateTime } from '../ui/date-time';
import { filterBar } from '../ui/filter-bar';
import { Field, ui } from '../ui/form';
import { Pager } from '../ui/pager';
import { LoadFailed, Loading } from '../ui/query-state';
import { table } from '../ui/table';
import { Yen } from '../ui/yen';
import {
  PRODUCT_SORTS,
  PRODUCT_STATUSES,
  type ProductFilter,
  productSearch,
  readProductFilter,
} from './product-filter';
import { catalogOptionsQuery, productListQuery } from './product-queries';
import { StateBadge } from './product-state';
import type { ProductSummary } from './product-types';
import styles from './products.module.css';

export function ProductsPage() {
  if (!useCan()('catalog_view')) {
    return (
      <>
        <title>商品管理 | 管理画面</title>
        <h1>商品管理</h1>
        <p role="alert">商品を閲覧する権限がありません。</p>
      </>
    );
  }
  return <ProductDesk />;
}

function ProductDesk() {
  const mayEdit = useCan()('catalog_edit');
  const [params, setParams] = useSearchParams();
  const filter = readProductFilter(params);
  const list = useQuery(productListQuery(filter));
  const tabLabel = PRODUCT_STATUSES.find((tab) => tab.code === filter.status)?.label ?? 'すべて';

  return (
    <>
      <title>{`商品管理（${tabLabel}） | 管理画面`}</title>
      <div className={styles.heading}>
        <h1>商品管理</h1>
        {mayEdit ? (
          <div className={ui.actions}>
            <Link to={{ pathname: '/admin/catalog/csv', search: productSearch(filter) }} className={ui.secondary}>
              CSVで一括登録
            </Link>
            <Link to={{ pathname: '/admin/catalog/grid', search: productSearch(filter) }} className={ui.secondary}>
              一括編集
            </Link>
            <Link to="/admin/products/new" className={ui.button}>
              商品を登録
            </Link>
          </div>
        ) : null}
      </div>
      <StatusTabs filter={filter} />
      <SearchForm filter={filter} error={list.error} onSearch={(search) => setParams(new URLSearchParams(search))} />

      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        searchError(list.error) ? null : (
          <LoadFailed error={list.error} />
        )
      ) : list.data.items.length === 0 ? (
        <p className={table.empty}>該当する商品はありません。</p>
      ) : (
        <>
          <ProductTable products={list.data.items} caption={tabLabel} />
          <Pager pagination={list.data.pagination} />
        </>
      )}
    </>
  );
}

const SEARCH_FIELDS = ['q', 'category', 'sort', 'dir', 'status'] as const;

/** A 422 on the list is about the search: its fields show it. */
function searchError(error: unknown): boolean {
  return SEARCH_FIELDS.some((field) => fieldError(error, field) !== undefined);
}

function StatusTabs({ filter }: { filter: ProductFilter }) {
  return (
    <nav aria-label="公開状態の絞り込み">
      <ul className={styles.tabs}>
        {PRODUCT_STATUSES.map((tab) => (
          <li key={tab.code}>
            <Link
              to={{ search: productSearch({ ...filter, status: tab.code }) }}
              className={styles.tab}
              aria-current={tab.code === filter.status ? 'page' : undefined}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const Q_MAX = 100;

interface SearchValues {
  q: string;
  category: string;
  /** `updated:desc`: a column and its direction. */
  order: string;
}

interface SearchFormProps {
  filter: ProductFilter;
  /** The list's error: a 422 names the search field it is about. */
  error: unknown;
  onSearch: (search: string) => void;
}

function SearchForm({ filter, error, onSearch }: SearchFormProps) {
  const options = useQuery(catalogOptionsQuery());
  const current: SearchValues = { q: filter.q, category: filter.category, order: `${filter.sort}:${filter.dir}` };
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<SearchValues>({ defaultValues: current });
  const key = JSON.stringify(current);
  // Back/forward (or a tab) changes the address: the form follows it.
  useEffect(() => {
    reset(JSON.parse(key) as SearchValues);
  }, [key, reset]);
  const categories = options.data?.categories ?? [];
  // A category in the address that the options do not (yet) list is still shown as chosen.
  const unknownCategory = filter.category && !categories.some((c) => c.id === filter.category);

  return (
    <form
      noValidate
      aria-label="商品の検索"
      className={styles.search}
      onSubmit={handleSubmit(({ q, category, order }) => {
        const chosen = PRODUCT_SORTS.find((option) => `${option.sort}:${option.dir}` === order) ?? PRODUCT_SORTS[0];
        onSearch(
          productSearch({
            status: filter.status,
            q,
            category,
            sort: chosen?.sort ?? 'updated',
            dir: chosen?.dir ?? 'desc',
          }),
        );
      })}
    >
      <div className={filterBar.fields}>
        <Field
          label="キーワード"
          hint="商品名・商品コード・SKUから探します。"
          error={errors.q?.message ?? fieldError(error, 'q')}
        >
          {(control) => (
            <input
              {...control}
              type="search"
              {...register('q', { validate: (value) => maxLength(value.trim(), Q_MAX) ?? true })}
            />
          )}
        </Field>
        <Field label="カテゴリ" error={fieldError(error, 'category')}>
          {(control) => (
            <select {...control} {...register('category')}>
              <option value="">すべてのカテゴリ</option>
              {unknownCategory ? <option value={filter.category}>{filter.category}</option> : null}
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.path}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="並び順" error={fieldError(error, 'sort') ?? fieldError(error, 'dir')}>
          {(control) => (
            <select {...control} {...register('order')}>
              {PRODUCT_SORTS.map((option) => (
                <option key={`${option.sort}:${option.dir}`} value={`${option.sort}:${option.dir}`}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <div className={filterBar.actions}>
        <button type="submit" className={ui.button}>
          検索
        </button>
        {filter.q || filter.category ? (
          <Link to={{ search: productSearch({ ...filter, q: '', category: '' }) }} className={ui.secondary}>
            条件をクリア
          </Link>
        ) : null}
      </div>
    </form>
  );
}

function ProductTable({ products, caption }: { products: readonly ProductSummary[]; caption: string }) {
  const location = useLocation();
  return (
    <table className={table.table}>
      <caption className="visually-hidden">{`商品一覧（${caption}）`}</caption>
      <thead>
        <tr>
          <th scope="col">画像</th>
          <th scope="col">商品コード</th>
          <th scope="col">商品名</th>
          <th scope="col">販売価格</th>
          <th scope="col">状態</th>
          <th scope="col">販売可能</th>
          <th scope="col">更新日時</th>
        </tr>
      </thead>
      <tbody>
        {products.map((product) => (
          <tr key={product.id}>
            <td data-label="画像" className={styles.thumbCell}>
              {product.image_url ? (
                <img src={product.image_url} alt="" className={styles.thumb} loading="lazy" width={56} height={56} />
              ) : (
                <span className={styles.noImage}>画像なし</span>
              )}
            </td>
            <td data-label="商品コード" className={table.nowrap}>
              {product.code}
            </td>
            <td data-label="商品名">
              <div>
                <Link
                  to={`/admin/products/${encodeURIComponent(product.id)}`}
                  state={{ back: location.search }}
                  className={styles.name}
                >
                  {product.name}
                </Link>
                {product.variation_count > 1 ? (
                  <span className={styles.sub}>{product.variation_count}バリエーション</span>
                ) : null}
              </div>
            </td>
            <td data-label="販売価格" className={`${table.numeric} ${table.nowrap}`}>
              <Yen value={product.price} />
              <span className={styles.taxNote}>（税込）</span>
            </td>
            <td data-label="状態">
              <StateBadge state={product.state} />
            </td>
            <td data-label="販売可能" className={table.numeric}>
              {product.available}
            </td>
            <td data-label="更新日時" className={table.nowrap}>
              <DateTime value={product.updated_at} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
