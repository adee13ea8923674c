/**
 * Pieces every checkout screen shares: the step list, the order's totals with the per-rate tax
 * breakdown, the read-only line list, an address in words, and the hook that loads the current
 * cart (and says what its init dropped).
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { applyInitReason, handleCartError } from '../../domain/cart/cart-store';
import { useDocumentTitle } from '../../lib/document-title';
import { Price } from '../../ui/price';
import { LoadingBlock } from '../../ui/spinner';
import { useCurrentCart } from './cart-api';
import { EmbroideryLabel } from './embroidery-choice';
import type { Cart, CartProduct, Orderer, ShippingAddress, TaxRateAmount } from './cart-types';
import styles from './cart.module.css';

export const EMPTY_CART_TEXT = 'カートに商品がありません';

const STEPS = [
  ['cart', 'カート'],
  ['shipping', 'お届け先'],
  ['detail', 'お届け方法'],
  ['payment', 'お支払い方法'],
  ['confirm', 'ご注文内容の確認'],
  ['complete', 'ご注文完了'],
] as const;

export type StepKey = (typeof STEPS)[number][0];

export function CheckoutSteps({ current }: { current: StepKey }) {
  return (
    <ol className={styles.steps} aria-label="ご注文の手順">
      {STEPS.map(([key, label]) => (
        <li key={key} aria-current={key === current ? 'step' : undefined}>
          {label}
        </li>
      ))}
    </ol>
  );
}

/** A checkout screen: title, steps, body. */
export function CheckoutFrame({ title, step, children }: { title: string; step: StepKey; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{title}</h1>
      <CheckoutSteps current={step} />
      {children}
    </div>
  );
}

/** 「8%対象 ¥2,160（内消費税 ¥160）」 */
export function TaxLine({ rate }: { rate: TaxRateAmount }) {
  return (
    <li>
      {rate.tax_rate}%対象 <Price value={rate.amount} />
      （内消費税 <Price value={rate.tax} />）
    </li>
  );
}

export function TaxBreakdown({ rates }: { rates: readonly TaxRateAmount[] }) {
  if (rates.length === 0) return null;
  const sorted = [...rates].sort((a, b) => a.tax_rate - b.tax_rate);
  return (
    <ul className={styles.taxList} aria-label="税率ごとの内訳">
      {sorted.map((rate) => (
        <TaxLine key={rate.tax_rate} rate={rate} />
      ))}
    </ul>
  );
}

export interface TotalsLike {
  items_subtotal: number;
  coupon_discount: number;
  total_carriage: number;
  payment_fee: number;
  packing_fee: number;
  use_points: number;
  total_payment: number;
  amount_by_tax_rate: TaxRateAmount[];
}

/** The money of an order, every figure from the server. */
export function OrderTotals({ totals, title = 'ご注文金額' }: { totals: TotalsLike; title?: string }) {
  return (
    <section className={styles.summary} aria-labelledby="order-totals-title">
      <h2 id="order-totals-title" className={styles.summaryTitle}>
        {title}
      </h2>
      <dl className={styles.totals}>
        <dt>商品合計</dt>
        <dd>
          <Price value={totals.items_subtotal} taxLabel />
        </dd>
        {totals.coupon_discount > 0 ? (
          <>
            <dt>クーポン割引</dt>
            <dd>
              -<Price value={totals.coupon_discount} />
            </dd>
          </>
        ) : null}
        <dt>送料</dt>
        <dd>
          <Price value={totals.total_carriage} />
        </dd>
        {totals.payment_fee > 0 ? (
          <>
            <dt>決済手数料</dt>
            <dd>
              <Price value={totals.payment_fee} />
            </dd>
          </>
        ) : null}
        {totals.packing_fee > 0 ? (
          <>
            <dt>ラッピング料</dt>
            <dd>
              <Price value={totals.packing_fee} />
            </dd>
          </>
        ) : null}
        {totals.use_points > 0 ? (
          <>
            <dt>ポイント利用</dt>
            <dd>-{totals.use_points.toLocaleString('ja-JP')}pt</dd>
          </>
        ) : null}
        <dt className={styles.grandTotal}>お支払い合計</dt>
        <dd className={styles.grandTotal}>
          <Price value={totals.total_payment} taxLabel />
        </dd>
      </dl>
      <TaxBreakdown rates={totals.amount_by_tax_rate} />
    </section>
  );
}

export function LineImage({ url, name }: { url: string | null | undefined; name: string }) {
  return url ? (
    <img src={url} alt={name} width={80} height={80} loading="lazy" className={styles.lineImage} />
  ) : (
    <span className={styles.lineImage} role="img" aria-label={name} />
  );
}

