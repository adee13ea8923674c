/** しきい値: 販売可能 at or under it reads 在庫わずか (and the list's tab finds it); blank for none. */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { StockRow } from '../api/admin-types';
import { Dialog, DialogActions } from '../ui/dialog';
import { Field, FormAlert, ui } from '../ui/form';
import { useStockThreshold } from './stock-queries';
import { applyServerErrors, parseThreshold, stockName, type ThresholdValues, thresholdRules } from './stock-schema';

interface ThresholdDialogProps {
  row: StockRow;
  onClose: () => void;
  onDone: (message: string) => void;
}

export function ThresholdDialog({ row, onClose, onDone }: ThresholdDialogProps) {
  const save = useStockThreshold(row.variation_id);
  const [alert, setAlert] = useState<string | null>(null);
  const name = stockName(row);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ThresholdValues>({ defaultValues: { threshold: String(row.threshold ?? '') } });

  return (
    <Dialog title={`しきい値：${name}`} busy={save.isPending} onClose={onClose}>
      <form
        noValidate
        aria-label="しきい値"
        onSubmit={handleSubmit((values) => {
          setAlert(null);
          const threshold = parseThreshold(values.threshold);
          save.mutate(threshold, {
            onSuccess: () =>
              onDone(
                threshold === null
                  ? `${name}のしきい値をなしにしました。`
                  : `${name}のしきい値を${threshold}にしました。`,
              ),
            onError: (error) => setAlert(applyServerErrors(error, setError, { threshold: 'threshold' } as const)),
          });
        })}
      >
        <FormAlert message={alert} />
        <Field
          label="在庫アラートのしきい値"
          hint={`販売可能（いま ${row.available}）がこの数以下になると「在庫わずか」になります。空欄にするとアラートなし。`}
          error={errors.threshold?.message}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              {...register('threshold', thresholdRules.threshold)}
            />
          )}
        </Field>
        <DialogActions>
          <button type="submit" className={ui.button} disabled={save.isPending}>
            {save.isPending ? '保存しています…' : '保存する'}
          </button>
          <button type="button" className={ui.secondary} disabled={save.isPending} onClick={onClose}>
            やめる
          </button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
