import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { MemorialInput } from '../../api/types';
import { applyMutationErrors } from '../../lib/form-errors';
import {
  FieldGroup,
  FormAlert,
  FormField,
  RadioGroup,
  SubmitButton,
  buttonClass,
  controlClass,
} from '../../ui/form-field';
import {
  CALL_MAX,
  DIVISIONS,
  MEMORIAL_FIELD_NAMES,
  NAME_MAX,
  daysInMonth,
  memorialSchema,
  toMemorialInput,
  type MemorialFields,
} from './memorial-schema';
import styles from './memorial.module.css';

export interface MemorialFormProps {
  /** The form's accessible name (記念日の登録 / 記念日の変更). */
  label: string;
  defaultValues: MemorialFields;
  submitLabel: string;
  pending: boolean;
  /** Sends the memorial; a rejection's 422 field messages land on the fields. */
  onSave: (input: MemorialInput) => Promise<void>;
}

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

/** お相手のお名前, 種類, 記念日の名前, the day (month, then only that month's days), 呼び方・ご関係. */
export function MemorialForm({ label, defaultValues, submitLabel, pending, onSave }: MemorialFormProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    watch,
    formState: { errors },
  } = useForm<MemorialFields>({ resolver: zodResolver(memorialSchema), defaultValues });
  const monthId = useId();
  const dateId = useId();
  const dayErrorId = useId();
  const month = Number(watch('month'));
  const days = month >= 1 ? daysInMonth(month) : 31;

  const onSubmit = handleSubmit(async (fields) => {
    setFormError(null);
    try {
      await onSave(toMemorialInput(fields));
    } catch (error) {
      setFormError(applyMutationErrors(error, setError, MEMORIAL_FIELD_NAMES, { headline: true }));
    }
  });

  const dayError = errors.month?.message ?? errors.date?.message;
  const dayDescribedBy = dayError ? dayErrorId : undefined;
  const monthField = register('month', {
    // A day the new month does not have (4/31) is cleared, so the person picks again.
    onChange: (event: { target: { value: string } }) => {
      const next = Number(event.target.value);
      if (next >= 1 && Number(getValues('date')) > daysInMonth(next)) setValue('date', '');
    },
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label={label} className={styles.form}>
      <FormAlert message={formError} />
      <FormField
        label="お相手のお名前"
        required
        hint={`${NAME_MAX}文字以内 例：山田 花子`}
        error={errors.target_user_name?.message}
      >
        {(control) => <input {...control} {...register('target_user_name')} type="text" autoComplete="off" />}
      </FormField>
      <RadioGroup
        legend="種類"
        required
        choices={DIVISIONS}
        register={register}
        name="division_ct"
        error={errors.division_ct?.message}
      />
      <FormField label="記念日の名前" required hint={`${NAME_MAX}文字以内 例：母の誕生日`} error={errors.name?.message}>
        {(control) => <input {...control} {...register('name')} type="text" autoComplete="off" />}
      </FormField>
      <FieldGroup legend="日付" required error={dayError}>
        <div className={styles.dayRow}>
          <span className={styles.dayPart}>
            <select
              id={monthId}
              className={controlClass.select}
              aria-invalid={errors.month ? true : undefined}
              aria-describedby={dayDescribedBy}
              {...monthField}
            >
              <option value="">--</option>
              {MONTHS.map((m) => (
                <option key={m} value={String(m)}>
                  {m}
                </option>
              ))}
            </select>
            <label htmlFor={monthId}>月</label>
          </span>
          <span className={styles.dayPart}>
            <select
              id={dateId}
              className={controlClass.select}
              aria-invalid={errors.date ? true : undefined}
              aria-describedby={dayDescribedBy}
              {...register('date')}
            >
              <option value="">--</option>
              {Array.from({ length: days }, (_, i) => i + 1).map((d) => (
                <option key={d} value={String(d)}>
                  {d}
                </option>
              ))}
            </select>
            <label htmlFor={dateId}>日</label>
          </span>
        </div>
        {dayError ? (
          <span id={dayErrorId} hidden>
            {dayError}
          </span>
        ) : null}
      </FieldGroup>
      <FormField
        label="呼び方・ご関係"
        required={false}
        hint={`${CALL_MAX}文字以内 例：母`}
        error={errors.call?.message}
      >
        {(control) => <input {...control} {...register('call')} type="text" autoComplete="off" />}
      </FormField>

      <div className={styles.actions}>
        <SubmitButton pending={pending} pendingLabel="保存中…">
          {submitLabel}
        </SubmitButton>
        <Link to="/mypage/memorial" className={buttonClass.secondary}>
          記念日一覧に戻る
        </Link>
      </div>
    </form>
  );
}
