import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../lib/query-client';
import { sessionStore } from '../../api/session';
import { showToast } from '../../lib/toast';
import { DateText } from '../../ui/date-text';
import { buttonClass, controlClass, FormField } from '../../ui/form-field';
import { MypageFrame } from '../../ui/mypage-frame';
import { Pagination } from '../../ui/pagination';
import { Price } from '../../ui/price';
import {
  EMPTY_SEARCH,
  PERIODS,
  orderListQuery,
  saveSearch,
  savedSearch,
  searchFromParams,
  searchToParams,
  useCancelOrder,
  useDownloadQuotation,
  useDownloadReceipt,
  useOrderList,
  type OrderSearch,
  type Period,
} from './order-queries';
import { CancelDialog } from './order-cancel-dialog';
import type { Order } from './order-types';
import { StatusBadge, orderPath } from './order-status';
import styles from './orders.module.css';

/** The URL's search, or (a bare /mypage/order_history) the one saved in this tab. */
export function currentSearch(params: URLSearchParams): OrderSearch {
  if ([...params.keys()].length === 0) return savedSearch() ?? EMPTY_SEARCH;
  return searchFromParams(params);
}

export async function loader({ request }: LoaderFunctionArgs) {
  const search = currentSearch(new URL(request.url).searchParams);
  // A cached list (back from an order) is shown as it is: spec 001 §4 skips that fetch.
  if (sessionStore.get().isLogin) await queryClient.ensureQueryData(orderListQuery(search));
  return null;
}

/** 「ジェットヘルメット 他2点」: the first product and how many more lines. */
export function productSummary(order: Pick<Order, 'shippings'>): string {
  const products = order.shippings.flatMap((shipping) => shipping.products).filter((p) => !p.is_accessory);
  const first = products[0];
  if (!first) return '';
  return products.length > 1 ? `${first.name} 他${products.length - 1}点` : first.name;
}

/** Receipts wait for the payment and are not issued for cancelled orders (the server says so too). */
export const receiptAllowed = (order: Pick<Order, 'status'>) =>
  order.status !== 'awaiting_payment' && order.status !== 'cancelled';

function OrderItem({ order, onCancel }: { order: Order; onCancel: (order: Order) => void }) {
  const titleId = useId();
  const summary = productSummary(order);
  const receipt = useDownloadReceipt(order);
  const quotation = useDownloadQuotation(order);
  const which = <span className="visually-hidden">（注文番号 {order.order_no}）</span>;
  return (
    <article aria-labelledby={titleId} className={styles.order}>
      <div>
        <h2 id={titleId} className={styles.orderHead}>
          <span>注文番号 {order.order_no}</span>
          <StatusBadge order={order} />
        </h2>
        <dl className={styles.facts}>
          {summary ? (
            <div className={styles.factWide}>
              <dt>商品</dt>
              <dd>{summary}</dd>
            </div>
          ) : null}
          <div>
            <dt>ご注文日</dt>
            <dd>
              <DateText value={order.ordered_at} />
            </dd>
          </div>
          <div>
            <dt>お支払い金額</dt>
            <dd>
              <Price value={order.total_payment} taxLabel />
            </dd>
          </div>
          {order.payment_name ? (
            <div>
              <dt>お支払い方法</dt>
              <dd>{order.payment_name}</dd>
            </div>
          ) : null}
        </dl>
      </div>
      <div className={styles.itemActions}>
        <Link to={orderPath(order)} className={styles.detailLink}>
          詳細を見る{which}
        </Link>
        {receiptAllowed(order) ? (
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={receipt.isPending}
            aria-busy={receipt.isPending || undefined}
            onClick={() => receipt.mutate()}
          >
            領収書{which}
          </button>
        ) : null}
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={quotation.isPending}
          aria-busy={quotation.isPending || undefined}
          onClick={() => quotation.mutate()}
        >
          見積書{which}
        </button>
        {order.can_cancel ? (
          <button type="button" className={buttonClass.danger} onClick={() => onCancel(order)}>
            キャンセル{which}
          </button>
        ) : null}
      </div>
    </article>
  );
}

