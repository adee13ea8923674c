/**
 * 受注管理: the shop's figures (today, this week, this month, and 出荷待ち due today), the work
 * queues as tabs with their counts, a search box and a filter panel — all kept in the address
 * (?queue&q&payment&…&page, and ?member from the member desk: 会員で絞り込み中 until removed) —
 * the staff member's saved searches, and one row per order with its
 * shipments nested. Ticked orders (on any page of the same search) are acted on together from the
 * bar above the list (bulk-bar.tsx): what a role may not do is not offered. The heading links to
 * 入金消込（CSV） (`payments_confirm`) and 送り状番号の取り込み (`shipping`).
 */
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { RegisterOptions } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { fieldError } from '../api/admin-client';
import type { DeskOrderRow, SalesFigure } from '../api/admin-types';
import { useCan } from '../api/session-queries';
import { Badge } from '../ui/badge';
import { DateTime, todayInJapan } from '../ui/date-time';
import { FilterPanel, filterBar, useFilterForm } from '../ui/filter-bar';
import { ChoiceField, codeChoices, Field, ui } from '../ui/form';
import { Pager } from '../ui/pager';
import { LoadFailed, Loading } from '../ui/query-state';
import { table } from '../ui/table';
import { Yen } from '../ui/yen';
import { BulkBar } from './bulk-bar';
import { OrderBadges, ShipStateBadge } from './order-badges';
import {
  activeFilters,
  EMPTY_FILTER,
  FILTER_FIELDS,
  type FilterField,
  filterSearch,
  type OrderFilter,
  readFilter,
} from './order-filter';
import { CARRIERS, CUSTOMERS, PAYMENTS, PREFECTURE_CHOICES, QUEUES } from './order-labels';
import { deskHomeQuery, ordersQuery } from './order-queries';
import { SavedViews } from './saved-views';
import styles from './orders.module.css';

export function OrdersPage() {
  if (!useCan()('orders_view')) {
    return (
      <>
        <title>受注管理 | 管理画面</title>
        <h1>受注管理</h1>
        <p role="alert">注文を閲覧する権限がありません。</p>
      </>
    );
  }
  return <OrderDesk />;
}

/** The ticked orders, kept while the search stays the same (its `scope`: the query without the page). */
interface Selection {
  scope: string;
  rows: ReadonlyMap<string, DeskOrderRow>;
}

function OrderDesk() {
  const can = useCan();
  const mayShip = can('shipping');
  const mayConfirmPayments = can('payments_confirm');
  const [params, setParams] = useSearchParams();
  const filter = readFilter(params);
  const list = useQuery(ordersQuery(filter));
  const scope = filterSearch(filter);
  const [selection, setSelection] = useState<Selection>({ scope, rows: new Map() });
  // Another search (a tab, the filters) starts a new selection; another page of it keeps it.
  const rows = selection.scope === scope ? selection.rows : new Map<string, DeskOrderRow>();
  const queueLabel = QUEUES.find((queue) => queue.code === filter.queue)?.label ?? 'すべての注文';

  function toggle(orders: readonly DeskOrderRow[], on: boolean) {
    const next = new Map(rows);
    for (const order of orders) {
      if (on) next.set(order.order_no, order);
      else next.delete(order.order_no);
    }
    setSelection({ scope, rows: next });
  }
  const clear = () => setSelection({ scope, rows: new Map() });

  return (
    <>
      <title>{`受注管理（${queueLabel}） | 管理画面`}</title>
      <div className={styles.heading}>
        <h1>受注管理</h1>
        {mayShip || mayConfirmPayments ? (
          <div className={styles.headingLinks}>
            {mayConfirmPayments ? (
              <Link to="/admin/orders/bank" className={ui.secondary}>
                入金消込（CSV）
              </Link>
            ) : null}
            {mayShip ? (
              <Link to="/admin/orders/tracking" className={ui.secondary}>
                送り状番号の取り込み
              </Link>
            ) : null}
          </div>
        ) : null}
      </div>
      <DeskFigures />
      <QueueTabs filter={filter} />
      <SearchForm filter={filter} error={list.error} onSearch={(search) => setParams(new URLSearchParams(search))} />
      <MemberFilter filter={filter} error={list.error} />
      <SavedViews current={scope.replace(/^\?/, '')} />

      <BulkBar selected={[...rows.values()]} onClear={clear} />

      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadFailed error={list.error} fields={ERROR_FIELDS} />
      ) : list.data.items.length === 0 ? (
        <p className={table.empty}>該当する注文はありません。</p>
      ) : (
        <>
          <OrderTable orders={list.data.items} caption={queueLabel} selected={rows} onToggle={toggle} />
          <Pager pagination={list.data.pagination} />
        </>
      )}
      {/* On a phone the bar is fixed to the bottom: room for it under the last row. */}
      {rows.size > 0 ? <div className={styles.bulkSpacer} /> : null}
    </>
  );
}

