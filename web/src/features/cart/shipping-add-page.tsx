/**
 * /cart/shipping-add: a guest gives the orderer (name, kana, e-mail, phone, address with the
 * postal-code autofill) and where the order goes — the orderer's address or another; a member
 * gives a new delivery address (their orderer is the profile). The rules are the profile's
 * (domain/member/profile-form), demo or corporate as the channel says. A social gift asks only the
 * orderer: the recipient gives the address.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type Path, type Resolver, type UseFormReturn } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { z } from 'zod';
import { api, load } from '../../api/client';
import { useSettings } from '../../domain/site/site-queries';
import { applyMutationErrors } from '../../lib/form-errors';
import { profileShape } from '../../domain/member/profile-form';
import { patchSession, useSession } from '../../api/session';
import { normalizePostal, postDisplay, tel, tsunaguPhone, zRule } from '../../lib/validators';
import { AddressFieldset } from '../../ui/address-fieldset';
import { FormAlert, FormField, SubmitButton, buttonClass, controlClass } from '../../ui/form-field';
import { ensureCartToken } from '../../domain/cart/cart-store';
import { patchCart, useCartAction } from './cart-api';
import { CheckoutFrame, CheckoutGate, useCheckoutCart } from './cart-parts';
import type { Cart, Orderer, ShippingAddress } from './cart-types';
import { GiftSummary, isGiftCart } from './gift-choice';
import { DELIVERY } from './delivery-option';
import { ordererOfMember } from './member-orderer';
import styles from './cart.module.css';

export interface PersonFields {
  last_name: string;
  first_name: string;
  last_name_kana: string;
  first_name_kana: string;
  postal_code: string;
  prefecture: string;
  city: string;
  address1: string;
  address2: string;
  phone_number: string;
}

export interface ShippingAddFields {
  orderer: PersonFields & { email: string };
  destination: 'same' | 'other';
  shipping: PersonFields;
}

const EMPTY_PERSON: PersonFields = {
  last_name: '',
  first_name: '',
  last_name_kana: '',
  first_name_kana: '',
  postal_code: '',
  prefecture: '',
  city: '',
  address1: '',
  address2: '',
  phone_number: '',
};

function personSchema(corporate: boolean) {
  const r = profileShape(corporate);
  return z.object({
    last_name: r.last_name,
    first_name: r.first_name,
    last_name_kana: r.last_name_kana,
    first_name_kana: r.first_name_kana,
    postal_code: r.postal_code,
    prefecture: r.prefecture,
    city: r.city,
    address1: r.address1,
    address2: r.address2,
    phone_number: zRule(corporate ? tsunaguPhone : tel),
  });
}

/**
 * The rules for what this form asks: the orderer (guest), and the other address when chosen
 * (none for a gift: the recipient gives it).
 */
export function shippingAddSchema(corporate: boolean, guest: boolean, destination: 'same' | 'other', gift = false) {
  const person = personSchema(corporate);
  const skip = z.any();
  return z.object({
    orderer: guest ? person.extend({ email: profileShape(corporate).email }) : skip,
    destination: z.enum(['same', 'other']),
    shipping: !gift && (!guest || destination === 'other') ? person : skip,
  });
}

const digits = (postal: string) => normalizePostal(postal) ?? postal.trim();

export function ordererOf(fields: ShippingAddFields['orderer']): Orderer {
  return {
    last_name: fields.last_name.trim(),
    first_name: fields.first_name.trim(),
    last_name_kana: fields.last_name_kana.trim(),
    first_name_kana: fields.first_name_kana.trim(),
    email: fields.email.trim(),
    postal_code: digits(fields.postal_code),
    prefecture: fields.prefecture,
    city: fields.city.trim(),
    address1: fields.address1.trim(),
    address2: fields.address2.trim(),
    phone_number: fields.phone_number.trim(),
  };
}

export function shippingAddressOf(fields: PersonFields): ShippingAddress {
  return {
    shipping_last_name: fields.last_name.trim(),
    shipping_first_name: fields.first_name.trim(),
    shipping_last_name_kana: fields.last_name_kana.trim(),
    shipping_first_name_kana: fields.first_name_kana.trim(),
    postal_code: digits(fields.postal_code),
    prefecture: fields.prefecture,
    city: fields.city.trim(),
    address1: fields.address1.trim(),
    address2: fields.address2.trim(),
    phone_number: fields.phone_number.trim(),
  };
}

