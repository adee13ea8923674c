/**
 * 注文詳細 (order desk): the order's status badges, 要注意会員 (the member desk's flag and its
 * note, linking to the member), the orderer, the customer's 備考, the amounts
 * and the payments, each shipment with its lines, のし and wrapping, delivery wishes, 出荷予定日,
 * tracking numbers, state buttons and 出荷を分割, 返品・返金 and its list, メールを再送, and the timeline
 * with its notes.
 * Only the changes the server's `actions` allow this staff member now are offered. A change made
 * on an old copy (409) says so and offers to read the order again.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { AdminApiError, errorText } from '../api/admin-client';
import type { DeskOrder } from '../api/admin-types';
import { useCan } from '../api/session-queries';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { DateTime, formatDateTime, formatDay, todayInJapan } from '../ui/date-time';
import { Flag } from '../ui/flag';
import { Field, FormAlert, StatusNotice, ui } from '../ui/form';
import { LoadFailed, Loading } from '../ui/query-state';
import { Yen } from '../ui/yen';
import { OrderBadges } from './order-badges';
import {
  isStale,
  orderQuery,
  useCancelOrder,
  useConfirmPayment,
  useHold,
  useMarkReviewed,
  useRelease,
} from './order-queries';
import {
  applyServerErrors,
  type PaymentValues,
  parseAmount,
  paymentRules,
  REASON_MAX,
  type ReasonValues,
  reasonRules,
  type ReportFailure,
} from './order-schema';
import { OrderTimeline } from './order-timeline';
import { RefundList } from './refund-list';
import { RefundPanel } from './refund-panel';
import { ResendMail } from './resend-mail';
import { ShipmentSection } from './shipment-section';
import styles from './order-page.module.css';

export function OrderPage() {
  const { orderNo = '' } = useParams();
  if (!useCan()('orders_view')) {
    return (
      <>
        <title>注文詳細 | 管理画面</title>
        <h1>注文詳細</h1>
        <p role="alert">注文を閲覧する権限がありません。</p>
      </>
    );
  }
  return <OrderLoader orderNo={orderNo} />;
}

function OrderLoader({ orderNo }: { orderNo: string }) {
  const order = useQuery(orderQuery(orderNo));
  if (order.isPending) return <Loading />;
  if (order.isError) {
    return (
      <>
        <title>注文詳細 | 管理画面</title>
        <h1>注文 {orderNo}</h1>
        {order.error instanceof AdminApiError && order.error.status === 404 ? (
          <p role="alert">この注文は見つかりません。</p>
        ) : (
          <LoadFailed error={order.error} />
        )}
        <p>
          <Link to="/admin/orders">受注一覧へ戻る</Link>
        </p>
      </>
    );
  }
  return <OrderView order={order.data} />;
}

type Panel = 'payment' | 'hold' | 'cancel' | 'refund' | `ship:${string}` | `back:${string}`;

function OrderView({ order }: { order: DeskOrder }) {
  const queryClient = useQueryClient();
  const [stale, setStale] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const [panel, setPanel] = useState<Panel | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const report: ReportFailure = (error, setError, fields) => {
    if (isStale(error)) {
      setStale(errorText(error));
      return null;
    }
    return applyServerErrors(error, setError, fields);
  };

  async function reload() {
    setReloading(true);
    try {
      await queryClient.refetchQueries({ queryKey: orderQuery(order.order_no).queryKey, exact: true });
      setStale(null);
      setPanel(null);
    } finally {
      setReloading(false);
    }
  }

  const done = (message: string) => {
    setPanel(null);
    setStale(null);
    setNotice(message);
  };
  const toggle = (next: Panel) => {
    setNotice(null);
    setPanel((current) => (current === next ? null : next));
  };

  return (
    <>
      <title>{`注文 ${order.order_no} | 管理画面`}</title>
      <p className={styles.back}>
        <Link to="/admin/orders">受注一覧へ戻る</Link>
      </p>
      <h1 className={styles.title}>注文 {order.order_no}</h1>
      <p className={styles.meta}>
        <DateTime value={order.ordered_at} /> ご注文・お客様の表示「{order.status_label}」
      </p>
      <p className={styles.badges}>
        <span className="visually-hidden">注文の状態：</span>
        <OrderBadges order={order} />
      </p>
      {order.on_hold ? (
        <Flag label="保留中" className={styles.flag}>
          {order.hold_reason || '理由の記載なし'}
        </Flag>
      ) : null}
      {order.needs_review ? (
        <Flag label="要確認" className={styles.flag}>
          {order.review_reason || '理由の記載なし'}
        </Flag>
      ) : null}
      {order.cancel_reason ? (
        <Flag label="キャンセル理由" className={styles.flag}>
          {order.cancel_reason}
        </Flag>
      ) : null}
      <MemberCaution order={order} />

      {stale ? (
        <div role="alert" className={styles.stale}>
          <p>{stale}</p>
          <button type="button" className={ui.button} disabled={reloading} onClick={() => void reload()}>
            最新の内容を読み込む
          </button>
        </div>
      ) : null}
      <StatusNotice message={notice} />

      <OrderActions order={order} panel={panel} onToggle={toggle} onDone={done} report={report} />

      <div className={styles.layout}>
        <div className={styles.main}>
          {order.shipments.map((shipment, index) => (
            <ShipmentSection
              key={shipment.code}
              order={order}
              shipment={shipment}
              index={index}
              panel={panel}
              onToggle={toggle}
              onDone={done}
              report={report}
            />
          ))}
          {order.shipments.length === 0 ? <p>この注文には出荷がありません。</p> : null}
          <RefundList order={order} onDone={done} report={report} />
          <ResendMail order={order} onDone={done} report={report} />
          <OrderTimeline order={order} onDone={done} report={report} />
        </div>
        <aside className={styles.side} aria-label="注文者とお支払い">
          <Orderer order={order} />
          <CustomerNote note={order.note} />
          <Payment order={order} />
          <Amounts order={order} />
        </aside>
      </div>
    </>
  );
}

/**
 * 要注意会員: the order's member is flagged on the member desk; the note says what to do (「電話で
 * 確認してから出荷」), and staff who may read members go to the member from here.
 */
