/**
 * /cart: the lines (picture, name, variation, unit price, quantity, delete, subtotal), the
 * social gift choice where the shop offers it (gift-choice.tsx), the coupon code, the totals and
 * 「レジに進む」 — to the address book for a member, to the orderer form for a guest. An empty
 * cart says so.
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-error';
import { track, trackedLine } from '../../domain/analytics/analytics';
import { useSession } from '../../api/session';
import { FormField, buttonClass } from '../../ui/form-field';
import { NoticeSlot } from '../../ui/notice-slot';
import { Price } from '../../ui/price';
import { LoadingBlock } from '../../ui/spinner';
import { StockBadge } from '../../ui/stock-badge';
import { patchCart, useCartAction } from './cart-api';
import { CheckoutFrame, EMPTY_CART_TEXT, LineImage, OrderTotals, useCheckoutCart, variationLabel } from './cart-parts';
import { EmbroideryChoice, EmbroideryLabel } from './embroidery-choice';
import { GIFT_DRAFT_NOTE, GiftChoice } from './gift-choice';
import type { Cart, CartProduct } from './cart-types';
import styles from './cart.module.css';

export const MAX_LINE_QUANTITY = 99;

/** 1 … the line's maximum (at least its current quantity, at most 99). */
export function quantityChoices(line: Pick<CartProduct, 'quantity' | 'product_info'>): number[] {
  const max = Math.min(MAX_LINE_QUANTITY, Math.max(line.quantity, line.product_info.max_quantity || line.quantity, 1));
  return Array.from({ length: max }, (_, i) => i + 1);
}

/**
 * One line. An accessory line (`parent_key`) names the product it goes with and changes through
 * the accessory calls; deleting a product line takes its accessories with it (server).
 */