function personOfOrderer(o: Orderer | null | undefined): PersonFields & { email: string } {
  if (!o) return { ...EMPTY_PERSON, email: '' };
  return {
    last_name: o.last_name,
    first_name: o.first_name,
    last_name_kana: o.last_name_kana ?? '',
    first_name_kana: o.first_name_kana ?? '',
    postal_code: o.postal_code ? postDisplay(o.postal_code) : '',
    prefecture: o.prefecture,
    city: o.city,
    address1: o.address1,
    address2: o.address2 ?? '',
    phone_number: o.phone_number,
    email: o.email,
  };
}

function personOfAddress(a: ShippingAddress | null | undefined): PersonFields {
  if (!a) return EMPTY_PERSON;
  return {
    last_name: a.shipping_last_name,
    first_name: a.shipping_first_name,
    last_name_kana: a.shipping_last_name_kana,
    first_name_kana: a.shipping_first_name_kana,
    postal_code: a.postal_code ? postDisplay(a.postal_code) : '',
    prefecture: a.prefecture,
    city: a.city,
    address1: a.address1,
    address2: a.address2,
    phone_number: a.phone_number,
  };
}

type Form = UseFormReturn<ShippingAddFields>;

/** Name, kana, phone and address (with the postal-code autofill) of one person. */
function PersonBlock({
  form,
  prefix,
  label,
  withEmail,
}: {
  form: Form;
  prefix: 'orderer' | 'shipping';
  label: string;
  withEmail?: boolean;
}) {
  const corporate = useSettings()['SITE.IS_CORPORATE'];
  const { register, formState } = form;
  const name = (field: keyof PersonFields | 'email') => `${prefix}.${field}` as Path<ShippingAddFields>;
  const errorOf = (field: keyof PersonFields | 'email'): string | undefined => {
    const group = formState.errors[prefix] as Record<string, { message?: string } | undefined> | undefined;
    return group?.[field]?.message;
  };

  return (
    <fieldset className={styles.section}>
      <legend className={styles.sectionTitle}>{label}</legend>
      <div className={controlClass.row}>
        <FormField label="お名前（姓）" required error={errorOf('last_name')}>
          {(c) => <input {...c} {...register(name('last_name'))} type="text" autoComplete="family-name" />}
        </FormField>
        <FormField label="お名前（名）" required error={errorOf('first_name')}>
          {(c) => <input {...c} {...register(name('first_name'))} type="text" autoComplete="given-name" />}
        </FormField>
      </div>
      <div className={controlClass.row}>
        <FormField label="フリガナ（セイ）" required error={errorOf('last_name_kana')}>
          {(c) => <input {...c} {...register(name('last_name_kana'))} type="text" />}
        </FormField>
        <FormField label="フリガナ（メイ）" required error={errorOf('first_name_kana')}>
          {(c) => <input {...c} {...register(name('first_name_kana'))} type="text" />}
        </FormField>
      </div>
      {withEmail ? (
        <FormField label="メールアドレス" required error={errorOf('email')} hint="ご注文確認メールをお送りします。">
          {(c) => <input {...c} {...register(name('email'))} type="email" autoComplete="email" />}
        </FormField>
      ) : null}
      <FormField label="電話番号" required error={errorOf('phone_number')} hint="例：03-1234-5678">
        {(c) => <input {...c} {...register(name('phone_number'))} type="tel" autoComplete="tel" />}
      </FormField>
      <AddressFieldset form={form} corporate={corporate} prefix={prefix} />
    </fieldset>
  );
}

/**
 * Server keys → the form's fields: `orderer.<field>` from the orderer, and the address's own
 * names (`shipping_last_name`, `postal_code` …, with or without `address.`) on the block the
 * address came from — the orderer's when the order goes to the orderer.
 */
export function serverFieldMap(addressBlock: 'orderer' | 'shipping'): Record<string, Path<ShippingAddFields>> {
  const map: Record<string, Path<ShippingAddFields>> = {};
  for (const key of Object.keys(EMPTY_PERSON) as (keyof PersonFields)[]) {
    map[`orderer.${key}`] = `orderer.${key}`;
    const serverKey = key.includes('name') ? `shipping_${key}` : key;
    map[serverKey] = `${addressBlock}.${key}`;
    map[`address.${serverKey}`] = `${addressBlock}.${key}`;
  }
  map.cell_phone_number = `${addressBlock}.phone_number`;
  map['address.cell_phone_number'] = `${addressBlock}.phone_number`;
  map['orderer.email'] = 'orderer.email';
  return map;
}