function SearchForm({ search }: { search: OrderSearch }) {
  const navigate = useNavigate();
  const [orderNo, setOrderNo] = useState(search.order_no);
  const [period, setPeriod] = useState<Period>(search.period);

  const go = (next: OrderSearch) => {
    saveSearch(next);
    const query = searchToParams(next).toString();
    void navigate(query ? `/mypage/order_history?${query}` : '/mypage/order_history?period=all');
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    go({ page: 1, order_no: orderNo.trim(), period });
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: <form role="search"> is a landmark in every browser; <search> needs Safari 17
    <form role="search" aria-label="注文の検索" noValidate onSubmit={onSubmit} className={styles.search}>
      <FormField label="注文番号" required="none">
        {(control) => (
          <input
            {...control}
            type="search"
            value={orderNo}
            maxLength={40}
            autoComplete="off"
            onChange={(event) => setOrderNo(event.target.value)}
          />
        )}
      </FormField>
      <FormField label="期間" required="none">
        {(control) => (
          <select
            {...control}
            className={controlClass.select}
            value={period}
            onChange={(event) => setPeriod(event.target.value as Period)}
          >
            {PERIODS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <div className={styles.searchActions}>
        <button type="submit" className={buttonClass.primary}>
          検索する
        </button>
        {search.order_no || search.period !== 'all' ? (
          <button
            type="button"
            className={buttonClass.secondary}
            onClick={() => {
              setOrderNo('');
              setPeriod('all');
              go(EMPTY_SEARCH);
            }}
          >
            条件をクリア
          </button>
        ) : null}
      </div>
    </form>
  );
}

export const LIST_CANCELLED_MESSAGE = 'ご注文をキャンセルしました。';

/** The cancellation question for one order of the list (spec 001 §2: the list cancels too). */
function ListCancel({ order, onDone }: { order: Order; onDone: (warnings: string[] | null) => void }) {
  const cancel = useCancelOrder(order.id);
  return (
    <CancelDialog
      orderNo={order.order_no}
      pending={cancel.isPending}
      onConfirm={async (reason) => {
        const result = await cancel.mutateAsync(reason);
        showToast(LIST_CANCELLED_MESSAGE, 'success');
        onDone(result.warnings);
      }}
      onClose={() => onDone(null)}
    />
  );
}

/** 注文履歴: the member's orders, newest first, with ご購入金額合計 and a search. */
export function OrderHistoryPage() {
  const [params] = useSearchParams();
  const search = currentSearch(params);
  const { items, pagination, totalPayment } = useOrderList(search);
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const [warnings, setWarnings] = useState<string[]>([]);
  const filtered = search.order_no !== '' || search.period !== 'all';
  const hrefFor = (page: number) => {
    const query = searchToParams({ ...search, page }).toString();
    return query ? `/mypage/order_history?${query}` : '/mypage/order_history?period=all';
  };

  return (
    <MypageFrame title="注文履歴">
      {warnings.map((warning) => (
        <p key={warning} role="alert" className={styles.warning}>
          {warning}
        </p>
      ))}
      <SearchForm key={`${search.order_no}|${search.period}`} search={search} />
      <div className={styles.summary}>
        <p>
          ご購入金額合計{' '}
          <span className={styles.total}>
            <Price value={totalPayment} taxLabel />
          </span>
        </p>
        <p className={styles.muted}>キャンセルされたご注文は含みません。</p>
      </div>
      {items.length === 0 ? (
        <p className={styles.empty}>{filtered ? '条件に合うご注文はありません。' : 'ご注文の履歴はまだありません。'}</p>
      ) : (
        <ul className={styles.list} aria-label="ご注文の一覧">
          {items.map((order) => (
            <li key={order.id}>
              <OrderItem order={order} onCancel={setCancelling} />
            </li>
          ))}
        </ul>
      )}
      <Pagination pagination={pagination} hrefFor={hrefFor} label="注文履歴のページ送り" />
      {cancelling ? (
        <ListCancel
          order={cancelling}
          onDone={(result) => {
            if (result) setWarnings(result);
            setCancelling(null);
          }}
        />
      ) : null}
    </MypageFrame>
  );
}

export { OrderHistoryPage as Component };