function MemberCaution({ order }: { order: DeskOrder }) {
  const mayViewMembers = useCan()('members_view');
  const caution = order.member_caution;
  if (!caution) return null;
  return (
    <div role="note" aria-label="要注意会員" className={styles.memberCaution}>
      <p>
        <strong>要注意会員</strong>：{caution.note || 'メモの記載なし'}
      </p>
      {mayViewMembers ? (
        <p>
          <Link to={`/admin/members/${encodeURIComponent(caution.member_id)}`}>会員情報を見る</Link>
        </p>
      ) : null}
    </div>
  );
}

// ---- the order's own changes --------------------------------------------------------------------

interface ActionsProps {
  order: DeskOrder;
  panel: Panel | null;
  onToggle: (panel: Panel) => void;
  onDone: (message: string) => void;
  report: ReportFailure;
}

function OrderActions({ order, panel, onToggle, onDone, report }: ActionsProps) {
  const { actions } = order;
  const release = useRelease(order.order_no);
  const reviewed = useMarkReviewed(order.order_no);
  const [alert, setAlert] = useState<string | null>(null);
  const any =
    actions.confirm_payment ||
    actions.hold ||
    actions.release ||
    actions.mark_reviewed ||
    actions.refund ||
    actions.cancel;
  if (!any) return null;

  const direct = (mutation: typeof release, message: string) => {
    setAlert(null);
    mutation.mutate(undefined, {
      onSuccess: () => onDone(message),
      onError: (error) => setAlert(report(error, () => undefined, [])),
    });
  };

  return (
    <section className={styles.actions} aria-label="この注文の操作">
      <div className={ui.actions}>
        {actions.confirm_payment ? (
          <button
            type="button"
            className={panel === 'payment' ? ui.button : ui.secondary}
            aria-expanded={panel === 'payment'}
            onClick={() => onToggle('payment')}
          >
            入金確認
          </button>
        ) : null}
        {actions.hold ? (
          <button
            type="button"
            className={ui.secondary}
            aria-expanded={panel === 'hold'}
            onClick={() => onToggle('hold')}
          >
            保留
          </button>
        ) : null}
        {actions.release ? (
          <button
            type="button"
            className={ui.secondary}
            disabled={release.isPending}
            onClick={() => direct(release, '保留を解除しました。')}
          >
            保留解除
          </button>
        ) : null}
        {actions.mark_reviewed ? (
          <button
            type="button"
            className={ui.secondary}
            disabled={reviewed.isPending}
            onClick={() => direct(reviewed, '要確認を解除しました。')}
          >
            確認済みにする
          </button>
        ) : null}
        {actions.refund ? (
          <button
            type="button"
            className={panel === 'refund' ? ui.button : ui.secondary}
            aria-expanded={panel === 'refund'}
            onClick={() => onToggle('refund')}
          >
            返品・返金
          </button>
        ) : null}
        {actions.cancel ? (
          <button
            type="button"
            className={ui.danger}
            aria-expanded={panel === 'cancel'}
            onClick={() => onToggle('cancel')}
          >
            注文をキャンセル
          </button>
        ) : null}
      </div>
      <FormAlert message={alert} />
      {panel === 'payment' ? <PaymentForm order={order} onDone={onDone} report={report} /> : null}
      {panel === 'hold' ? <HoldForm order={order} onDone={onDone} report={report} /> : null}
      {panel === 'cancel' ? <CancelForm order={order} onDone={onDone} report={report} /> : null}
      {panel === 'refund' ? <RefundPanel order={order} onDone={onDone} report={report} /> : null}
    </section>
  );
}