function ShippingAddForm({ cart, guest }: { cart: Cart; guest: boolean }) {
  const corporate = useSettings()['SITE.IS_CORPORATE'];
  const gift = isGiftCart(cart);
  // Corporate お客様直送: the address is the end customer's.
  const customer = cart.detail.order.delivery_option === DELIVERY.customer;
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const shipping = cart.detail.shippings[0];
  const defaults: ShippingAddFields = {
    orderer: personOfOrderer(cart.detail.order.orderer),
    destination:
      shipping?.address && shipping.address.postal_code !== cart.detail.order.orderer?.postal_code ? 'other' : 'same',
    shipping: guest ? personOfAddress(shipping?.address) : EMPTY_PERSON,
  };
  if (!guest) defaults.destination = 'other';
  const resolver: Resolver<ShippingAddFields> = (values, context, options) =>
    zodResolver(shippingAddSchema(corporate, guest, values.destination, gift))(values, context, options) as ReturnType<
      Resolver<ShippingAddFields>
    >;
  const form = useForm<ShippingAddFields>({ resolver, defaultValues: defaults });
  const destination = form.watch('destination');

  const save = useCartAction(async (token, fields: ShippingAddFields) => {
    let next = cart;
    if (guest) next = await patchCart('/v1/carts/order/modify', { token, orderer: ordererOf(fields.orderer) });
    if (gift) return next;
    const address =
      guest && fields.destination === 'same' ? shippingAddressOf(fields.orderer) : shippingAddressOf(fields.shipping);
    const key = next.detail.shippings[0]?.key;
    next = key
      ? await patchCart('/v1/carts/shippings/modify', { token, key, address })
      : await patchCart('/v1/carts/shippings/add', { token, address });
    if (!guest && !next.detail.order.orderer) {
      const member = (await load(api().GET('/v1/me/user'))).data;
      next = await patchCart('/v1/carts/order/modify', {
        token: await ensureCartToken(),
        orderer: ordererOfMember(member),
      });
    }
    return next;
  });

  const onSubmit = form.handleSubmit(async (fields) => {
    setFormError(null);
    try {
      await save.mutateAsync(fields);
      navigate('/cart/shipping-detail');
    } catch (error) {
      const block = guest && fields.destination === 'same' ? 'orderer' : 'shipping';
      setFormError(applyMutationErrors(error, form.setError, serverFieldMap(block), { headline: true }));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label={guest ? 'ご注文者とお届け先の入力' : 'お届け先の入力'}>
      <FormAlert message={formError} />
      {guest ? <PersonBlock form={form} prefix="orderer" label="ご注文者" withEmail /> : null}
      {gift ? <GiftSummary cart={cart} /> : null}
      {guest && !gift ? (
        <fieldset className={styles.section}>
          <legend className={styles.sectionTitle}>お届け先</legend>
          <div className={controlClass.choices}>
            <label className={controlClass.choice}>
              <input type="radio" value="same" {...form.register('destination')} />
              ご注文者と同じ
            </label>
            <label className={controlClass.choice}>
              <input type="radio" value="other" {...form.register('destination')} />
              別の住所に送る
            </label>
          </div>
        </fieldset>
      ) : null}
      {!gift && (!guest || destination === 'other') ? (
        <PersonBlock
          form={form}
          prefix="shipping"
          label={guest ? 'お届け先の住所' : customer ? 'お客様直送のお届け先（エンドユーザー様）' : '新しいお届け先'}
        />
      ) : null}
      <div className={styles.actions}>
        <SubmitButton pending={save.isPending}>次へ進む</SubmitButton>
        <Link to={guest ? '/cart' : '/cart/shipping-select'} className={buttonClass.secondary}>
          戻る
        </Link>
      </div>
    </form>
  );
}

export function ShippingAddPage() {
  const { isLogin } = useSession();
  const state = useCheckoutCart();
  return (
    <CheckoutFrame title={isLogin ? 'お届け先の入力' : 'ご注文者情報の入力'} step="shipping">
      {!isLogin ? (
        <p className={styles.muted}>
          会員の方は
          <Link to="/login" onClick={() => patchSession({ redirectUrl: '/cart/shipping-select' })}>
            ログイン
          </Link>
          するとアドレス帳からお届け先を選べます。
        </p>
      ) : null}
      <CheckoutGate state={state}>
        {(cart) =>
          isLogin && isGiftCart(cart) ? (
            <Navigate to="/cart/shipping-select" replace />
          ) : (
            <ShippingAddForm cart={cart} guest={!isLogin} />
          )
        }
      </CheckoutGate>
    </CheckoutFrame>
  );
}

export { ShippingAddPage as Component };
