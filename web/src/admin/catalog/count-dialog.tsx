/**
 * 棚卸: 「実在庫 10 → [ ]」, the count found on the shelf. The server sets it only while 実在庫 is
 * still what this window shows (`from`); when it moved meanwhile (a sale, another count) the
 * server's message is shown with the row as it is now (GET /v1/admin/stock/{variation_id}), and
 * saving again compares with that.
 */
import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { StockRow } from '../api/admin-types';
import { errorText, fieldError } from '../api/admin-client';
import { Dialog, DialogActions } from '../ui/dialog';
import { Field, FormAlert, ui } from '../ui/form';
import { freshStockRow, isMoved, useCountStock } from './stock-queries';
import { applyServerErrors, type CountValues, countRules, parseUnits, stockName } from './stock-schema';
import styles from './stock.module.css';

interface CountDialogProps {
  row: StockRow;
  onClose: () => void;
  onDone: (message: string) => void;
}

export function CountDialog({ row, onClose, onDone }: CountDialogProps) {
  const queryClient = useQueryClient();
  const count = useCountStock(row.variation_id);
  const id = useId();
  // The row this window compares with: the list's, then the server's after a 409.
  const [seen, setSeen] = useState(row);
  const [alert, setAlert] = useState<string | null>(null);
  const [fresh, setFresh] = useState<string | null>(null);
  const name = stockName(row);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<CountValues>({ defaultValues: { to: '', note: '' } });
  const to = parseUnits(watch('to'));
  const toError = errors.to?.message;

  async function reread(message: string) {
    setAlert(message);
    setFresh(null);
    try {
      const now = await freshStockRow(queryClient, row.variation_id);
      setSeen(now);
      setFresh(`最新の実在庫は${now.on_hand}（引当中 ${now.reserved}）です。数を確かめて、もう一度記録してください。`);
    } catch (error) {
      setFresh(errorText(error));
    }
  }

  return (
    <Dialog title={`棚卸：${name}`} busy={count.isPending} onClose={onClose}>
      <form
        noValidate
        aria-label="棚卸"
        onSubmit={handleSubmit((values) => {
          setAlert(null);
          setFresh(null);
          const counted = parseUnits(values.to);
          if (counted === null) return;
          count.mutate(
            { from: seen.on_hand, to: counted, note: values.note.trim() },
            {
              onSuccess: (after) => onDone(`${name}の実在庫を${seen.on_hand}から${after.on_hand}にしました。`),
              onError: (error) => {
                if (isMoved(error)) {
                  void reread(errorText(error));
                  return;
                }
                const rest = applyServerErrors(error, setError, { to: 'to', note: 'note' } as const);
                // `from` is no field of the form: what the server says of it goes to the alert.
                setAlert(fieldError(error, 'from') ?? rest);
              },
            },
          );
        })}
      >
        <FormAlert message={alert} />
        <div role="status" aria-live="polite">
          {fresh ? <p className={styles.fresh}>{fresh}</p> : null}
        </div>
        <div className={styles.countLine}>
          <span id={`${id}-from`}>
            実在庫 <span className={styles.previewNumber}>{seen.on_hand}</span> →
          </span>
          <label htmlFor={id} className="visually-hidden">
            数えた実在庫
          </label>
          <input
            id={id}
            className={`${ui.control} ${styles.countInput}`}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            data-autofocus
            aria-invalid={toError ? true : undefined}
            aria-describedby={[toError ? `${id}-error` : '', `${id}-from`, `${id}-hint`].filter(Boolean).join(' ')}
            {...register('to', countRules.to)}
          />
        </div>
        {toError ? (
          <p id={`${id}-error`} className={styles.fieldError}>
            {toError}
          </p>
        ) : null}
        <p id={`${id}-hint`} className={styles.hint}>
          棚にある数を入力します。注文で引当中の{seen.reserved}個より少なくはできません。
        </p>
        <p className={styles.preview}>
          販売可能 <span className={styles.previewNumber}>{seen.available}</span> →{' '}
          <span className={styles.previewNumber}>{to === null ? '—' : to - seen.reserved}</span>
        </p>
        <Field label="メモ（任意）" error={errors.note?.message}>
          {(control) => <textarea {...control} rows={3} {...register('note', countRules.note)} />}
        </Field>
        <DialogActions>
          <button type="submit" className={ui.button} disabled={count.isPending}>
            {count.isPending ? '記録しています…' : '棚卸を記録する'}
          </button>
          <button type="button" className={ui.secondary} disabled={count.isPending} onClick={onClose}>
            やめる
          </button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