interface FormProps {
  order: DeskOrder;
  onDone: (message: string) => void;
  report: ReportFailure;
}

function PaymentForm({ order, onDone, report }: FormProps) {
  const confirm = useConfirmPayment(order.order_no);
  const [alert, setAlert] = useState<string | null>(null);
  // 入金額 starts at what is still owed (the server decides 一部入金 / 入金済 / 過入金).
  const remaining = order.total_payment - order.paid_amount;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PaymentValues>({
    defaultValues: { paid_on: todayInJapan(), amount: remaining > 0 ? String(remaining) : '' },
  });
  return (
    <form
      noValidate
      className={styles.form}
      aria-label="入金確認"
      onSubmit={handleSubmit((values) => {
        setAlert(null);
        const amount = parseAmount(values.amount);
        confirm.mutate(
          { paid_on: values.paid_on, amount },
          {
            onSuccess: () =>
              onDone(
                `入金（${values.paid_on.replaceAll('-', '/')}・${amount.toLocaleString('ja-JP')}円）を記録しました。`,
              ),
            onError: (error) => setAlert(report(error, setError, ['paid_on', 'amount'])),
          },
        );
      })}
    >
      <FormAlert message={alert} />
      <p className={styles.formLead}>
        ご請求 <Yen value={order.total_payment} />
        ・入金済み <Yen value={order.paid_amount} />
      </p>
      <div className={styles.formFields}>
        <Field label="入金日" error={errors.paid_on?.message}>
          {(control) => (
            <input {...control} type="date" max={todayInJapan()} {...register('paid_on', paymentRules.paid_on)} />
          )}
        </Field>
        <Field label="入金額（円）" error={errors.amount?.message}>
          {(control) => (
            <input {...control} type="text" inputMode="numeric" {...register('amount', paymentRules.amount)} />
          )}
        </Field>
      </div>
      <div className={ui.actions}>
        <button type="submit" className={ui.button} disabled={confirm.isPending}>
          入金を記録する
        </button>
      </div>
    </form>
  );
}

function HoldForm({ order, onDone, report }: FormProps) {
  const hold = useHold(order.order_no);
  const [alert, setAlert] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ReasonValues>({ defaultValues: { reason: '' } });
  return (
    <form
      noValidate
      className={styles.form}
      aria-label="保留"
      onSubmit={handleSubmit(({ reason }) => {
        setAlert(null);
        hold.mutate(reason.trim(), {
          onSuccess: () => onDone('注文を保留にしました。保留中は出荷できません。'),
          onError: (error) => setAlert(report(error, setError, ['reason'])),
        });
      })}
    >
      <FormAlert message={alert} />
      <Field
        label="保留の理由"
        hint={`${REASON_MAX}文字以内。スタッフだけが見られます。`}
        error={errors.reason?.message}
      >
        {(control) => <textarea {...control} rows={3} {...register('reason', reasonRules('保留の理由'))} />}
      </Field>
      <div className={ui.actions}>
        <button type="submit" className={ui.button} disabled={hold.isPending}>
          保留にする
        </button>
      </div>
    </form>
  );
}

function CancelForm({ order, onDone, report }: FormProps) {
  const cancel = useCancelOrder(order.order_no);
  const [alert, setAlert] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ReasonValues>({ defaultValues: { reason: '' } });
  return (
    <form
      noValidate
      className={styles.form}
      aria-label="注文のキャンセル"
      onSubmit={handleSubmit(({ reason }) => {
        setAlert(null);
        setConfirming(reason.trim());
      })}
    >
      <FormAlert message={alert} />
      <Field
        label="キャンセルの理由"
        hint={`${REASON_MAX}文字以内。お客様へのキャンセルのお知らせメールに記載されます。`}
        error={errors.reason?.message}
      >
        {(control) => <textarea {...control} rows={3} {...register('reason', reasonRules('キャンセルの理由'))} />}
      </Field>
      <div className={ui.actions}>
        <button type="submit" className={ui.danger} disabled={cancel.isPending}>
          キャンセルに進む
        </button>
      </div>
      {confirming !== null ? (
        <ConfirmDialog
          title="注文のキャンセル"
          confirmLabel="キャンセルを確定する"
          pending={cancel.isPending}
          onClose={() => setConfirming(null)}
          onConfirm={() =>
            cancel.mutate(confirming, {
              onSuccess: () => {
                setConfirming(null);
                onDone('注文をキャンセルしました。お客様にメールでお知らせしました。');
              },
              onError: (error) => {
                setConfirming(null);
                setAlert(report(error, setError, ['reason']));
              },
            })
          }
        >
          <p>{`注文 ${order.order_no} をキャンセルします。在庫・クーポン・ポイントを戻し、カード決済は返金します。`}</p>
          <p>キャンセルは元に戻せません。</p>
          <p>理由：{confirming}</p>
        </ConfirmDialog>
      ) : null}
    </form>
  );
}

