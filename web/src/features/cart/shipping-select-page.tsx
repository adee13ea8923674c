/**
 * /cart/shipping-select: a member chooses where the order goes from the address book
 * (GET /v1/me/user-addresses), or goes to add a new address; a guest has no book and goes to
 * the orderer form. The member's orderer is their profile: set from GET /v1/me/user when the
 * cart has none yet. A social gift needs no address: the step says so and goes on. Where the
 * shop allows it (ORDER.SHIPPING.IS_ALLOW_MULTIPLE), the order can go to several addresses.
 */
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { useSettings } from '../../domain/site/site-queries';
import { useSession } from '../../api/session';
import { FormAlert, buttonClass } from '../../ui/form-field';
import { LoadingBlock } from '../../ui/spinner';
import { addressesQuery, patchCart, useCartAction, type CartAddress } from './cart-api';
import { CheckoutFrame, CheckoutGate, postalText, useCheckoutCart } from './cart-parts';
import type { Cart } from './cart-types';
import { ensureMemberOrderer } from './member-orderer';
import { MultiShipping } from './multi-shipping';
import { MemberOrdererNext, RadioChoices } from './step-parts';
import { allowsMultipleShipping, shippingKeyOf, shippingsInUse } from './shipping-split';
import { GiftSummary, isGiftCart } from './gift-choice';
import { CustomerStep, DELIVERY, DeliveryOptionChoice, PickupStep } from './delivery-option';
import styles from './cart.module.css';

/**
 * Puts the address on the cart's shipping (adds the shipping when there is none yet). One
 * address for everything: lines that had been sent to other addresses come back to the first.
 */
export async function chooseAddress(cart: Cart, token: string, userAddressId: string): Promise<Cart> {
  const shipping = cart.detail.shippings[0];
  let next = shipping
    ? await patchCart('/v1/carts/shippings/modify', { token, key: shipping.key, user_address_id: userAddressId })
    : await patchCart('/v1/carts/shippings/add', { token, user_address_id: userAddressId });
  const first = next.detail.shippings[0]?.key;
  if (first) {
    for (const line of next.detail.products.filter((l) => !l.parent_key && shippingKeyOf(next, l) !== first)) {
      next = await patchCart('/v1/carts/products/divide', {
        token,
        key: line.key,
        quantity: line.quantity,
        shipping_key: first,
      });
    }
  }
  return ensureMemberOrderer(next, token);
}

/** A gift: nothing to choose here; the orderer is the member's profile. */
function GiftStep({ cart }: { cart: Cart }) {
  return (
    <div>
      <GiftSummary cart={cart} />
      <MemberOrdererNext cart={cart} to="/cart/shipping-detail" />
    </div>
  );
}

/** An entry of the address book as its radio button reads it: who, then where. */
function AddressText({ address }: { address: CartAddress }) {
  return (
    <>
      <span>
        {address.shipping_name} 様{address.is_default ? '（既定のお届け先）' : ''}
        {address.division_ct === 1 ? '（ご本人の住所）' : ''}
      </span>
      <span>
        {address.full_address ||
          `${postalText(address.postal_code)} ${address.prefecture}${address.city}${address.address1} ${address.address2}`}
      </span>
    </>
  );
}

