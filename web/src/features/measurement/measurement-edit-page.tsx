import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { measurementsQuery } from '../../domain/measurement/measurement-queries';
import type { Measurement } from '../../api/types';
import { applyMutationErrors } from '../../lib/form-errors';
import { queryClient } from '../../lib/query-client';
import { sessionStore } from '../../api/session';
import { latestOf } from '../../domain/measurement/size-suggestion';
import { showToast } from '../../lib/toast';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { FormAlert, FormField, SubmitButton, buttonClass } from '../../ui/form-field';
import { MypageFrame } from '../../ui/mypage-frame';
import { useAllMeasurements, useClearMeasurements, useRecordMeasurement } from './measurement-queries';
import {
  PURPOSES,
  UNIT,
  fieldsOf,
  measureSchema,
  toValues,
  valuesText,
  type MeasureFields,
  type PurposeDef,
} from './measurement-schema';
import styles from './measurement.module.css';

export async function loader() {
  if (sessionStore.get().isLogin) await queryClient.ensureQueryData(measurementsQuery(null));
  return null;
}

export const recordedMessage = (def: PurposeDef) => `${def.label}のサイズを記録しました。`;
export const clearedMessage = (def: PurposeDef) => `${def.label}のサイズを削除しました。`;

/** One purpose: its measures, 記録する, and 削除 when something is recorded. */
function PurposeForm({ def, latest }: { def: PurposeDef; latest: Measurement | null }) {
  const record = useRecordMeasurement();
  const clear = useClearMeasurements();
  const [formError, setFormError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<MeasureFields>({ resolver: zodResolver(measureSchema(def)), defaultValues: fieldsOf(def, latest) });
  const titleId = `measurement-edit-${def.purpose}`;

  const onSubmit = handleSubmit(async (fields) => {
    setFormError(null);
    try {
      await record.mutateAsync({ purpose: def.purpose, values: toValues(def, fields) });
      showToast(recordedMessage(def), 'success');
    } catch (error) {
      setFormError(
        applyMutationErrors(
          error,
          setError,
          def.measures.map((m) => m.key),
          { headline: true },
        ),
      );
    }
  });

  const confirmClear = async () => {
    try {
      await clear.mutateAsync(def.purpose);
      showToast(clearedMessage(def), 'success');
    } catch {
      // Toasted by the query client.
    }
    setConfirming(false);
  };

  return (
    <section aria-labelledby={titleId} className={styles.card}>
      <h2 id={titleId} className={styles.cardTitle}>
        {def.label}
      </h2>
      <form noValidate onSubmit={onSubmit} aria-labelledby={titleId} className={styles.form}>
        <FormAlert message={formError} />
        <div className={styles.fields}>
          {def.measures.map((m) => (
            <FormField
              key={m.key}
              label={`${m.label}（${UNIT}）`}
              required
              hint={`${m.hint}。${m.min}〜${m.max}${UNIT}、小数点以下1桁まで`}
              error={errors[m.key]?.message}
            >
              {(control) => (
                <span className={styles.inputWithUnit}>
                  <input {...control} {...register(m.key)} type="text" inputMode="decimal" autoComplete="off" />
                  <span aria-hidden="true">{UNIT}</span>
                </span>
              )}
            </FormField>
          ))}
        </div>
        <div className={styles.formActions}>
          <SubmitButton pending={record.isPending} pendingLabel="記録中…">
            記録する
          </SubmitButton>
          {latest ? (
            <button
              type="button"
              className={buttonClass.secondary}
              disabled={clear.isPending}
              onClick={() => setConfirming(true)}
            >
              記録を削除<span className="visually-hidden">（{def.label}）</span>
            </button>
          ) : null}
        </div>
      </form>
      {confirming && latest ? (
        <ConfirmDialog
          title={`${def.label}のサイズの削除`}
          confirmLabel="削除する"
          pending={clear.isPending}
          onConfirm={() => void confirmClear()}
          onCancel={() => setConfirming(false)}
        >
          <p>
            {def.label}のサイズ（{valuesText(def, latest.values)}）の記録をすべて削除します。よろしいですか？
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

/** サイズの登録・変更: each purpose's measures recorded (or emptied) on its own. */
export function MeasurementEditPage() {
  const { items } = useAllMeasurements();
  return (
    <MypageFrame title="サイズの登録・変更">
      <p className={styles.intro}>単位はcmです。記録するたびに新しいサイズとして保存されます。</p>
      <div className={styles.cards}>
        {PURPOSES.map((def) => {
          const latest = latestOf(items, def.purpose);
          // A new record (or none) starts the purpose's form anew.
          return <PurposeForm key={`${def.purpose}-${latest?.id ?? 'none'}`} def={def} latest={latest} />;
        })}
      </div>
      <p className={styles.actions}>
        <Link to="/mypage/measurement" className={buttonClass.secondary}>
          サイズの一覧に戻る
        </Link>
      </p>
    </MypageFrame>
  );
}

export { MeasurementEditPage as Component };