/**
 * The variation's name, unless it only repeats the product's (a product with one item). The
 * line's embroidery is not in it: it has a line of its own (EmbroideryLabel).
 */
export function variationLabel(info: { name: string; variation_name: string }): string | null {
  const value = info.variation_name.trim();
  return value === '' || value === info.name.trim() ? null : value;
}

/** The lines as they will be ordered (confirm). */
export function ReadOnlyLines({ products }: { products: readonly CartProduct[] }) {
  return (
    <ul className={styles.lines} aria-label="ご注文商品">
      {products.map((p) => (
        <li key={p.key} className={styles.line} aria-label={p.product_info.name}>
          <LineImage url={p.product_info.image_url} name={p.product_info.name} />
          <div className={styles.lineBody}>
            <p className={styles.lineName}>{p.product_info.name}</p>
            {variationLabel(p.product_info) ? (
              <p className={styles.lineMeta}>{variationLabel(p.product_info)}</p>
            ) : null}
            <EmbroideryLabel line={p} />
            <p className={styles.lineMeta}>
              <Price value={p.unit_price} taxLabel /> × {p.quantity}
              {p.tax_rate === 8 ? '（軽減税率8%対象）' : ''}
            </p>
            <p>
              小計 <Price value={p.subtotal} taxLabel />
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function postalText(code: string): string {
  const digits = code.replace(/\D/g, '');
  return digits.length === 7 ? `〒${digits.slice(0, 3)}-${digits.slice(3)}` : code;
}

export function AddressText({ address }: { address: ShippingAddress }) {
  const name = address.shipping_name || `${address.shipping_last_name} ${address.shipping_first_name}`;
  const place =
    address.full_address ||
    `${postalText(address.postal_code)} ${address.prefecture}${address.city}${address.address1}${address.address2 ? ` ${address.address2}` : ''}`;
  return (
    <span className={styles.choiceText}>
      <span>{name} 様</span>
      <span>{place}</span>
      {address.phone_number ? <span>TEL {address.phone_number}</span> : null}
    </span>
  );
}

export function OrdererText({ orderer }: { orderer: Orderer }) {
  return (
    <span className={styles.choiceText}>
      <span>
        {orderer.last_name} {orderer.first_name}（{orderer.last_name_kana} {orderer.first_name_kana}）様
      </span>
      <span>
        {postalText(orderer.postal_code)} {orderer.prefecture}
        {orderer.city}
        {orderer.address1}
        {orderer.address2 ? ` ${orderer.address2}` : ''}
      </span>
      <span>{orderer.email}</span>
      {orderer.phone_number ? <span>TEL {orderer.phone_number}</span> : null}
    </span>
  );
}

/**
 * The current cart for a checkout screen (null: no cart yet), with the init's reason applied
 * once per answer (removed products as a notice, an empty confirm back to /cart/).
 */
export function useCheckoutCart(): { cart: Cart | null; isPending: boolean; isError: boolean } {
  const query = useCurrentCart();
  const { pathname } = useLocation();
  useCartQueryError(query.error);
  const seen = useRef<Cart | null>(null);
  const cart = query.data ?? null;
  useEffect(() => {
    if (!cart || seen.current === cart) return;
    seen.current = cart;
    if (cart.reason) applyInitReason(cart, pathname);
  }, [cart, pathname]);
  return { cart, isPending: query.isPending, isError: query.isError };
}

/**
 * A failed read of the cart's data (payment methods, lead times …) goes through the error
 * catalogue once per failure, as a failed change does (expired cart → new cart and /cart/ …).
 */
export function useCartQueryError(error: unknown) {
  const { pathname } = useLocation();
  const seen = useRef<unknown>(null);
  useEffect(() => {
    if (!error || seen.current === error) return;
    seen.current = error;
    void handleCartError(error, pathname);
  }, [error, pathname]);
}

/** Loading, failure and empty states shared by the steps after /cart. */
export function CheckoutGate({
  state,
  children,
}: {
  state: { cart: Cart | null; isPending: boolean; isError: boolean };
  children: (cart: Cart) => ReactNode;
}) {
  if (state.isPending) return <LoadingBlock label="カートを読み込み中" />;
  if (state.isError) {
    return (
      <p role="alert" className={styles.alert}>
        カートを読み込めませんでした。時間をおいて再度お試しください。
      </p>
    );
  }
  const cart = state.cart;
  if (!cart || cart.detail.products.length === 0) {
    return (
      <div className={styles.empty}>
        <p>{EMPTY_CART_TEXT}</p>
        <Link to="/product" className={styles.primaryLink}>
          商品を探す
        </Link>
      </div>
    );
  }
  return <>{children(cart)}</>;
}
