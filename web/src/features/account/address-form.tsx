import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { lookupPostalCode, usePrefectures } from '../../api/postal-queries';
import { useSettings } from '../../api/site-queries';
import { applyMutationErrors } from '../../lib/form-errors';
import { normalizePostal } from '../../lib/validators';
import { FormAlert, FormField, SubmitButton, buttonClass, controlClass } from '../../ui/form-field';
import type { AddressInput } from './address-queries';
import { ADDRESS_FIELD_NAMES, addressSchema, toAddressInput, type AddressFields } from './address-schema';
import { POSTAL_NOT_FOUND } from './account-schema';
import styles from './address.module.css';

const PHONE_HINT = '電話番号・携帯電話番号のどちらかをご入力ください。';

export interface AddressFormProps {
  /** The form's accessible name (お届け先の登録 / お届け先の変更). */
  label: string;
  defaultValues: AddressFields;
  submitLabel: string;
  pending: boolean;
  /** Sends the entry; a rejection's 422 field messages land on the fields. */
  onSave: (input: AddressInput) => Promise<void>;
  /** Shown above the fields (e.g. that the own address is the profile's). */
  intro?: ReactNode;
}

/** The fields of one address-book entry, with the postal-code autofill. */
export function AddressForm({ label, defaultValues, submitLabel, pending, onSave, intro }: AddressFormProps) {
  const corporate = useSettings()['SITE.IS_CORPORATE'];
  const prefectures = usePrefectures();
  const [formError, setFormError] = useState<string | null>(null);
  const [postalStatus, setPostalStatus] = useState<string | null>(null);
  const [lookingUp, setLookingUp] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    getValues,
    setValue,
    setFocus,
    watch,
    formState: { errors },
  } = useForm<AddressFields>({ resolver: zodResolver(addressSchema(corporate)), defaultValues });
  const prefecture = watch('prefecture');

  const onSubmit = handleSubmit(async (fields) => {
    setFormError(null);
    try {
      await onSave(toAddressInput(fields));
    } catch (error) {
      setFormError(applyMutationErrors(error, setError, ADDRESS_FIELD_NAMES, { headline: true }));
    }
  });

  const fillAddress = async () => {
    setPostalStatus(null);
    clearErrors('postal_code');
    const code = normalizePostal(getValues('postal_code'));
    if (code === null) {
      setError('postal_code', { type: 'lookup', message: POSTAL_NOT_FOUND.format }, { shouldFocus: true });
      return;
    }
    setLookingUp(true);
    const address = await lookupPostalCode(code);
    setLookingUp(false);
    if (!address) {
      setPostalStatus(POSTAL_NOT_FOUND.missing);
      return;
    }
    const options = { shouldDirty: true, shouldValidate: true } as const;
    setValue('prefecture', address.prefecture, options);
    setValue('city', `${address.city}${address.town}`, options);
    if (address.street) setValue('address1', address.street, options);
    setPostalStatus(`${address.prefecture}${address.city}${address.town}${address.street} を入力しました。`);
    setFocus('address1');
  };

  const prefectureNames = prefectures.data?.map((p) => p.name) ?? [];
  if (prefecture && !prefectureNames.includes(prefecture)) prefectureNames.unshift(prefecture);
  const phoneHint = `${PHONE_HINT}${corporate ? '半角数字のみ（ハイフンなし）11桁以内' : ''}`;

  return (
    <form noValidate onSubmit={onSubmit} aria-label={label} className={styles.form}>
      {intro}
      <FormAlert message={formError} />

      <div className={controlClass.row}>
        <FormField label="お届け先名（姓）" required error={errors.shipping_last_name?.message}>
          {(control) => (
            <input {...control} {...register('shipping_last_name')} type="text" autoComplete="family-name" />
          )}
        </FormField>
        <FormField label="お届け先名（名）" required error={errors.shipping_first_name?.message}>
          {(control) => (
            <input {...control} {...register('shipping_first_name')} type="text" autoComplete="given-name" />
          )}
        </FormField>
      </div>
      <div className={controlClass.row}>
        <FormField label="フリガナ（セイ）" required={!corporate} error={errors.shipping_last_name_kana?.message}>
          {(control) => <input {...control} {...register('shipping_last_name_kana')} type="text" />}
        </FormField>
        <FormField label="フリガナ（メイ）" required={!corporate} error={errors.shipping_first_name_kana?.message}>
          {(control) => <input {...control} {...register('shipping_first_name_kana')} type="text" />}
        </FormField>
      </div>
      <FormField
        label="郵便番号"
        required
        error={errors.postal_code?.message}
        hint={corporate ? '半角数字7桁（例：1234567）' : '例：123-4567'}
        after={
          <button type="button" className={styles.postalButton} onClick={() => void fillAddress()} disabled={lookingUp}>
            {lookingUp ? '検索中…' : '住所を自動入力'}
          </button>
        }
      >
        {(control) => (
          <input
            {...control}
            {...register('postal_code')}
            type="text"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={8}
          />
        )}
      </FormField>
      <p role="status" className={styles.postalStatus}>
        {postalStatus}
      </p>
      <FormField label="都道府県" required error={errors.prefecture?.message}>
        {(control) =>
          prefectures.isError ? (
            <input {...control} {...register('prefecture')} type="text" autoComplete="address-level1" />
          ) : (
            <select
              {...control}
              {...register('prefecture')}
              className={controlClass.select}
              autoComplete="address-level1"
            >
              <option value="">選択してください</option>
              {prefectureNames.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          )
        }
      </FormField>
      <FormField label="市区町村" required error={errors.city?.message}>
        {(control) => <input {...control} {...register('city')} type="text" autoComplete="address-level2" />}
      </FormField>
      <FormField label="番地" required error={errors.address1?.message}>
        {(control) => <input {...control} {...register('address1')} type="text" autoComplete="address-line1" />}
      </FormField>
      <FormField label="建物名・部屋番号" error={errors.address2?.message}>
        {(control) => <input {...control} {...register('address2')} type="text" autoComplete="address-line2" />}
      </FormField>
      <FormField
        label="電話番号"
        error={errors.phone_number?.message}
        hint={`${phoneHint}${corporate ? '' : '例：03-1234-5678'}`}
      >
        {(control) => <input {...control} {...register('phone_number')} type="tel" autoComplete="tel" />}
      </FormField>
      <FormField
        label="携帯電話番号"
        error={errors.cell_phone_number?.message}
        hint={`${phoneHint}${corporate ? '' : '例：090-1234-5678'}`}
      >
        {(control) => <input {...control} {...register('cell_phone_number')} type="tel" autoComplete="tel" />}
      </FormField>

      <div className={styles.actions}>
        <SubmitButton pending={pending} pendingLabel="保存中…">
          {submitLabel}
        </SubmitButton>
        <Link to="/mypage/address" className={buttonClass.secondary}>
          アドレス帳に戻る
        </Link>
      </div>
    </form>
  );
}
