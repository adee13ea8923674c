/**
 * /social-gift/shipping: where the recipient wants the gift — the address book's fields (name,
 * kana, postal code with the address forms' autofill, prefecture, city, street, building, a
 * telephone or mobile number) and an e-mail for the confirmation. POST /v1/social-gifts/check/shipping checks it; its 422 messages go under the
 * fields. A 422 of the final PUT that names an address field comes back here with its messages.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useSettings } from '../../domain/site/site-queries';
import { applyServerErrors } from '../../lib/form-errors';
import { AddressFieldset } from '../../ui/address-fieldset';
import { FormAlert, FormField, SubmitButton, buttonClass, controlClass } from '../../ui/form-field';
import { ADDRESS_FIELDS, GIFT_PATHS, completePath, saveGiftShipping } from './gift-memory';
import { GiftFailureView, GiftFrame, GiftLoading, stepErrorsOf, useGiftStep } from './gift-parts';
import { checkGiftShipping, giftFailure, giftProductsQuery } from './gift-queries';
import { fieldsOfGiftAddress, giftAddressOf, giftAddressSchema, type GiftAddressFields } from './gift-schema';
import type { GiftAddress } from './gift-types';
import styles from './social-gift.module.css';

const PHONE_HINT = '配送業者からの連絡に使います。電話番号・携帯電話番号のどちらかをご入力ください。';

/** Server keys (`shipping_last_name`, `shipping.postal_code` …) → the form's fields. */
const FIELD_MAP: Record<string, keyof GiftAddressFields> = Object.fromEntries(
  ADDRESS_FIELDS.flatMap((field) => [
    [field, field],
    [`shipping.${field}`, field],
  ]),
);

/** Puts the server's field messages on the form; what no field shows comes back for the alert. */
function showServerErrors(form: UseFormReturn<GiftAddressFields>, errors: Record<string, string[]>): string | null {
  const leftover: string[] = [];
  let first = true;
  for (const [key, messages] of Object.entries(errors)) {
    const message = messages.find((m) => m !== '');
    if (!message) continue;
    const field = FIELD_MAP[key];
    if (field) {
      form.setError(field, { type: 'server', message }, { shouldFocus: first });
      first = false;
    } else {
      leftover.push(message);
    }
  }
  return leftover.length > 0 ? leftover.join('\n') : null;
}

function ShippingForm({ token, kept }: { token: string; kept: GiftAddress | null }) {
  const corporate = useSettings()['SITE.IS_CORPORATE'];
  const navigate = useNavigate();
  const location = useLocation();
  const back = stepErrorsOf(location.state);
  const form = useForm<GiftAddressFields>({
    resolver: zodResolver(giftAddressSchema(corporate)),
    defaultValues: fieldsOfGiftAddress(kept, corporate),
  });
  const { register, formState } = form;
  const [formError, setFormError] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (back) setFormError(showServerErrors(form, back));
  }, [back, form]);

  const onSubmit = form.handleSubmit(async (fields) => {
    setFormError(null);
    setSending(true);
    const shipping = giftAddressOf(fields);
    try {
      await checkGiftShipping(token, shipping);
      saveGiftShipping(shipping);
      navigate(GIFT_PATHS.delivery);
    } catch (error) {
      setSending(false);
      if (giftFailure(error)) {
        setFailure(error);
        return;
      }
      setFormError(applyServerErrors(error, form.setError, FIELD_MAP));
    }
  });

  if (failure) return <GiftFailureView error={failure} token={token} />;

  const error = (field: keyof GiftAddressFields) => formState.errors[field]?.message;
  return (
    <form noValidate onSubmit={onSubmit} aria-label="お届け先の入力">
      <FormAlert message={formError} />
      <fieldset className={styles.section}>
        <legend className={styles.sectionTitle}>お受け取りになる方</legend>
        <div className={controlClass.row}>
          <FormField label="お名前（姓）" required error={error('shipping_last_name')}>
            {(c) => <input {...c} {...register('shipping_last_name')} type="text" autoComplete="family-name" />}
          </FormField>
          <FormField label="お名前（名）" required error={error('shipping_first_name')}>
            {(c) => <input {...c} {...register('shipping_first_name')} type="text" autoComplete="given-name" />}
          </FormField>
        </div>
        <div className={controlClass.row}>
          <FormField label="フリガナ（セイ）" required={!corporate} error={error('shipping_last_name_kana')}>
            {(c) => <input {...c} {...register('shipping_last_name_kana')} type="text" />}
          </FormField>
          <FormField label="フリガナ（メイ）" required={!corporate} error={error('shipping_first_name_kana')}>
            {(c) => <input {...c} {...register('shipping_first_name_kana')} type="text" />}
          </FormField>
        </div>
      </fieldset>
      <fieldset className={styles.section}>
        <legend className={styles.sectionTitle}>お届け先の住所</legend>
        <AddressFieldset form={form} corporate={corporate} />
      </fieldset>
      <fieldset className={styles.section}>
        <legend className={styles.sectionTitle}>ご連絡先</legend>
        <FormField
          label="電話番号"
          error={error('phone_number')}
          hint={`${PHONE_HINT}${corporate ? '半角数字のみ（ハイフンなし）11桁以内' : '例：03-1234-5678'}`}
        >
          {(c) => <input {...c} {...register('phone_number')} type="tel" autoComplete="tel" />}
        </FormField>
        <FormField
          label="携帯電話番号"
          error={error('cell_phone_number')}
          hint={`${PHONE_HINT}${corporate ? '半角数字のみ（ハイフンなし）11桁以内' : '例：090-1234-5678'}`}
        >
          {(c) => <input {...c} {...register('cell_phone_number')} type="tel" autoComplete="tel" />}
        </FormField>
        <FormField label="メールアドレス" required error={error('email')} hint="お届け先の確認メールをお送りします。">
          {(c) => <input {...c} {...register('email')} type="email" autoComplete="email" />}
        </FormField>
      </fieldset>
      <p className={styles.muted}>
        ご入力の住所はギフトの配送にのみ使い、贈り主には都道府県とお届け日のみをお知らせします。
      </p>
      <div className={styles.actions}>
        <SubmitButton pending={sending}>お届け日時の指定へ</SubmitButton>
        <Link to={GIFT_PATHS.gift} className={buttonClass.secondary}>
          ギフトの内容に戻る
        </Link>
      </div>
    </form>
  );
}

export function GiftShippingPage() {
  const { memory, redirect } = useGiftStep('shipping');
  const token = memory?.token ?? '';
  const gift = useQuery({ ...giftProductsQuery(token), enabled: token !== '' });
  if (redirect) return <Navigate to={redirect} replace />;
  if (gift.isError && giftFailure(gift.error)) return <GiftFailureView error={gift.error} token={token} />;
  if (gift.data?.state === 'accepted') return <Navigate to={completePath(token)} replace />;
  return (
    <GiftFrame title="お届け先の入力" step="shipping">
      {gift.isPending ? (
        <GiftLoading />
      ) : (
        <>
          {gift.data ? (
            <p className={styles.lead}>
              {gift.data.sender_name} 様から {gift.data.receiver_name} 様へのギフト
            </p>
          ) : null}
          <ShippingForm token={token} kept={memory?.shipping ?? null} />
        </>
      )}
    </GiftFrame>
  );
}

export { GiftShippingPage as Component };