// ---- who, what they wrote, what they pay -------------------------------------------------------

function Orderer({ order }: { order: DeskOrder }) {
  const o = order.orderer;
  const kana = `${o.last_name_kana} ${o.first_name_kana}`.trim();
  const address = [o.postal_code ? `〒${postal(o.postal_code)}` : '', o.prefecture, o.city, o.address1, o.address2]
    .filter(Boolean)
    .join(' ');
  const rows: [string, string][] = [
    ['お名前', `${order.orderer_name}${kana ? `（${kana}）` : ''}`],
    ['会社名', o.company_name],
    ['メールアドレス', order.orderer_email],
    ['電話番号', o.phone_number],
    ['住所', address],
    ['会員区分', order.is_member ? '会員' : 'ゲスト'],
  ];
  return (
    <section className={styles.panel} aria-labelledby="orderer-title">
      <h2 id="orderer-title" className={styles.panelTitle}>
        ご注文者
      </h2>
      <dl className={styles.facts}>
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{label === 'メールアドレス' ? <a href={`mailto:${value}`}>{value}</a> : value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}

function postal(code: string): string {
  return /^\d{7}$/.test(code) ? `${code.slice(0, 3)}-${code.slice(3)}` : code;
}

function CustomerNote({ note }: { note: string }) {
  return (
    <section className={`${styles.panel} ${note ? styles.note : ''}`} aria-labelledby="note-title">
      <h2 id="note-title" className={styles.panelTitle}>
        お客様の備考
      </h2>
      <p className={styles.noteBody}>{note || 'なし'}</p>
    </section>
  );
}

function Payment({ order }: { order: DeskOrder }) {
  return (
    <section className={styles.panel} aria-labelledby="payment-title">
      <h2 id="payment-title" className={styles.panelTitle}>
        お支払い
      </h2>
      <dl className={styles.facts}>
        <div>
          <dt>お支払い方法</dt>
          <dd>{order.payment_name}</dd>
        </div>
        <div>
          <dt>入金状況</dt>
          <dd>{order.payment.label}</dd>
        </div>
        <div>
          <dt>入金済み額</dt>
          <dd>
            <Yen value={order.paid_amount} />
          </dd>
        </div>
        {order.refunded_amount > 0 ? (
          <div>
            <dt>返金済み額</dt>
            <dd>
              <Yen value={order.refunded_amount} />
            </dd>
          </div>
        ) : null}
        <div>
          <dt>入金日</dt>
          <dd>{order.paid_on ? formatDay(order.paid_on) : '—'}</dd>
        </div>
        {order.payment_due_at ? (
          <div>
            <dt>お支払い期限</dt>
            <dd>{dueDay(order.payment_due_at)}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

/** 銀行振込's deadline is the end of its last day (next midnight): that day, as customers read it. */
function dueDay(at: string): string {
  const end = Date.parse(at);
  return Number.isNaN(end) ? at : `${formatDateTime(new Date(end - 1).toISOString()).slice(0, 10)}まで`;
}

function Amounts({ order }: { order: DeskOrder }) {
  const rows: [string, number][] = [
    ['商品小計', order.subtotal],
    ['送料', order.total_carriage],
    ['決済手数料', order.payment_fee],
    ['ラッピング料', order.packing_fee],
    ['クーポン割引', -order.coupon_discount],
    ['ポイント利用', -order.point_discount],
  ];
  return (
    <section className={styles.panel} aria-labelledby="amounts-title">
      <h2 id="amounts-title" className={styles.panelTitle}>
        金額
      </h2>
      <dl className={styles.amounts}>
        {rows
          .filter(([label, value]) => value !== 0 || label === '商品小計' || label === '送料')
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>
                <Yen value={value} />
              </dd>
            </div>
          ))}
        <div className={styles.total}>
          <dt>ご請求額</dt>
          <dd>
            <Yen value={order.total_payment} />
          </dd>
        </div>
        <div>
          <dt>うち消費税</dt>
          <dd>
            <Yen value={order.total_tax} />
          </dd>
        </div>
      </dl>
    </section>
  );
}
