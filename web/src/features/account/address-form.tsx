import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { useSettings } from '../../domain/site/site-queries';
import { applyMutationErrors } from '../../lib/form-errors';
import { AddressFieldset } from '../../ui/address-fieldset';
import { FormAlert, FormField, SubmitButton, buttonClass, controlClass } from '../../ui/form-field';
import type { AddressInput } from './address-queries';
import { ADDRESS_FIELD_NAMES, addressSchema, toAddressInput, type AddressFields } from './address-schema';
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
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<AddressFields>({ resolver: zodResolver(addressSchema(corporate)), defaultValues });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = form;

  const onSubmit = handleSubmit(async (fields) => {
    setFormError(null);
    try {
      await onSave(toAddressInput(fields));
    } catch (error) {
      setFormError(applyMutationErrors(error, setError, ADDRESS_FIELD_NAMES, { headline: true }));
    }
  });

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
      <AddressFieldset form={form} corporate={corporate} />
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
