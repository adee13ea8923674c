/**
 * /cart/confirm: everything of the order — lines, orderer, shippings with date, slot and
 * packing, payment (card), coupon, points, carriage, fees, the per-rate tax breakdown and the
 * total — a note, and 「注文を確定する」: POST /v1/carts/{token}/decision behind the
 * payment-in-progress cookie (no double submission), then /cart/complete?order_no=…; a card that
 * asks for 本人認証 sends the whole page to the gateway's challenge, which comes back to
 * /cart/authentication. A declined card goes back to the payment step, where the cart shows the
 * gateway's message (decision-outcome.ts). A social gift shows the gift (recipient, sender,
 * message) instead of an address and date, and can be turned back into an ordinary order here.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-error';
import { useSettings } from '../../domain/site/site-queries';
import { ORDER_NO_MAX } from '../../domain/member/profile-form';
import { formatDate } from '../../lib/format';
import { beginPayment, finishPayment, handleCartError } from '../../domain/cart/cart-store';
import { showToast } from '../../lib/toast';
import { FormField, SubmitButton, buttonClass } from '../../ui/form-field';
import { NoticeSlot } from '../../ui/notice-slot';
import { decide, downloadQuotation, leadtimesQuery, patchCart } from './cart-api';
import { packingsOf } from './shipping-detail-page';
import {
  AddressText,
  CheckoutFrame,
  CheckoutGate,
  OrderTotals,
  OrdererText,
  ReadOnlyLines,
  useCheckoutCart,
} from './cart-parts';
import type { Cart } from './cart-types';
import {
  PAYMENT_DECLINED,
  completeOrder,
  purchaseProductsOf,
  returnToPayment,
  startAuthentication,
} from './decision-outcome';
import { GiftSummary, isGiftCart } from './gift-choice';
import { productLinesOf, shippingsInUse } from './shipping-split';
import { DELIVERY, PICKUP_TEXT, deliveryLabel, useDeliveryChoices } from './delivery-option';
import styles from './cart.module.css';

export const NOTE_MAX = 1000;

const MISSING_LABELS: Record<string, [string, string]> = {
  products: ['ご注文商品', '/cart'],
  orderer: ['ご注文者情報', '/cart/shipping-add'],
  shipping_address: ['お届け先', '/cart/shipping-select'],
  payment_method: ['お支払い方法', '/cart/payment'],
  card: ['お支払いに使うカード', '/cart/payment'],
  payment_unavailable: ['ご利用いただけるお支払い方法', '/cart/payment'],
  coupon: ['クーポン（ご利用条件を満たしていません）', '/cart'],
  delivery_option: ['配送方法', '/cart/shipping-select'],
};

function Summary({ cart }: { cart: Cart }) {
  const order = cart.detail.order;
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [note, setNote] = useState(order.note ?? '');
  const settings = useSettings();
  const corporate = settings['SITE.IS_CORPORATE'] === true;
  const [purchaseOrderNo, setPurchaseOrderNo] = useState(order.purchase_order_no ?? '');
  const [pending, setPending] = useState(false);
  const [quoting, setQuoting] = useState(false);
  const quote = async () => {
    setQuoting(true);
    try {
      await downloadQuotation(cart.token);
    } catch (error) {
      await handleCartError(error, pathname);
    } finally {
      setQuoting(false);
    }
  };
  const gift = isGiftCart(cart);
  const deliveryChoices = useDeliveryChoices();
  // Shippings that hold nothing are not ordered (shipping-split.ts).
  const shipped = gift ? cart.detail.shippings : shippingsInUse(cart);
  const several = !gift && shipped.length > 1;
  const delivery = deliveryLabel(deliveryChoices, order.delivery_option);
  const pickup = order.delivery_option === DELIVERY.pickup;
  const customer = order.delivery_option === DELIVERY.customer;
  const leadtimes = useQuery({
    ...leadtimesQuery(
      cart.token,
      cart.detail.shippings.map((s) => s.key),
    ),
    enabled: cart.detail.shippings.length > 0 && !gift,
  });
  const packings = packingsOf(settings as unknown as Record<string, unknown>);
  const timezoneLabel = (key: string | null | undefined) =>
    key ? (leadtimes.data?.flatMap((l) => l.timezones).find((t) => t.key === key)?.label ?? key) : '指定なし';
  const dateLabel = (date: string | null | undefined) =>
    date
      ? (leadtimes.data?.flatMap((l) => l.dates).find((d) => d.date === date)?.label ?? formatDate(date))
      : '指定なし';
  const wrappingLabel = (key: string) => packings.wrappings.find((w) => w.key === key)?.label ?? 'あり';
  const noshiLabel = (key: string) => packings.noshi.find((n) => n.key === key)?.label ?? 'あり';

  // Back from the card issuer's page, the browser may restore this page as it was left (busy):
  // 「注文を確定する」 works again (the decision answers the same 本人認証).
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) setPending(false);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (!beginPayment()) {
      showToast('ただいまお支払いを処理しています。しばらくお待ちください。', 'warning');
      return;
    }
    setPending(true);
    try {
      // The 発注番号 is this order's own once typed: empty means none, not the profile's default.
      if (corporate && purchaseOrderNo.trim() !== (order.purchase_order_no ?? '')) {
        await patchCart('/v1/carts/order/modify', { token: cart.token, purchase_order_no: purchaseOrderNo.trim() });
      }
      if (note.trim() !== (order.note ?? '').trim()) {
        await patchCart('/v1/carts/other/modify', { token: cart.token, note: note.trim() });
      }
      const decision = await decide(cart.token);
      finishPayment();
      const products = purchaseProductsOf(cart);
      const redirectUrl = decision.next_action?.redirect_url;
      // 本人認証: the page stays busy while the browser leaves for the card issuer.
      if (redirectUrl) startAuthentication(decision, redirectUrl, cart.token, products);
      else await completeOrder(decision, cart.token, products, navigate);
    } catch (error) {
      finishPayment();
      setPending(false);
      if (error instanceof ApiError && error.code === PAYMENT_DECLINED) {
        await returnToPayment(navigate);
        return;
      }
      await handleCartError(error, pathname);
    }
  };

  return (
    <div className={styles.layout}>
      <div>
        <NoticeSlot code="cart_confirm_1" />
        <section className={styles.section} aria-labelledby="confirm-lines">
          <h2 id="confirm-lines" className={styles.sectionTitle}>
            ご注文商品
          </h2>
          <ReadOnlyLines products={cart.detail.products} />
          <p className={styles.inlineForm}>
            <Link to="/cart">カートの内容を変更する</Link>
            <button type="button" className={styles.linkButton} disabled={quoting} onClick={() => void quote()}>
              {quoting ? '作成中…' : '見積書をダウンロード（PDF）'}
            </button>
          </p>
        </section>

        <section className={styles.section} aria-labelledby="confirm-orderer">
          <h2 id="confirm-orderer" className={styles.sectionTitle}>
            ご注文者
          </h2>
          {order.orderer ? <OrdererText orderer={order.orderer} /> : <p className={styles.muted}>未入力です。</p>}
        </section>

        {gift ? <GiftSummary cart={cart} /> : null}
        {delivery ? (
          <section className={styles.section} aria-labelledby="confirm-delivery">
            <h2 id="confirm-delivery" className={styles.sectionTitle}>
              配送方法
            </h2>
            <p>{delivery}</p>
            <Link to="/cart/shipping-select">配送方法を変更する</Link>
          </section>
        ) : null}
        {(gift && packings.wrappings.length + packings.noshi.length === 0 ? [] : shipped).map((shipping, i) => (
          <section key={shipping.key} className={styles.section} aria-labelledby={`confirm-shipping-${i}`}>
            <h2 id={`confirm-shipping-${i}`} className={styles.sectionTitle}>
              {gift ? 'ギフトの包装' : `お届け先${several ? i + 1 : ''}${customer ? '（お客様直送）' : ''}`}
            </h2>
            {gift ? null : pickup ? (
              <p>{PICKUP_TEXT}</p>
            ) : shipping.address ? (
              <AddressText address={shipping.address} />
            ) : (
              <p className={styles.muted}>未設定です。</p>
            )}
            {several ? (
              <ul className={styles.splitItems} aria-label={`お届け先${i + 1}に送る商品`}>
                {productLinesOf(cart, shipping.key).map((line) => (
                  <li key={line.key}>
                    {line.product_info.name} × {line.quantity}
                  </li>
                ))}
              </ul>
            ) : null}
            <dl className={styles.dl}>
              {gift ? null : (
                <>
                  <dt>お届け希望日</dt>
                  <dd>{dateLabel(shipping.delivery_date)}</dd>
                  <dt>お届け時間帯</dt>
                  <dd>{timezoneLabel(shipping.delivery_timezone_key)}</dd>
                </>
              )}
              {gift && !shipping.packing.wrapping_key && !shipping.packing.noshi_key ? (
                <>
                  <dt>ラッピング・のし</dt>
                  <dd>なし</dd>
                </>
              ) : null}
              {shipping.packing.wrapping_key ? (
                <>
                  <dt>ギフトラッピング</dt>
                  <dd>{wrappingLabel(shipping.packing.wrapping_key)}</dd>
                </>
              ) : null}
              {shipping.packing.noshi_key ? (
                <>
                  <dt>のし</dt>
                  <dd>
                    {noshiLabel(shipping.packing.noshi_key)}
                    {shipping.packing.noshi_name ? `（名入れ：${shipping.packing.noshi_name}）` : ''}
                  </dd>
                </>
              ) : null}
            </dl>
            <p>
              <Link to="/cart/shipping-detail">{gift ? '包装を変更する' : 'お届け方法を変更する'}</Link>
            </p>
          </section>
        ))}

        <section className={styles.section} aria-labelledby="confirm-payment">
          <h2 id="confirm-payment" className={styles.sectionTitle}>
            お支払い方法
          </h2>
          <p>
            {order.payment_method?.name ?? '未選択です。'}
            {order.card ? `（${order.card.brand} ${order.card.masked_number}）` : ''}
          </p>
          {cart.detail.coupons.length > 0 ? (
            <p>ご利用クーポン：{cart.detail.coupons.map((c) => `${c.name}（${c.code}）`).join('、')}</p>
          ) : null}
          {order.use_points > 0 ? <p>ご利用ポイント：{order.use_points.toLocaleString('ja-JP')}pt</p> : null}
          {order.earn_points > 0 ? (
            <p>今回のご注文で獲得予定のポイント：{order.earn_points.toLocaleString('ja-JP')}pt</p>
          ) : null}
          <p>
            <Link to="/cart/payment">お支払い方法を変更する</Link>
          </p>
        </section>

        <form noValidate onSubmit={(e) => void submit(e)} aria-label="ご注文の確定">
          {corporate ? (
            <FormField
              label="発注番号"
              hint={`貴社の発注書の番号（任意・${ORDER_NO_MAX}文字以内）。会員情報の発注番号が入っています。`}
            >
              {(c) => (
                <input
                  {...c}
                  type="text"
                  autoComplete="off"
                  maxLength={ORDER_NO_MAX}
                  value={purchaseOrderNo}
                  onChange={(e) => setPurchaseOrderNo(e.target.value)}
                />
              )}
            </FormField>
          ) : null}
          <FormField label="備考" hint={`${NOTE_MAX}文字以内`}>
            {(c) => (
              <textarea {...c} rows={4} maxLength={NOTE_MAX} value={note} onChange={(e) => setNote(e.target.value)} />
            )}
          </FormField>
          {!order.can_decide && order.missing.length > 0 ? (
            <div role="alert" className={styles.alert}>
              <p>ご注文を確定する前に、次の項目をご入力ください。</p>
              <ul>
                {order.missing.map((m) => {
                  const [label, to] = MISSING_LABELS[m] ?? [m, '/cart'];
                  return (
                    <li key={m}>
                      <Link to={to}>{label}</Link>
                    </li>
                  );
                })}
              </ul>
            </div>
          ) : null}
          <NoticeSlot code="cart_confirm_2" />
          <div className={styles.actions}>
            <SubmitButton pending={pending} pendingLabel="処理中…">
              注文を確定する
            </SubmitButton>
            <Link to="/cart/payment" className={buttonClass.secondary}>
              戻る
            </Link>
          </div>
        </form>
      </div>
      <OrderTotals totals={order} />
    </div>
  );
}

export function ConfirmPage() {
  const state = useCheckoutCart();
  return (
    <CheckoutFrame title="ご注文内容の確認" step="confirm">
      <CheckoutGate state={state}>{(cart) => <Summary cart={cart} />}</CheckoutGate>
    </CheckoutFrame>
  );
}

export { ConfirmPage as Component };
