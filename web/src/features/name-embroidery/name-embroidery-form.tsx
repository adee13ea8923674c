import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { EmbroideryInput, EmbroideryOptions } from '../../domain/name-embroidery/name-embroidery-queries';
import { applyMutationErrors } from '../../lib/form-errors';
import { FormAlert, FormField, RadioGroup, SubmitButton, buttonClass } from '../../ui/form-field';
import {
  EMBROIDERY_FIELD_NAMES,
  TEXT_MAX,
  choicesOf,
  countText,
  embroiderySchema,
  previewText,
  textLength,
  toEmbroideryInput,
  type EmbroideryFields,
} from './name-embroidery-schema';
import styles from './name-embroidery.module.css';

export interface NameEmbroideryFormProps {
  /** The form's accessible name (名入れ刺繍の登録 / 名入れ刺繍の変更). */
  label: string;
  options: EmbroideryOptions;
  defaultValues: EmbroideryFields;
  submitLabel: string;
  pending: boolean;
  /** Sends the preset; a rejection's 422 field messages land on the fields. */
  onSave: (input: EmbroideryInput) => Promise<void>;
}

/** 刺繍する文字 (with its count), 書体, 糸の色, 刺繍の位置, and the line as the cart will show it. */
export function NameEmbroideryForm({
  label,
  options,
  defaultValues,
  submitLabel,
  pending,
  onSave,
}: NameEmbroideryFormProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<EmbroideryFields>({ resolver: zodResolver(embroiderySchema), defaultValues });
  const fields = watch();
  const over = textLength((fields.text ?? '').trim()) > TEXT_MAX;
  const preview = previewText(fields, options);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSave(toEmbroideryInput(values));
    } catch (error) {
      setFormError(applyMutationErrors(error, setError, EMBROIDERY_FIELD_NAMES, { headline: true }));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label={label} className={styles.form}>
      <FormAlert message={formError} />
      <FormField
        label="刺繍する文字"
        required
        hint={
          <>
            {TEXT_MAX}文字以内（英字・数字・かな・漢字・スペース・&amp; . - '） 例：YAMADA{' '}
            <span className={over ? `${styles.charCount} ${styles.countOver}` : styles.charCount}>
              {countText(fields.text ?? '')}
            </span>
          </>
        }
        error={errors.text?.message}
      >
        {(control) => <input {...control} {...register('text')} type="text" autoComplete="off" />}
      </FormField>
      <RadioGroup
        legend="書体"
        required
        choices={choicesOf(options.typefaces)}
        register={register}
        name="typeface"
        error={errors.typeface?.message}
      />
      <RadioGroup
        legend="糸の色"
        required
        choices={choicesOf(options.colors)}
        register={register}
        name="color"
        error={errors.color?.message}
      />
      <RadioGroup
        legend="刺繍の位置"
        required
        choices={choicesOf(options.positions)}
        register={register}
        name="position"
        error={errors.position?.message}
      />
      <p className={styles.preview} aria-live="polite">
        <span className={styles.previewLabel}>仕上がりの表示</span>
        {preview ?? '文字を入力すると、ここに表示されます'}
      </p>

      <div className={styles.actions}>
        <SubmitButton pending={pending} pendingLabel="保存中…">
          {submitLabel}
        </SubmitButton>
        <Link to="/mypage/name-embroidery" className={buttonClass.secondary}>
          名入れ刺繍一覧に戻る
        </Link>
      </div>
    </form>
  );
}