/** The fields a 422 on the list may name: the form says those under the field, 会員で絞り込み中 its own. */
const ERROR_FIELDS: readonly string[] = [...FILTER_FIELDS, 'q', 'member'];

/**
 * 会員で絞り込み中: the list holds one member's orders (the member desk's すべての注文を見る), with
 * the way to the member and 解除; a malformed id is the server's 422 on `member`, said here.
 */
function MemberFilter({ filter, error }: { filter: OrderFilter; error: unknown }) {
  const mayViewMembers = useCan()('members_view');
  if (!filter.member) return null;
  const problem = fieldError(error, 'member');
  return (
    <div className={styles.memberFilter}>
      <span className={styles.memberChip}>
        <span>会員で絞り込み中</span>
        <Link
          to={{ search: filterSearch({ ...filter, member: '' }) }}
          className={styles.memberChipClear}
          aria-label="会員の絞り込みを解除"
        >
          ×
        </Link>
      </span>
      {mayViewMembers ? <Link to={`/admin/members/${encodeURIComponent(filter.member)}`}>会員情報を見る</Link> : null}
      {problem ? (
        <p role="alert" className={styles.memberProblem}>
          {problem}
        </p>
      ) : null}
    </div>
  );
}

// ---- the figures and the queues -----------------------------------------------------------------

function Figure({ label, figure }: { label: string; figure: SalesFigure }) {
  return (
    <div className={styles.figure}>
      <dt>{label}</dt>
      <dd>
        <span className={styles.figureCount}>{figure.orders}件</span>
        <span className={styles.figureAmount}>
          <Yen value={figure.amount} />
        </span>
        {figure.refunded > 0 ? (
          <span className={styles.figureRefunded}>
            返金 −<Yen value={figure.refunded} />
          </span>
        ) : null}
      </dd>
    </div>
  );
}

function DeskFigures() {
  const home = useQuery(deskHomeQuery());
  const titleId = useId();
  if (!home.data) return home.isError ? <LoadFailed error={home.error} /> : null;
  const due = home.data.to_ship_due_today;
  return (
    <section aria-labelledby={titleId} className={styles.figures}>
      <h2 id={titleId} className="visually-hidden">
        注文と売上
      </h2>
      <dl className={styles.figureList}>
        <Figure label="本日" figure={home.data.today} />
        <Figure label="今週" figure={home.data.this_week} />
        <Figure label="今月" figure={home.data.this_month} />
        <div className={`${styles.figure} ${due > 0 ? styles.figureDue : ''}`}>
          <dt>出荷待ち（本日締め）</dt>
          <dd>
            <Link to={`?queue=to_ship&planned_to=${todayInJapan()}`} className={styles.figureCount}>
              {due}件
            </Link>
          </dd>
        </div>
      </dl>
    </section>
  );
}

