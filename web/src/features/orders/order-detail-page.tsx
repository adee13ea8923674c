import { useId, useState } from 'react';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../lib/query-client';
import { sessionStore } from '../../api/session';
import { showToast } from '../../lib/toast';
import { DateText } from '../../ui/date-text';
import { buttonClass } from '../../ui/form-field';
import { MypageFrame } from '../../ui/mypage-frame';
import { Price } from '../../ui/price';
import { CancelDialog } from './order-cancel-dialog';
import { OrderGiftSection } from './order-gift-section';
import { StatusBadge } from './order-status';
import { OrderMemoSection } from './order-memo';
import {
  orderQuery,
  useCancelOrder,
  useDownloadQuotation,
  useIssueReceipt,
  useOrder,
  useReissueGiftLink,
} from './order-queries';
import { DEFAULT_RECEIPT_NOTE } from './order-schema';
import type { Order, OrderShipping, TaxAmount } from './order-types';
import { ReceiptForm } from './receipt-form';
import styles from './orders.module.css';

export async function loader({ params }: LoaderFunctionArgs) {
  if (sessionStore.get().isLogin && params.key) await queryClient.ensureQueryData(orderQuery(params.key));
  return null;
}

export const CANCELLED_MESSAGE = 'ご注文をキャンセルしました。';
export const RECEIPT_AWAITING_PAYMENT = 'お支払いの確認後に発行できます。';
export const RECEIPT_CANCELLED = 'キャンセルされたご注文の領収書は発行できません。';

/** `2026-11-25` → `2026.11.25` (a delivery date is a Japan date already). */
export function deliveryDate(value: string): string {
  return value.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$1.$2.$3');
}

/** 「10%対象 ¥X（内消費税 ¥Y）」. */
export function TaxLine({ rate }: { rate: TaxAmount }) {
  return (
    <>
      {rate.tax_rate}%対象 <Price value={rate.amount} />
      （内消費税 <Price value={rate.tax} />）
    </>
  );
}