function CartLine({ line, parent }: { line: CartProduct; parent?: CartProduct }) {
  const accessory = Boolean(line.parent_key);
  const modify = useCartAction((token, quantity: number) =>
    patchCart(accessory ? '/v1/carts/accessories/modify' : '/v1/carts/products/modify', {
      token,
      key: line.key,
      quantity,
    }),
  );
  const remove = useCartAction<void>((token) =>
    patchCart(accessory ? '/v1/carts/accessories/delete' : '/v1/carts/products/delete', { token, key: line.key }),
  );
  const info = line.product_info;
  const busy = modify.isPending || remove.isPending;
  const quantityId = `quantity-${line.key}`;
  return (
    <li
      className={accessory ? `${styles.line} ${styles.accessoryLine}` : styles.line}
      aria-label={info.name}
      aria-busy={busy || undefined}
    >
      <LineImage url={info.image_url} name={info.name} />
      <div className={styles.lineBody}>
        {accessory ? (
          <p className={styles.lineMeta}>{parent ? `「${parent.product_info.name}」のアクセサリー` : 'アクセサリー'}</p>
        ) : null}
        <p className={styles.lineName}>{info.url ? <Link to={info.url}>{info.name}</Link> : info.name}</p>
        {variationLabel(info) ? <p className={styles.lineMeta}>{variationLabel(info)}</p> : null}
        <EmbroideryLabel line={line} />
        <p className={styles.lineMeta}>
          単価 <Price value={line.unit_price} taxLabel />
          {line.tax_rate === 8 ? '（軽減税率8%対象）' : ''}
        </p>
        {info.stock_status !== 'in_stock' ? <StockBadge status={info.stock_status} /> : null}
        <EmbroideryChoice line={line} />
        <div className={styles.lineControls}>
          <label htmlFor={quantityId}>数量</label>
          <select
            id={quantityId}
            className={styles.quantity}
            value={line.quantity}
            disabled={busy}
            onChange={(event) => modify.mutate(Number(event.target.value))}
          >
            {quantityChoices(line).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
          <button
            type="button"
            className={styles.linkButton}
            disabled={busy}
            onClick={() => remove.mutate()}
            aria-label={`${info.name}を削除`}
          >
            削除
          </button>
        </div>
        <p>
          小計 <Price value={line.subtotal} taxLabel />
        </p>
      </div>
    </li>
  );
}

/** Each product line followed by its accessory lines (an accessory whose product is gone comes last). */
export function ordered(products: readonly CartProduct[]): CartProduct[] {
  const tops = products.filter((p) => !p.parent_key);
  const placed = tops.flatMap((top) => [top, ...products.filter((p) => p.parent_key === top.key)]);
  return [...placed, ...products.filter((p) => !placed.includes(p))];
}

function CouponBox({ cart }: { cart: Cart }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const add = useCartAction((token, value: string) => patchCart('/v1/carts/coupons/add', { token, code: value }));
  const remove = useCartAction((token, value: string) => patchCart('/v1/carts/coupons/delete', { token, code: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (value === '') {
      setError('クーポンコードを入力してください。');
      return;
    }
    setError(undefined);
    add.mutate(value, {
      onSuccess: () => setCode(''),
      onError: (failure) => {
        if (failure instanceof ApiError) setError(failure.errors.code?.[0] ?? undefined);
      },
    });
  };

  return (
    <section className={styles.section} aria-labelledby="coupon-title">
      <h2 id="coupon-title" className={styles.sectionTitle}>
        クーポン
      </h2>
      {cart.detail.coupons.length > 0 ? (
        <ul className={styles.choiceList} aria-label="適用中のクーポン">
          {cart.detail.coupons.map((coupon) => (
            <li key={coupon.code} className={styles.choice}>
              <span className={styles.choiceText}>
                <span>
                  {coupon.name}（{coupon.code}）
                </span>
                <span>
                  -<Price value={coupon.discount} />
                </span>
                {coupon.problem ? <span className={styles.muted}>{coupon.problem}</span> : null}
              </span>
              <button
                type="button"
                className={styles.linkButton}
                disabled={remove.isPending}
                onClick={() => remove.mutate(coupon.code)}
                aria-label={`クーポン${coupon.code}を外す`}
              >
                外す
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <form noValidate onSubmit={submit} className={styles.inlineForm} aria-label="クーポンの適用">
          <FormField label="クーポンコード" error={error}>
            {(control) => (
              <input
                {...control}
                type="text"
                value={code}
                onChange={(event) => setCode(event.target.value)}
                autoComplete="off"
              />
            )}
          </FormField>
          <button type="submit" className={buttonClass.secondary} disabled={add.isPending}>
            {add.isPending ? '適用中…' : '適用する'}
          </button>
        </form>
      )}
    </section>
  );
}

export function CartPage() {
  const state = useCheckoutCart();
  const { isLogin } = useSession();
  const navigate = useNavigate();
  const [giftDraft, setGiftDraft] = useState(false);
  const cart = state.cart;
  const products = cart?.detail.products ?? [];

  return (
    <CheckoutFrame title="ショッピングカート" step="cart">
      <NoticeSlot code="cart_index" />
      {state.isPending ? (
        <LoadingBlock label="カートを読み込み中" />
      ) : !cart || products.length === 0 ? (
        <div className={styles.empty}>
          <p>{EMPTY_CART_TEXT}</p>
          <Link to="/product" className={styles.primaryLink}>
            商品を探す
          </Link>
        </div>
      ) : (
        <div className={styles.layout}>
          <div>
            <ul className={styles.lines} aria-label="カートの商品">
              {ordered(products).map((line) => (
                <CartLine
                  key={line.key}
                  line={line}
                  parent={line.parent_key ? products.find((p) => p.key === line.parent_key) : undefined}
                />
              ))}
            </ul>
            <NoticeSlot code="cart_index_note" />
            <GiftChoice cart={cart} onDraftChange={setGiftDraft} />
            <CouponBox cart={cart} />
          </div>
          <div>
            <OrderTotals totals={cart.detail.order} />
            {giftDraft ? (
              <p id="gift-draft-note" className={styles.muted}>
                {GIFT_DRAFT_NOTE}
              </p>
            ) : null}
            <div className={styles.actions}>
              <button
                type="button"
                className={buttonClass.primary}
                disabled={giftDraft}
                aria-describedby={giftDraft ? 'gift-draft-note' : undefined}
                onClick={() => {
                  track({
                    name: 'begin_checkout',
                    lines: products.map((l) => trackedLine(l)),
                    value: cart.detail.order.total_payment,
                  });
                  navigate(isLogin ? '/cart/shipping-select' : '/cart/shipping-add');
                }}
              >
                レジに進む
              </button>
              <Link to="/product" className={buttonClass.secondary}>
                買い物を続ける
              </Link>
            </div>
            <NoticeSlot code="cart_index_links" />
          </div>
        </div>
      )}
    </CheckoutFrame>
  );
}

export { CartPage as Component };