function AddressChoice({ cart, addresses }: { cart: Cart; addresses: CartAddress[] }) {
  const current = cart.detail.shippings[0]?.user_address_id ?? null;
  const fallback = addresses.find((a) => a.is_default)?.id ?? addresses[0]?.id ?? '';
  const [selected, setSelected] = useState<string>(
    current && addresses.some((a) => a.id === current) ? current : fallback,
  );
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();
  const choose = useCartAction((token, id: string) => chooseAddress(cart, token, id));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!selected) {
      setError('お届け先を選択してください。');
      return;
    }
    setError(null);
    choose.mutate(selected, { onSuccess: () => navigate('/cart/shipping-detail') });
  };

  return (
    <form noValidate onSubmit={submit} aria-label="お届け先の選択">
      <FormAlert message={error} />
      <RadioChoices
        legend="アドレス帳から選ぶ"
        name="user_address_id"
        choices={addresses.map((address) => ({ value: address.id, label: <AddressText address={address} /> }))}
        selected={selected}
        onSelect={setSelected}
      />
      <div className={styles.actions}>
        <button
          type="submit"
          className={buttonClass.primary}
          disabled={choose.isPending}
          aria-busy={choose.isPending || undefined}
        >
          {choose.isPending ? '送信中…' : 'このお届け先に送る'}
        </button>
        <Link to="/cart/shipping-add" className={buttonClass.secondary}>
          新しいお届け先を入力する
        </Link>
        <Link to="/cart" className={buttonClass.secondary}>
          カートに戻る
        </Link>
      </div>
    </form>
  );
}

/**
 * One address for the whole order, or — where the shop allows it — several (multi-shipping.tsx).
 * A cart already sent to several addresses opens in that mode.
 */
function Destinations({ cart, addresses }: { cart: Cart; addresses: CartAddress[] }) {
  const settings = useSettings() as unknown as Record<string, unknown>;
  const [multiple, setMultiple] = useState(() => shippingsInUse(cart).length > 1);
  if (!allowsMultipleShipping(settings)) return <AddressChoice cart={cart} addresses={addresses} />;
  return (
    <>
      {multiple ? (
        <MultiShipping cart={cart} addresses={addresses} />
      ) : (
        <AddressChoice cart={cart} addresses={addresses} />
      )}
      <p className={styles.modeSwitch}>
        <button type="button" className={styles.linkButton} onClick={() => setMultiple((m) => !m)}>
          {multiple ? 'すべて1か所のお届け先に送る' : '複数のお届け先に分けて送る'}
        </button>
      </p>
    </>
  );
}

/** The address book, or the way to a new address when it is empty. */
function BookStep({ cart, addresses }: { cart: Cart; addresses: CartAddress[] | undefined }) {
  if (addresses && addresses.length > 0) return <Destinations cart={cart} addresses={addresses} />;
  return (
    <div className={styles.section}>
      <p>アドレス帳にお届け先がありません。</p>
      <Link to="/cart/shipping-add" className={styles.primaryLink}>
        新しいお届け先を入力する
      </Link>
    </div>
  );
}

/** Corporate: the 配送方法 first, then what it needs (delivery-option.tsx). */
function CorporateStep({ cart, addresses }: { cart: Cart; addresses: CartAddress[] | undefined }) {
  const option = cart.detail.order.delivery_option;
  return (
    <>
      <DeliveryOptionChoice cart={cart} />
      {option === DELIVERY.pickup ? <PickupStep cart={cart} /> : null}
      {option === DELIVERY.customer ? <CustomerStep cart={cart} /> : null}
      {option === DELIVERY.store ? <BookStep cart={cart} addresses={addresses} /> : null}
    </>
  );
}

export function ShippingSelectPage() {
  const { isLogin } = useSession();
  const corporate = useSettings()['SITE.IS_CORPORATE'];
  const state = useCheckoutCart();
  const addresses = useQuery({ ...addressesQuery(), enabled: isLogin });
  if (!isLogin) return <Navigate to="/cart/shipping-add" replace />;
  return (
    <CheckoutFrame title={corporate ? '配送方法とお届け先の選択' : 'お届け先の選択'} step="shipping">
      <CheckoutGate state={state}>
        {(cart) =>
          isGiftCart(cart) ? (
            <GiftStep cart={cart} />
          ) : addresses.isPending ? (
            <LoadingBlock label="アドレス帳を読み込み中" />
          ) : corporate ? (
            <CorporateStep cart={cart} addresses={addresses.data} />
          ) : (
            <BookStep cart={cart} addresses={addresses.data} />
          )
        }
      </CheckoutGate>
    </CheckoutFrame>
  );
}

export { ShippingSelectPage as Component };