function ShippingSection({
  shipping,
  index,
  count,
  gift = false,
}: {
  shipping: OrderShipping;
  index: number;
  count: number;
  /** A social gift: the buyer sees no address (the gift section tells where and when). */
  gift?: boolean;
}) {
  const titleId = useId();
  const address = shipping.address;
  return (
    <section aria-labelledby={titleId} className={styles.section}>
      <h2 id={titleId} className={styles.sectionTitle}>
        {gift ? 'ギフトの商品' : count > 1 ? `お届け先 ${index + 1}` : 'お届け先'}
      </h2>
      <dl className={`${styles.rows} ${styles.shippingFacts}`}>
        {address && !gift ? (
          <>
            <div>
              <dt>お名前</dt>
              <dd>{address.shipping_name} 様</dd>
            </div>
            <div>
              <dt>ご住所</dt>
              <dd>{address.full_address}</dd>
            </div>
            {address.phone_number ? (
              <div>
                <dt>電話番号</dt>
                <dd>{address.phone_number}</dd>
              </div>
            ) : null}
          </>
        ) : null}
        {gift ? null : (
          <>
            <div>
              <dt>お届け希望日</dt>
              <dd>{shipping.delivery_date ? deliveryDate(shipping.delivery_date) : '指定なし'}</dd>
            </div>
            <div>
              <dt>お届け時間帯</dt>
              <dd>{shipping.delivery_timezone_label || '指定なし'}</dd>
            </div>
          </>
        )}
        {shipping.wrapping_label ? (
          <div>
            <dt>ラッピング</dt>
            <dd>{shipping.wrapping_label}</dd>
          </div>
        ) : null}
        {shipping.noshi_label ? (
          <div>
            <dt>のし</dt>
            <dd>
              {shipping.noshi_label}
              {shipping.noshi_name ? `（${shipping.noshi_name}）` : ''}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>送料</dt>
          <dd>
            <Price value={shipping.carriage} />
          </dd>
        </div>
      </dl>
      {shipping.shipped ? <Parcel shipping={shipping} /> : null}
      <ul className={styles.products} aria-label="ご注文の商品">
        {shipping.products.map((product) => (
          <li key={product.id} className={styles.product}>
            {product.image_url ? (
              <img src={product.image_url} alt="" className={styles.productImage} loading="lazy" />
            ) : (
              <span className={styles.productImage} aria-hidden="true" />
            )}
            <div>
              <p className={styles.productName}>
                {product.is_accessory ? '付属品：' : ''}
                {product.name}
              </p>
              <p className={styles.productMeta}>
                {product.variation_name && product.variation_name !== product.name
                  ? `${product.variation_name} ／ `
                  : ''}
                商品コード {product.code}
              </p>
              <p className={styles.productMeta}>
                <Price value={product.unit_price} /> × {product.quantity}点 ＝{' '}
                <Price value={product.subtotal} taxLabel />
                {product.tax_rate !== 10 ? `（軽減税率${product.tax_rate}%）` : ''}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A parcel that has left: 発送済み, with each tracking number linked to the carrier's page. */
function Parcel({ shipping }: { shipping: OrderShipping }) {
  return (
    <div className={styles.parcel}>
      <p className={styles.parcelState}>発送済み</p>
      {shipping.tracking.length > 0 ? (
        <ul className={styles.trackingList} aria-label="お荷物のお問い合わせ番号">
          {shipping.tracking.map((parcel) => (
            <li key={parcel.number}>
              {parcel.carrier_label ? `${parcel.carrier_label}　` : ''}お問い合わせ番号{' '}
              {parcel.url ? (
                <a href={parcel.url} target="_blank" rel="noreferrer">
                  {parcel.number}
                  <span className="visually-hidden">（配送状況を見る・新しいタブで開きます）</span>
                </a>
              ) : (
                parcel.number
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function TotalsSection({ order }: { order: Order }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={styles.section}>
      <h2 id={titleId} className={styles.sectionTitle}>
        ご請求金額
      </h2>
      <dl className={styles.rows}>
        <div>
          <dt>商品小計</dt>
          <dd>
            <Price value={order.items_subtotal} />
          </dd>
        </div>
        {order.coupon_discount > 0 ? (
          <div>
            <dt>クーポン割引{order.coupon_code ? `（${order.coupon_code}）` : ''}</dt>
            <dd>
              <Price value={-order.coupon_discount} />
            </dd>
          </div>
        ) : null}
        <div>
          <dt>送料</dt>
          <dd>
            <Price value={order.total_carriage} />
          </dd>
        </div>
        {order.payment_fee > 0 ? (
          <div>
            <dt>手数料</dt>
            <dd>
              <Price value={order.payment_fee} />
            </dd>
          </div>
        ) : null}
        {order.packing_fee > 0 ? (
          <div>
            <dt>ラッピング料</dt>
            <dd>
              <Price value={order.packing_fee} />
            </dd>
          </div>
        ) : null}
        {order.use_points > 0 ? (
          <div>
            <dt>ポイント利用</dt>
            <dd>{order.use_points.toLocaleString('ja-JP')}ポイント</dd>
          </div>
        ) : null}
        <div className={styles.grand}>
          <dt>お支払い金額</dt>
          <dd>
            <Price value={order.total_payment} taxLabel />
          </dd>
        </div>
        <div>
          <dt>内消費税</dt>
          <dd>
            <ul aria-label="税率ごとの内訳" className={styles.products}>
              {order.amount_by_tax_rate.map((rate) => (
                <li key={rate.tax_rate}>
                  <TaxLine rate={rate} />
                </li>
              ))}
            </ul>
          </dd>
        </div>
        {order.earned_points > 0 ? (
          <div>
            <dt>獲得ポイント</dt>
            <dd>{order.earned_points.toLocaleString('ja-JP')}ポイント</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

function PaymentSection({ order }: { order: Order }) {
  const titleId = useId();
  const orderer = order.orderer;
  return (
    <section aria-labelledby={titleId} className={styles.section}>
      <h2 id={titleId} className={styles.sectionTitle}>
        お支払い・ご注文者
      </h2>
      <dl className={styles.rows}>
        <div>
          <dt>お支払い方法</dt>
          <dd>{order.payment_name ?? '—'}</dd>
        </div>
        {order.delivery_option_label ? (
          <div>
            <dt>配送方法</dt>
            <dd>
              {order.delivery_option === 1 ? `${order.delivery_option_label}（引取り）` : order.delivery_option_label}
            </dd>
          </div>
        ) : null}
        {order.purchase_order_no ? (
          <div>
            <dt>発注番号</dt>
            <dd>{order.purchase_order_no}</dd>
          </div>
        ) : null}
        {order.card_masked_number ? (
          <div>
            <dt>カード番号</dt>
            <dd>{order.card_masked_number}</dd>
          </div>
        ) : null}
        {order.bank_account ? (
          <div>
            <dt>お振込先</dt>
            <dd>
              {order.bank_account.bank_name} {order.bank_account.branch_name} {order.bank_account.account_type}{' '}
              {order.bank_account.account_number} {order.bank_account.account_holder}
              <br />
              お振込期限 {deliveryDate(order.bank_account.due_date)}
            </dd>
          </div>
        ) : null}
        {orderer ? (
          <>
            <div>
              <dt>ご注文者</dt>
              <dd>
                {orderer.company_name ? `${orderer.company_name} ` : ''}
                {orderer.last_name} {orderer.first_name} 様
              </dd>
            </div>
            <div>
              <dt>メールアドレス</dt>
              <dd>{orderer.email}</dd>
            </div>
          </>
        ) : null}
        {order.note ? (
          <div>
            <dt>ご要望</dt>
            <dd>{order.note}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

/** 返品・返金 of the order, oldest first: when, which items, how much, how, and where it stands. */
function RefundsSection({ refunds }: { refunds: Order['refunds'] }) {
  const titleId = useId();
  if (refunds.length === 0) return null;
  return (
    <section aria-labelledby={titleId} className={styles.section}>
      <h2 id={titleId} className={styles.sectionTitle}>
        返品・返金
      </h2>
      <ul className={styles.refunds}>
        {refunds.map((refund, index) => (
          <li key={`${refund.created_at}-${index}`} className={styles.refund}>
            <dl className={styles.rows}>
              <div>
                <dt>受付日</dt>
                <dd>
                  <DateText value={refund.created_at} />
                </dd>
              </div>
              <div>
                <dt>返品の商品</dt>
                <dd>
                  {refund.lines.length > 0 ? (
                    <ul className={styles.refundLines}>
                      {refund.lines.map((line, at) => (
                        <li key={`${line.name}-${line.variation_name}-${at}`}>
                          {`${line.name}${line.variation_name && line.variation_name !== line.name ? `（${line.variation_name}）` : ''} × ${line.quantity}点`}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    'なし'
                  )}
                </dd>
              </div>
              <div>
                <dt>返金額</dt>
                <dd>
                  <Price value={refund.amount} />
                </dd>
              </div>
              <div>
                <dt>返金方法</dt>
                <dd>{refund.method_label}</dd>
              </div>
              <div>
                <dt>状況</dt>
                <dd>{refund.state_label}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}

function receiptBlock(order: Order): string | null {
  if (order.status === 'cancelled') return RECEIPT_CANCELLED;
  if (order.status === 'awaiting_payment') return RECEIPT_AWAITING_PAYMENT;
  return null;
}

/** ご注文詳細: one order, its memo, the receipt and quotation, and the cancellation. */
export function OrderDetailPage() {
  const { key = '' } = useParams();
  const order = useOrder(key);
  const cancel = useCancelOrder(order.id);
  const receipt = useIssueReceipt(order);
  const quotation = useDownloadQuotation(order);
  const reissueGift = useReissueGiftLink(order.id);
  const [cancelling, setCancelling] = useState(false);
  const [warnings, setWarnings] = useState<string[]>([]);
  const summaryId = useId();

  const confirmCancel = async (reason: string) => {
    const result = await cancel.mutateAsync(reason);
    setWarnings(result.warnings);
    setCancelling(false);
    showToast(CANCELLED_MESSAGE, 'success');
  };

  return (
    <MypageFrame title="ご注文詳細">
      <Link to="/mypage/order_history" className={styles.back}>
        ‹ 注文履歴に戻る
      </Link>
      {warnings.map((warning) => (
        <p key={warning} role="alert" className={styles.warning}>
          {warning}
        </p>
      ))}
      <section aria-labelledby={summaryId} className={styles.section}>
        <h2 id={summaryId} className={styles.orderHead}>
          <span>注文番号 {order.order_no}</span>
          <StatusBadge order={order} />
          {order.refunds.length > 0 ? <span className={styles.refundBadge}>返品・返金あり</span> : null}
        </h2>
        <dl className={styles.rows}>
          <div>
            <dt>ご注文日時</dt>
            <dd>
              <DateText value={order.ordered_at} withTime />
            </dd>
          </div>
          <div>
            <dt>お支払い金額</dt>
            <dd>
              <Price value={order.total_payment} taxLabel />
            </dd>
          </div>
          {order.cancelled_at ? (
            <div>
              <dt>キャンセル日時</dt>
              <dd>
                <DateText value={order.cancelled_at} withTime />
              </dd>
            </div>
          ) : null}
          {order.cancel_reason ? (
            <div>
              <dt>キャンセル理由</dt>
              <dd>{order.cancel_reason}</dd>
            </div>
          ) : null}
        </dl>
      </section>

      <OrderGiftSection gift={order.social_gift} reissue={reissueGift} />
      {order.shippings.map((shipping, index) => (
        <ShippingSection
          key={shipping.id}
          shipping={shipping}
          index={index}
          count={order.shippings.length}
          gift={Boolean(order.social_gift)}
        />
      ))}
      <TotalsSection order={order} />
      <RefundsSection refunds={order.refunds} />
      <PaymentSection order={order} />
      <OrderMemoSection orderId={order.id} memo={order.memo ?? null} />
      <ReceiptForm
        key={`${order.id}-${order.status}`}
        defaults={{ addressee: order.receipt.addressee, note: order.receipt.note || DEFAULT_RECEIPT_NOTE }}
        issuedCount={order.receipt.issued_count}
        blockedReason={receiptBlock(order)}
        pending={receipt.isPending}
        onIssue={(values) => receipt.mutateAsync(values)}
      />

      <section aria-label="書類とキャンセル" className={styles.section}>
        <div className={styles.actions}>
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={quotation.isPending}
            aria-busy={quotation.isPending || undefined}
            onClick={() => quotation.mutate()}
          >
            {quotation.isPending ? 'ダウンロード中…' : '見積書をダウンロード'}
          </button>
          {order.can_cancel ? (
            <button type="button" className={buttonClass.danger} onClick={() => setCancelling(true)}>
              この注文をキャンセルする
            </button>
          ) : null}
        </div>
        {order.can_cancel ? null : order.status === 'cancelled' ? null : (
          <p className={styles.muted}>発送準備に入ったご注文はキャンセルできません。</p>
        )}
      </section>

      {cancelling ? (
        <CancelDialog
          orderNo={order.order_no}
          pending={cancel.isPending}
          onConfirm={confirmCancel}
          onClose={() => setCancelling(false)}
        />
      ) : null}
    </MypageFrame>
  );
}

export { OrderDetailPage as Component };