function QueueTabs({ filter }: { filter: OrderFilter }) {
  const home = useQuery(deskHomeQuery());
  const count = (code: string) => home.data?.queues.find((queue) => queue.queue === code)?.count;
  const tabs = [{ code: '' as const, label: 'すべて' }, ...QUEUES];
  return (
    <nav aria-label="作業キュー">
      <ul className={styles.tabs}>
        {tabs.map((queue) => {
          const n = queue.code ? count(queue.code) : undefined;
          return (
            <li key={queue.code || 'all'}>
              <Link
                to={{ search: filterSearch({ ...filter, queue: queue.code }) }}
                className={styles.tab}
                aria-current={queue.code === filter.queue ? 'page' : undefined}
              >
                {queue.label}
                {n !== undefined ? (
                  <span className={`${styles.count} ${n === 0 ? styles.countZero : ''}`}>
                    {n}
                    <span className="visually-hidden">件</span>
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

// ---- the search ---------------------------------------------------------------------------------

type SearchValues = { q: string } & Record<FilterField, string>;

const PAYMENT_CHOICES = codeChoices(PAYMENTS);
const CARRIER_CHOICES = codeChoices(CARRIERS);
const CUSTOMER_CHOICES = codeChoices(CUSTOMERS);

/** An amount as the server takes it: blank, or a whole number of yen. */
function amountShape(value: string): true | string {
  return value.trim() === '' || /^[0-9]+$/.test(value.trim()) || '金額は0以上の整数で入力してください';
}

const searchRules = {
  q: { maxLength: { value: 100, message: 'キーワードは100文字以内で入力してください' } },
  amount_min: { validate: amountShape },
  amount_max: {
    validate: (value: string, form: SearchValues) => {
      const shape = amountShape(value);
      if (shape !== true) return shape;
      const [min, max] = [form.amount_min.trim(), value.trim()];
      return min === '' || max === '' || Number(min) <= Number(max) || '上限は下限以上の金額にしてください';
    },
  },
  ordered_to: {
    validate: (value: string, form: SearchValues) =>
      !value || !form.ordered_from || form.ordered_from <= value || '終了日は開始日以降の日付を選んでください',
  },
} satisfies { [K in keyof SearchValues]?: RegisterOptions<SearchValues, K> };

interface SearchFormProps {
  filter: OrderFilter;
  /** The list's error: a 422 names the filter field it is about. */
  error: unknown;
  onSearch: (search: string) => void;
}

function SearchForm({ filter, error, onSearch }: SearchFormProps) {
  const current: SearchValues = { q: filter.q, ...pickFields(filter) };
  const { register, handleSubmit, problem } = useFilterForm(current, error);
  const set = activeFilters(filter);

  return (
    <form
      noValidate
      aria-label="注文の検索"
      onSubmit={handleSubmit((values) =>
        onSearch(filterSearch({ ...values, queue: filter.queue, member: filter.member })),
      )}
    >
      <div className={filterBar.fields}>
        <Field
          label="キーワード"
          hint="注文番号・氏名・カナ・電話・メール・送り状番号から探します。"
          error={problem('q')}
        >
          {(control) => <input {...control} type="search" {...register('q', searchRules.q)} />}
        </Field>
      </div>
      <FilterPanel set={set}>
        <ChoiceField
          label="お支払い方法"
          error={problem('payment')}
          registration={register('payment')}
          choices={PAYMENT_CHOICES}
        />
        <ChoiceField
          label="配送業者"
          error={problem('carrier')}
          registration={register('carrier')}
          choices={CARRIER_CHOICES}
        />
        <ChoiceField
          label="お届け先の都道府県"
          error={problem('prefecture')}
          registration={register('prefecture')}
          choices={PREFECTURE_CHOICES}
        />
        <ChoiceField
          label="会員区分"
          error={problem('customer')}
          registration={register('customer')}
          choices={CUSTOMER_CHOICES}
        />
        <Field label="注文日（から）" error={problem('ordered_from')}>
          {(control) => <input {...control} type="date" {...register('ordered_from')} />}
        </Field>
        <Field label="注文日（まで）" error={problem('ordered_to')}>
          {(control) => <input {...control} type="date" {...register('ordered_to', searchRules.ordered_to)} />}
        </Field>
        <Field label="出荷予定日（この日まで）" error={problem('planned_to')}>
          {(control) => <input {...control} type="date" {...register('planned_to')} />}
        </Field>
        <Field label="合計金額（下限）" error={problem('amount_min')}>
          {(control) => (
            <input {...control} type="text" inputMode="numeric" {...register('amount_min', searchRules.amount_min)} />
          )}
        </Field>
        <Field label="合計金額（上限）" error={problem('amount_max')}>
          {(control) => (
            <input {...control} type="text" inputMode="numeric" {...register('amount_max', searchRules.amount_max)} />
          )}
        </Field>
        <Field label="商品名・商品コード（SKU）" error={problem('product')}>
          {(control) => <input {...control} type="text" {...register('product')} />}
        </Field>
      </FilterPanel>
      <div className={filterBar.actions}>
        <button type="submit" className={ui.button}>
          検索
        </button>
        {filter.q || filter.member || set > 0 ? (
          <Link
            to={{ search: filterSearch({ ...EMPTY_FILTER, q: '', member: '', queue: filter.queue }) }}
            className={ui.secondary}
          >
            条件をクリア
          </Link>
        ) : null}
      </div>
    </form>
  );
}

function pickFields(filter: OrderFilter): Record<FilterField, string> {
  const fields = { ...EMPTY_FILTER };
  for (const field of FILTER_FIELDS) fields[field] = filter[field];
  return fields;
}

// ---- the list -----------------------------------------------------------------------------------

interface OrderTableProps {
  orders: readonly DeskOrderRow[];
  caption: string;
  selected: ReadonlyMap<string, DeskOrderRow>;
  onToggle: (orders: readonly DeskOrderRow[], on: boolean) => void;
}

function OrderTable({ orders, caption, selected, onToggle }: OrderTableProps) {
  const ticked = orders.filter((order) => selected.has(order.order_no)).length;
  return (
    <>
      <label className={`${ui.choice} ${styles.selectAll}`}>
        <input
          type="checkbox"
          checked={ticked === orders.length}
          ref={(input) => {
            if (input) input.indeterminate = ticked > 0 && ticked < orders.length;
          }}
          onChange={(event) => onToggle(orders, event.target.checked)}
        />
        このページの注文をすべて選択
      </label>
      <table className={`${table.table} ${styles.orders}`}>
        <caption className="visually-hidden">{`注文一覧（${caption}）`}</caption>
        <thead>
          <tr>
            <th scope="col">注文番号</th>
            <th scope="col">注文日時</th>
            <th scope="col">ご注文者</th>
            <th scope="col">お支払い</th>
            <th scope="col">合計</th>
            <th scope="col">状態</th>
            <th scope="col">出荷</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.order_no}>
              <td data-label="注文番号" className={table.nowrap}>
                <input
                  type="checkbox"
                  className={styles.check}
                  aria-label={`${order.order_no}を選択`}
                  checked={selected.has(order.order_no)}
                  onChange={(event) => onToggle([order], event.target.checked)}
                />
                <Link to={`/admin/orders/${encodeURIComponent(order.order_no)}`} className={styles.orderNo}>
                  {order.order_no}
                </Link>
              </td>
              <td data-label="注文日時" className={table.nowrap}>
                <DateTime value={order.ordered_at} />
              </td>
              <td data-label="ご注文者">
                <div>
                  {order.orderer_name}
                  <span className={styles.sub}>
                    {order.is_member ? <Badge tone="member">会員</Badge> : <Badge>ゲスト</Badge>}
                  </span>
                </div>
              </td>
              <td data-label="お支払い">{order.payment_name}</td>
              <td data-label="合計" className={`${table.numeric} ${table.nowrap}`}>
                <Yen value={order.total_payment} />
              </td>
              <td data-label="状態">
                <OrderBadges order={order} />
              </td>
              <td data-label="出荷" className={styles.shipmentsCell}>
                <ul className={styles.shipments} aria-label={`${order.order_no}の出荷`}>
                  {order.shipments.map((shipment) => (
                    <li key={shipment.code} className={styles.shipment}>
                      <span className={styles.shipmentCode}>{shipment.code}</span>
                      <ShipStateBadge shipment={shipment} />
                      <span className={styles.shipmentTo}>
                        {shipment.name || '（お届け先未定）'}
                        {shipment.prefecture ? `・${shipment.prefecture}` : ''}
                      </span>
                      {shipment.tracking
                        .filter((number) => !number.removed_at)
                        .map((number) =>
                          number.url ? (
                            <a
                              key={number.number}
                              href={number.url}
                              target="_blank"
                              rel="noreferrer"
                              className={styles.tracking}
                            >
                              {`送り状 ${number.number}`}
                            </a>
                          ) : (
                            <span key={number.number} className={styles.tracking}>
                              {`送り状 ${number.number}`}
                            </span>
                          ),
                        )}
                    </li>
                  ))}
                  {order.shipments.length === 0 ? <li className={styles.sub}>出荷なし</li> : null}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
