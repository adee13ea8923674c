/**
 * The corporate shop's 配送方法 at checkout (SITE.IS_CORPORATE; choices from the settings'
 * CORPORATE.DELIVERY_OPTIONS): 1 問屋引取り needs no address, 2 店舗直送 goes to an address of
 * the member's book, 3 お客様直送 asks the end customer's name, address and phone. The cart
 * starts with the member's saved choice (the server answers it as `order.delivery_option`);
 * a change is saved at once (PATCH /v1/carts/order/modify {delivery_option}).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useSettings } from '../../domain/site/site-queries';
import { buttonClass } from '../../ui/form-field';
import { patchCart, useCartAction } from './cart-api';
import type { Cart } from './cart-types';
import { MemberOrdererNext, RadioChoices } from './step-parts';
import styles from './cart.module.css';

export const DELIVERY = { pickup: 1, store: 2, customer: 3 } as const;
export const PICKUP_TEXT = '引取り（お届け先の入力は不要です。商品は当店でお引取りください）';
export const CUSTOMER_LEAD = 'エンドユーザー様（直送先）のお名前・ご住所・お電話番号を入力してください。';

interface Choice {
  value: number;
  label: string;
}

/** The shop's delivery choices (empty outside the corporate variant). */
export function useDeliveryChoices(): Choice[] {
  const settings = useSettings() as unknown as Record<string, unknown>;
  return (settings['CORPORATE.DELIVERY_OPTIONS'] as Choice[] | undefined) ?? [];
}

/** The label of the cart's delivery option, or null. */
export function deliveryLabel(choices: Choice[], code: number | null | undefined): string | null {
  return choices.find((c) => c.value === code)?.label ?? null;
}

/** The radio group of 配送方法; each change is saved on the cart. */
export function DeliveryOptionChoice({ cart }: { cart: Cart }) {
  const choices = useDeliveryChoices();
  const saved = cart.detail.order.delivery_option ?? null;
  // Shown at once; back to the saved one if the server refuses.
  const [current, setCurrent] = useState<number | null>(saved);
  const save = useCartAction((token, option: number) =>
    patchCart('/v1/carts/order/modify', { token, delivery_option: option }),
  );
  const choose = (option: number) => {
    setCurrent(option);
    save.mutate(option, { onError: () => setCurrent(saved) });
  };
  return (
    <RadioChoices legend="配送方法" name="delivery_option" choices={choices} selected={current} onSelect={choose}>
      {current === null ? <p className={styles.muted}>配送方法を選択してください。</p> : null}
    </RadioChoices>
  );
}

/** 問屋引取り: nothing to enter; on to the payment. */
export function PickupStep({ cart }: { cart: Cart }) {
  return (
    <div className={styles.section}>
      <p>{PICKUP_TEXT}</p>
      <MemberOrdererNext cart={cart} to="/cart/payment" />
    </div>
  );
}

/** お客様直送: the end customer's address is entered on /cart/shipping-add. */
export function CustomerStep({ cart }: { cart: Cart }) {
  const address = cart.detail.shippings[0]?.address;
  const typed = cart.detail.shippings[0] && !cart.detail.shippings[0].user_address_id ? address : null;
  return (
    <div className={styles.section}>
      <p>{CUSTOMER_LEAD}</p>
      {typed ? (
        <p className={styles.muted}>
          入力済み：{typed.shipping_last_name} {typed.shipping_first_name} 様 {typed.full_address}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Link to="/cart/shipping-add" className={buttonClass.primary}>
          {typed ? '直送先を変更する' : '直送先を入力する'}
        </Link>
        {typed ? (
          <Link to="/cart/shipping-detail" className={buttonClass.secondary}>
            この直送先で次へ進む
          </Link>
        ) : null}
      </div>
    </div>
  );
}
