/**
 * /cart/shipping-detail: per shipping, the delivery date (from GET
 * /v1/shipping-leadtime/carts/{token}: the earliest date on and 14 days), the time slot, and
 * gift wrapping / noshi (the channel's ORDER.PACKINGS from the front settings; none when the
 * settings do not carry it). A social gift asks no date or time slot (the recipient chooses
 * them): only the wrapping and noshi, when the shop offers them. A shipping holding a product
 * that takes no wrapping or noshi has that choice disabled, with the reason
 * (docs/contracts/catalog-extras.md §1).
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSettings } from '../../domain/site/site-queries';
import { hasFieldErrors } from '../../lib/form-errors';
import { useSession } from '../../api/session';
import { FormAlert, FormField, SubmitButton, buttonClass, controlClass } from '../../ui/form-field';
import { Price } from '../../ui/price';
import { LoadingBlock } from '../../ui/spinner';
import { leadtimesQuery, patchCart, useCartAction } from './cart-api';
import {
  AddressText,
  CheckoutFrame,
  CheckoutGate,
  useCartQueryError,
  useCheckoutCart,
  variationLabel,
} from './cart-parts';
import type { Cart, CartProduct, CartShipping, Choice, Leadtime, Wrapping } from './cart-types';
import { productLinesOf, shippingsInUse } from './shipping-split';
import { GiftSummary, isGiftCart } from './gift-choice';
import styles from './cart.module.css';

export interface Packings {
  wrappings: Wrapping[];
  noshi: Choice[];
}

/** A shop that stores no ORDER.PACKINGS offers no wrapping or noshi. */
const NO_PACKINGS: Packings = { wrappings: [], noshi: [] };

/** ORDER.PACKINGS from the front settings (an object, or its JSON text). */
export function packingsOf(settings: Record<string, unknown>): Packings {
  let raw = settings['ORDER.PACKINGS'];
  if (typeof raw === 'string') {
    try {
      raw = JSON.parse(raw) as unknown;
    } catch {
      raw = null;
    }
  }
  if (raw && typeof raw === 'object') {
    const value = raw as Partial<Packings>;
    return {
      wrappings: Array.isArray(value.wrappings) ? value.wrappings : [],
      noshi: Array.isArray(value.noshi) ? value.noshi : [],
    };
  }
  return NO_PACKINGS;
}

interface Choices {
  date: string;
  timezone: string;
  wrapping: string;
  noshi: string;
  noshiName: string;
}

export const WRAPPING_NOT_ALLOWED = 'この配送先には、ラッピングできない商品が含まれています。';
export const NOSHI_NOT_ALLOWED = 'この配送先には、のしを付けられない商品が含まれています。';

/** What the shipping holds now (what a change is measured against). */
function choicesOf(shipping: CartShipping): Choices {
  return {
    date: shipping.delivery_date ?? '',
    timezone: shipping.delivery_timezone_key ?? '',
    wrapping: shipping.packing.wrapping_key ?? '',
    noshi: shipping.packing.noshi_key ?? '',
    noshiName: shipping.packing.noshi_name ?? '',
  };
}

/**
 * What the form starts from: the shipping's choices, less a wrapping or noshi its products no
 * longer allow (chosen before such a product joined it), so saving clears it.
 */
function startingChoices(shipping: CartShipping): Choices {
  const choices = choicesOf(shipping);
  if (shipping.wrapping_allowed === false) choices.wrapping = '';
  if (shipping.noshi_allowed === false) {
    choices.noshi = '';
    choices.noshiName = '';
  }
  return choices;
}

/** The server's messages on one shipping's wrapping and noshi (a 422 on wrapping_key / noshi_key). */
interface PackingErrors {
  wrapping?: string;
  noshi?: string;
}

/** The earliest date, or why no date can be chosen (a remote island such as 小笠原村). */
function dateHint(leadtime: Leadtime | undefined): string | undefined {
  if (!leadtime) return undefined;
  if (leadtime.no_date_reason) return leadtime.no_date_reason;
  const earliest = leadtime.dates[0]?.label ?? leadtime.earliest_date;
  return earliest ? `最短のお届け日は${earliest}です。` : undefined;
}

