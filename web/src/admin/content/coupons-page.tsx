/**
 * クーポン (/admin/content/coupons, docs/contracts/coupon-desk.md): the shop's coupons, newest
 * first, each with its コード (to its editor), クーポン名, 値引き (the server's 「10%OFF」), 条件
 * (「3,000円以上」), 期間 (Japan time), 利用 (「12 / 100回」, or 「12回」 without a limit) and 状態
 * (利用中 / 開始前 / 終了 / 上限到達); a table, one card per coupon on a phone. 状態 and キーワード
 * narrow it, kept in the address (?status&q&page); the shared pager pages it. 「新しいクーポン」
 * opens a new one. A message left by the editor (削除しました) is said above the list. Only for
 * staff holding `shop_settings` (オーナー and 店長): the menu leaves it out for the others, and the
 * page says so if reached anyway.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useCan } from '../api/session-queries';
import { Badge, type BadgeTone } from '../ui/badge';
import { arrivedNotice } from '../ui/editor-frame';
import { filterBar, useFilterForm } from '../ui/filter-bar';
import { ChoiceField, codeChoices, Field, StatusNotice, ui } from '../ui/form';
import { Pager } from '../ui/pager';
import { LoadFailed, Loading } from '../ui/query-state';
import { table } from '../ui/table';
import {
  COUPON_FILTER_FIELDS,
  type CouponFilter,
  couponFilterSearch,
  isCouponFiltered,
  readCouponFilter,
} from './coupons-filter';
import { couponListQuery } from './coupons-queries';
import { minimumLabel, periodLabel, usesLabel } from './coupons-schema';
import {
  COUPON_STATUSES,
  COUPONS_FORBIDDEN,
  type CouponDesk,
  type CouponStatus,
  couponStatusLabel,
} from './coupons-types';
import styles from './coupons.module.css';

export const COUPONS_PATH = '/admin/content/coupons';
export const NEW_COUPON_PATH = '/admin/content/coupons/new';

/** The editor's address for a coupon. */
export const couponEditorPath = (id: string): string => `${COUPONS_PATH}/${encodeURIComponent(id)}`;

const STATUS_TONES: Record<CouponStatus, BadgeTone> = {
  active: 'member',
  scheduled: 'in_progress',
  ended: 'closed',
  exhausted: 'open',
};

/** The state's badge (利用中 / 開始前 / 終了 / 上限到達), the list's and the editor's. */
export function CouponStatusBadge({ status }: { status: CouponStatus }) {
  return <Badge tone={STATUS_TONES[status] ?? 'plain'}>{couponStatusLabel(status)}</Badge>;
}

export function CouponsPage() {
  const allowed = useCan()('shop_settings');
  return (
    <>
      <title>クーポン | 管理画面</title>
      {allowed ? (
        <CouponsDesk />
      ) : (
        <>
          <h1>クーポン</h1>
          <p role="alert">{COUPONS_FORBIDDEN}</p>
        </>
      )}
    </>
  );
}

function CouponsDesk() {
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const filter = readCouponFilter(params);
  const list = useQuery(couponListQuery(filter));

  return (
    <>
      <div className={styles.heading}>
        <h1>クーポン</h1>
        <Link to={NEW_COUPON_PATH} className={ui.button}>
          新しいクーポン
        </Link>
      </div>
      <StatusNotice message={arrivedNotice(location.state)} />
      <SearchForm filter={filter} error={list.error} onSearch={(search) => setParams(new URLSearchParams(search))} />

      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadFailed error={list.error} fields={COUPON_FILTER_FIELDS} />
      ) : list.data.items.length === 0 ? (
        <p className={table.empty}>
          {isCouponFiltered(filter) ? '条件に合うクーポンはありません。' : 'クーポンはまだありません。'}
        </p>
      ) : (
        <>
          <CouponTable items={list.data.items} busy={list.isPlaceholderData} />
          <Pager pagination={list.data.pagination} />
        </>
      )}
    </>
  );
}

const STATUS_CHOICES = codeChoices(COUPON_STATUSES);

interface SearchFormProps {
  filter: CouponFilter;
  /** The list's error: a 422 names the filter field it is about. */
  error: unknown;
  onSearch: (search: string) => void;
}

function SearchForm({ filter, error, onSearch }: SearchFormProps) {
  const { register, handleSubmit, problem } = useFilterForm({ status: filter.status, q: filter.q }, error);
  return (
    <form
      noValidate
      aria-label="クーポンの検索"
      onSubmit={handleSubmit((values) => onSearch(couponFilterSearch(values)))}
    >
      <div className={filterBar.fields}>
        <ChoiceField
          label="状態"
          error={problem('status')}
          registration={register('status')}
          choices={STATUS_CHOICES}
        />
        <Field label="キーワード" hint="コード・クーポン名から探します。" error={problem('q')}>
          {(control) => <input {...control} type="search" {...register('q')} />}
        </Field>
      </div>
      <div className={filterBar.actions}>
        <button type="submit" className={ui.button}>
          検索
        </button>
        {isCouponFiltered(filter) ? (
          <Link to={{ search: '' }} className={ui.secondary}>
            条件をクリア
          </Link>
        ) : null}
      </div>
    </form>
  );
}

function CouponTable({ items, busy }: { items: readonly CouponDesk[]; busy: boolean }) {
  return (
    <table className={`${table.table} ${styles.couponTable}`} aria-busy={busy || undefined}>
      <caption className="visually-hidden">クーポン一覧</caption>
      <thead>
        <tr>
          <th scope="col">コード</th>
          <th scope="col">クーポン名</th>
          <th scope="col">値引き</th>
          <th scope="col">条件</th>
          <th scope="col">期間</th>
          <th scope="col">利用</th>
          <th scope="col">状態</th>
        </tr>
      </thead>
      <tbody>
        {items.map((coupon) => (
          <tr key={coupon.id}>
            <td data-label="コード">
              <Link to={couponEditorPath(coupon.id)} className={styles.code}>
                {coupon.code}
              </Link>
            </td>
            <td data-label="クーポン名" className={styles.name}>
              {coupon.name}
            </td>
            <td data-label="値引き" className={table.nowrap}>
              {coupon.discount_label}
            </td>
            <td data-label="条件" className={table.nowrap}>
              {minimumLabel(coupon.minimum_amount)}
            </td>
            <td data-label="期間" className={styles.period}>
              {periodLabel(coupon.starts_at, coupon.ends_at)}
            </td>
            <td data-label="利用" className={`${table.nowrap} ${table.numeric}`}>
              {usesLabel(coupon.used_count, coupon.max_uses)}
            </td>
            <td data-label="状態">
              <CouponStatusBadge status={coupon.status} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
