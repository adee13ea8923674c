/**
 * 一括編集's filter bar: キーワード, 状態, カテゴリ and 並び順, the product list's search kept in the
 * address the same way (product-filter.ts). A search starts at page 1; with unsaved edits the
 * screen asks first (the address change is what it guards).
 */
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { maxLength } from '../../lib/validators';
import { fieldError } from '../api/admin-client';
import { filterBar } from '../ui/filter-bar';
import { Field, ui } from '../ui/form';
import {
  PRODUCT_SORTS,
  PRODUCT_STATUSES,
  type ProductFilter,
  type ProductStatusCode,
  productSearch,
} from './product-filter';
import { catalogOptionsQuery } from './product-queries';
import styles from './grid.module.css';

const Q_MAX = 100;

/** The fields whose 422 the bar shows (the grid takes the product list's query). */
export const SEARCH_FIELDS = ['q', 'status', 'category', 'sort', 'dir'] as const;

export function isSearchError(error: unknown): boolean {
  return SEARCH_FIELDS.some((field) => fieldError(error, field) !== undefined);
}

interface SearchValues {
  q: string;
  status: ProductStatusCode;
  category: string;
  /** `updated:desc`: a column and its direction. */
  order: string;
}

export interface GridFilterProps {
  filter: ProductFilter;
  /** The grid's error: a 422 names the search field it is about. */
  error: unknown;
  onSearch: (search: string) => void;
}

export function GridFilter({ filter, error, onSearch }: GridFilterProps) {
  const options = useQuery(catalogOptionsQuery());
  const current: SearchValues = {
    q: filter.q,
    status: filter.status,
    category: filter.category,
    order: `${filter.sort}:${filter.dir}`,
  };
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<SearchValues>({ defaultValues: current });
  const key = JSON.stringify(current);
  // Back/forward changes the address: the bar follows it.
  useEffect(() => {
    reset(JSON.parse(key) as SearchValues);
  }, [key, reset]);
  const categories = options.data?.categories ?? [];
  const unknownCategory = filter.category && !categories.some((c) => c.id === filter.category);

  return (
    <form
      noValidate
      aria-label="商品の絞り込み"
      className={styles.search}
      onSubmit={handleSubmit(({ q, status, category, order }) => {
        const chosen = PRODUCT_SORTS.find((option) => `${option.sort}:${option.dir}` === order) ?? PRODUCT_SORTS[0];
        onSearch(productSearch({ status, q, category, sort: chosen?.sort ?? 'updated', dir: chosen?.dir ?? 'desc' }));
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
        <Field label="状態" error={fieldError(error, 'status')}>
          {(control) => (
            <select {...control} {...register('status')}>
              {PRODUCT_STATUSES.map((status) => (
                <option key={status.code} value={status.code}>
                  {status.label}
                </option>
              ))}
            </select>
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
        {filter.q || filter.category || filter.status !== 'all' ? (
          <Link
            to={{ search: productSearch({ ...filter, q: '', category: '', status: 'all' }) }}
            className={ui.secondary}
          >
            条件をクリア
          </Link>
        ) : null}
      </div>
    </form>
  );
}