/** お届け希望日 and お届け時間帯 (disabled on a remote island, whose reason the hint gives). */
function DateChoices({
  leadtime,
  value,
  set,
}: {
  leadtime: Leadtime | undefined;
  value: Choices;
  set: (patch: Partial<Choices>) => void;
}) {
  return (
    <>
      <FormField label="お届け希望日" hint={dateHint(leadtime)}>
        {(c) => (
          <select
            {...c}
            className={controlClass.select}
            disabled={Boolean(leadtime?.no_date_reason)}
            value={value.date}
            onChange={(e) => set({ date: e.target.value })}
          >
            <option value="">指定なし</option>
            {(leadtime?.dates ?? []).map((d) => (
              <option key={d.date} value={d.date}>
                {d.label}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="お届け時間帯">
        {(c) => (
          <select
            {...c}
            className={controlClass.select}
            disabled={Boolean(leadtime?.no_date_reason)}
            value={value.timezone}
            onChange={(e) => set({ timezone: e.target.value })}
          >
            <option value="">指定なし</option>
            {(leadtime?.timezones ?? []).map((t) => (
              <option key={t.key} value={t.key}>
                {t.label}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </>
  );
}

function ShippingChoices({
  index,
  shipping,
  leadtime,
  packings,
  value,
  onChange,
  gift = false,
  items,
  errors,
}: {
  index: number;
  shipping: CartShipping;
  leadtime: Leadtime | undefined;
  packings: Packings;
  value: Choices;
  onChange: (next: Choices) => void;
  /** The server's refusal of this shipping's wrapping or noshi. */
  errors?: PackingErrors;
  /** A social gift: no address, date or time slot here (the recipient chooses them). */
  gift?: boolean;
  /** With several addresses: the products going to this one. */
  items?: CartProduct[];
}) {
  const set = (patch: Partial<Choices>) => onChange({ ...value, ...patch });
  const wrappingAllowed = shipping.wrapping_allowed !== false;
  const noshiAllowed = shipping.noshi_allowed !== false;
  const wrappingRef = useRef<HTMLSelectElement>(null);
  const noshiRef = useRef<HTMLSelectElement>(null);
  // A refused choice takes the focus, as a form's first field error does.
  useEffect(() => {
    if (errors?.wrapping) wrappingRef.current?.focus();
    else if (errors?.noshi) noshiRef.current?.focus();
  }, [errors]);
  return (
    <fieldset className={`${styles.section} ${styles.box}`}>
      <legend className={styles.sectionTitle}>{gift ? 'ギフトの包装' : `お届け先${items ? index + 1 : ''}`}</legend>
      {gift ? null : (
        <>
          {shipping.address ? (
            <AddressText address={shipping.address} />
          ) : (
            <p className={styles.muted}>お届け先が未設定です。</p>
          )}
          {items ? (
            <ul className={styles.splitItems} aria-label={`お届け先${index + 1}に送る商品`}>
              {items.map((line) => (
                <li key={line.key}>
                  {line.product_info.name}
                  {variationLabel(line.product_info) ? `（${variationLabel(line.product_info)}）` : ''} ×{' '}
                  {line.quantity}
                </li>
              ))}
            </ul>
          ) : null}
          <DateChoices leadtime={leadtime} value={value} set={set} />
        </>
      )}
      {packings.wrappings.length > 0 ? (
        <FormField
          label="ギフトラッピング"
          hint={wrappingAllowed ? undefined : WRAPPING_NOT_ALLOWED}
          error={errors?.wrapping}
        >
          {(c) => (
            <select
              {...c}
              ref={wrappingRef}
              className={controlClass.select}
              disabled={!wrappingAllowed}
              value={value.wrapping}
              onChange={(e) => set({ wrapping: e.target.value })}
            >
              <option value="">なし</option>
              {packings.wrappings.map((w) => (
                <option key={w.key} value={w.key}>
                  {w.label}（¥{w.price.toLocaleString('ja-JP')}）
                </option>
              ))}
            </select>
          )}
        </FormField>
      ) : null}
      {packings.noshi.length > 0 ? (
        <>
          <FormField label="のし" hint={noshiAllowed ? undefined : NOSHI_NOT_ALLOWED} error={errors?.noshi}>
            {(c) => (
              <select
                {...c}
                ref={noshiRef}
                className={controlClass.select}
                disabled={!noshiAllowed}
                value={value.noshi}
                onChange={(e) => set({ noshi: e.target.value })}
              >
                <option value="">なし</option>
                {packings.noshi.map((n) => (
                  <option key={n.key} value={n.key}>
                    {n.label}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          {value.noshi ? (
            <FormField label="のしの名入れ" hint="例：山田">
              {(c) => (
                <input
                  {...c}
                  type="text"
                  maxLength={50}
                  value={value.noshiName}
                  onChange={(e) => set({ noshiName: e.target.value })}
                />
              )}
            </FormField>
          ) : null}
        </>
      ) : null}
      <p className={styles.muted}>
        送料 <Price value={shipping.carriage} />
        {shipping.packing_fee > 0 ? (
          <>
            {' '}
            ／ ラッピング料 <Price value={shipping.packing_fee} />
          </>
        ) : null}
      </p>
    </fieldset>
  );
}

function DetailForm({ cart }: { cart: Cart }) {
  const navigate = useNavigate();
  const settings = useSettings() as unknown as Record<string, unknown>;
  const packings = packingsOf(settings);
  const { isLogin } = useSession();
  const gift = isGiftCart(cart);
  // A shipping that holds nothing is not ordered: nothing to choose for it.
  const shippings = shippingsInUse(cart);
  const several = !gift && shippings.length > 1;
  const keys = shippings.map((s) => s.key);
  const leadtimes = useQuery({ ...leadtimesQuery(cart.token, keys), enabled: keys.length > 0 && !gift });
  useCartQueryError(leadtimes.error);
  const [values, setValues] = useState<Choices[]>(() => shippings.map(startingChoices));
  const [error, setError] = useState<string | null>(null);
  const [packingErrors, setPackingErrors] = useState<Record<string, PackingErrors>>({});
  // The shipping whose wrapping and noshi are being saved: its 422 belongs on its fields.
  const packingAt = useRef<string | null>(null);

  const save = useCartAction(async (token, list: Choices[]) => {
    let next = cart;
    packingAt.current = null;
    for (const [i, shipping] of shippings.entries()) {
      const value = list[i] ?? startingChoices(shipping);
      const before = choicesOf(shipping);
      if (!gift && (value.date !== before.date || value.timezone !== before.timezone)) {
        packingAt.current = null;
        next = await patchCart('/v1/carts/shippings/modify', {
          token,
          key: shipping.key,
          // "" clears a choice (null would leave it as it was).
          delivery_date: value.date,
          delivery_timezone_key: value.timezone,
        });
      }
      if (value.wrapping !== before.wrapping || value.noshi !== before.noshi || value.noshiName !== before.noshiName) {
        packingAt.current = shipping.key;
        next = await patchCart('/v1/carts/packings/modify', {
          token,
          shipping_key: shipping.key,
          wrapping_key: value.wrapping || null,
          noshi_key: value.noshi || null,
          noshi_name: value.noshi ? value.noshiName.trim() : '',
        });
      }
    }
    return next;
  });

  const hasPackings = packings.wrappings.length > 0 || packings.noshi.length > 0;
  if (gift && (shippings.length === 0 || !hasPackings)) {
    // Nothing to choose for a gift without wrapping or noshi: the gift and the way on.
    return (
      <div>
        <GiftSummary cart={cart} />
        <div className={styles.actions}>
          <Link to="/cart/payment" className={styles.primaryLink}>
            お支払い方法の選択へ
          </Link>
          <Link to={isLogin ? '/cart/shipping-select' : '/cart/shipping-add'} className={buttonClass.secondary}>
            戻る
          </Link>
        </div>
      </div>
    );
  }
  if (!gift && (shippings.length === 0 || shippings.some((s) => !s.address))) {
    return (
      <div className={styles.section}>
        <p>お届け先を先にお選びください。</p>
        <Link to="/cart/shipping-select" className={styles.primaryLink}>
          お届け先の選択へ
        </Link>
      </div>
    );
  }
  if (!gift && leadtimes.isPending) return <LoadingBlock label="お届け日を読み込み中" />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setPackingErrors({});
    save.mutate(values, {
      onSuccess: () => navigate('/cart/payment'),
      onError: (failure) => {
        if (!hasFieldErrors(failure)) {
          setError(null);
          return;
        }
        // wrapping_key / noshi_key go under their choice; what no field shows, to the form's alert.
        const { wrapping_key: wrapping, noshi_key: noshi, ...others } = failure.errors;
        const at = packingAt.current;
        const onFields = at !== null && Boolean(wrapping?.[0] || noshi?.[0]);
        if (onFields) setPackingErrors({ [at]: { wrapping: wrapping?.[0], noshi: noshi?.[0] } });
        const rest = Object.values(onFields ? others : failure.errors).flat();
        setError(rest.length > 0 ? rest.join('\n') : null);
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} aria-label="お届け方法の指定">
      <FormAlert message={error} />
      {gift ? <GiftSummary cart={cart} /> : null}
      {shippings.map((shipping, i) => (
        <ShippingChoices
          key={shipping.key}
          index={i}
          shipping={shipping}
          leadtime={leadtimes.data?.find((l) => l.shipping_key === shipping.key)}
          packings={packings}
          value={values[i] ?? startingChoices(shipping)}
          onChange={(next) => setValues((prev) => prev.map((v, j) => (j === i ? next : v)))}
          gift={gift}
          items={several ? productLinesOf(cart, shipping.key) : undefined}
          errors={packingErrors[shipping.key]}
        />
      ))}
      <div className={styles.actions}>
        <SubmitButton pending={save.isPending}>お支払い方法の選択へ</SubmitButton>
        {gift ? (
          <Link to={isLogin ? '/cart/shipping-select' : '/cart/shipping-add'} className={buttonClass.secondary}>
            戻る
          </Link>
        ) : (
          <Link to="/cart/shipping-select" className={buttonClass.secondary}>
            お届け先を変更する
          </Link>
        )}
      </div>
    </form>
  );
}

export function ShippingDetailPage() {
  const state = useCheckoutCart();
  return (
    <CheckoutFrame title="お届け方法の指定" step="detail">
      <CheckoutGate state={state}>{(cart) => <DetailForm cart={cart} />}</CheckoutGate>
    </CheckoutFrame>
  );
}

export { ShippingDetailPage as Component };
