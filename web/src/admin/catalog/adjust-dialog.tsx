/**
 * 入出庫: units added or taken away by hand (入荷, 調整, 返品戻し) with a メモ; the window shows
 * 「販売可能 5 → 8」 as the number is typed. The server refuses what would leave 販売可能 below
 * zero and says why under the number (its count may be newer than the list's).
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { StockRow } from '../api/admin-types';
import { Dialog, DialogActions } from '../ui/dialog';
import { Field, FormAlert, ui } from '../ui/form';
import { useAdjustStock } from './stock-queries';
import {
  ADJUST_REASONS,
  type AdjustValues,
  adjustDelta,
  adjustRules,
  applyServerErrors,
  reasonLabel,
  signed,
  stockName,
} from './stock-schema';
import styles from './stock.module.css';

interface AdjustDialogProps {
  row: StockRow;
  onClose: () => void;
  onDone: (message: string) => void;
}

export function AdjustDialog({ row, onClose, onDone }: AdjustDialogProps) {
  const adjust = useAdjustStock(row.variation_id);
  const [alert, setAlert] = useState<string | null>(null);
  const name = stockName(row);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<AdjustValues>({ defaultValues: { direction: 'add', quantity: '', reason: 'arrival', note: '' } });
  const delta = adjustDelta(watch('direction'), watch('quantity'));

  return (
    <Dialog title={`入出庫：${name}`} busy={adjust.isPending} onClose={onClose}>
      <form
        noValidate
        aria-label="入出庫"
        onSubmit={handleSubmit((values) => {
          setAlert(null);
          const change = adjustDelta(values.direction, values.quantity);
          if (change === null) return;
          adjust.mutate(
            { delta: change, reason: values.reason, note: values.note.trim() },
            {
              onSuccess: (after) =>
                onDone(
                  `${name}：${reasonLabel(values.reason)} ${signed(change)}を記録しました（販売可能 ${after.available - change} → ${after.available}）。`,
                ),
              onError: (error) =>
                setAlert(
                  applyServerErrors(error, setError, { delta: 'quantity', reason: 'reason', note: 'note' } as const),
                ),
            },
          );
        })}
      >
        <FormAlert message={alert} />
        <fieldset className={ui.fieldset}>
          <legend className={ui.legend}>増減</legend>
          <div className={ui.choices}>
            <label className={ui.choice}>
              <input type="radio" value="add" {...register('direction')} />
              増やす（＋）
            </label>
            <label className={ui.choice}>
              <input type="radio" value="remove" {...register('direction')} />
              減らす（－）
            </label>
          </div>
        </fieldset>
        <Field label="数量" error={errors.quantity?.message}>
          {(control) => (
            <input
              {...control}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              data-autofocus
              {...register('quantity', adjustRules.quantity)}
            />
          )}
        </Field>
        <Preview label="販売可能" before={row.available} delta={delta} />
        <Preview label="実在庫" before={row.on_hand} delta={delta} />
        <Field label="理由" error={errors.reason?.message}>
          {(control) => (
            <select {...control} {...register('reason')}>
              {ADJUST_REASONS.map((reason) => (
                <option key={reason.code} value={reason.code}>
                  {reason.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="メモ（任意）" hint="仕入先・伝票番号など" error={errors.note?.message}>
          {(control) => <textarea {...control} rows={3} {...register('note', adjustRules.note)} />}
        </Field>
        <DialogActions>
          <button type="submit" className={ui.button} disabled={adjust.isPending}>
            {adjust.isPending ? '記録しています…' : '記録する'}
          </button>
          <button type="button" className={ui.secondary} disabled={adjust.isPending} onClick={onClose}>
            やめる
          </button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** 「販売可能 5 → 8」: the count now and after the change (— while the number is not one). */
function Preview({ label, before, delta }: { label: string; before: number; delta: number | null }) {
  const after = delta === null ? null : before + delta;
  return (
    <p className={`${styles.preview} ${after !== null && after < 0 ? styles.previewBelow : ''}`}>
      {label} <span className={styles.previewNumber}>{before}</span> →{' '}
      <span className={styles.previewNumber}>{after ?? '—'}</span>
      {after !== null && after < 0 ? <span>（0未満になります）</span> : null}
    </p>
  );
}
