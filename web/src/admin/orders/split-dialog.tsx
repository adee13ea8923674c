/**
 * 出荷を分割: the shipment's lines, each with how many of its units move to a new shipment
 * (POST …/shipments/{code}/split with the order's version). A stale copy (409) closes the window
 * and the page says so, as for its other changes.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { DeskOrder, DeskShipment } from '../api/admin-types';
import { Dialog, DialogActions } from '../ui/dialog';
import { FormAlert, ui } from '../ui/form';
import { table } from '../ui/table';
import { isStale, useSplitShipment } from './order-queries';
import type { ReportFailure } from './order-schema';
import { moveError, splitError, splitErrors, splitLines } from './split-schema';
import styles from './order-page.module.css';

interface SplitDialogProps {
  order: DeskOrder;
  shipment: DeskShipment;
  onClose: () => void;
  onDone: (message: string) => void;
  report: ReportFailure;
}

interface SplitValues {
  moves: string[];
}

export function SplitDialog({ order, shipment, onClose, onDone, report }: SplitDialogProps) {
  const split = useSplitShipment(order.order_no);
  const [alert, setAlert] = useState<string | null>(null);
  const { lines, code } = shipment;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SplitValues>({ defaultValues: { moves: lines.map(() => '0') } });

  return (
    <Dialog title={`${code}の出荷を分割`} wide busy={split.isPending} onClose={onClose}>
      <form
        noValidate
        aria-label={`${code}の分割`}
        onSubmit={handleSubmit(({ moves }) => {
          setAlert(null);
          const problem = splitError(lines, moves);
          if (problem) {
            setAlert(problem);
            return;
          }
          const sent = splitLines(lines, moves);
          split.mutate(
            { code, lines: sent },
            {
              onSuccess: () => onDone(`${code}を分割しました。移した商品は新しい出荷になりました。`),
              onError: (error) => {
                if (isStale(error)) {
                  report(error, () => undefined, []);
                  onClose();
                  return;
                }
                const { perLine, alert: rest } = splitErrors(error, lines, sent);
                perLine.forEach((message, index) => {
                  if (message) setError(`moves.${index}`, { type: 'server', message });
                });
                setAlert(rest);
              },
            },
          );
        })}
      >
        <FormAlert message={alert} />
        <p className={styles.formLead}>
          新しい出荷に移す数量を商品ごとに入力してください。元の出荷には1点以上残します。お届け先・お届け希望は元の出荷と同じです。
        </p>
        <table className={`${table.table} ${styles.lines}`}>
          <caption className="visually-hidden">{`${code}の商品と移す数量`}</caption>
          <thead>
            <tr>
              <th scope="col">商品</th>
              <th scope="col">数量</th>
              <th scope="col">新しい出荷へ移す数</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line, index) => {
              const message = errors.moves?.[index]?.message;
              const inputId = `split-${code}-${line.id}`;
              return (
                <tr key={line.id}>
                  <td data-label="商品">
                    <div>
                      {line.code} {line.name}
                      {line.variation_name && line.variation_name !== line.name ? (
                        <span className={styles.sub}>{line.variation_name}</span>
                      ) : null}
                    </div>
                  </td>
                  <td data-label="数量" className={table.numeric}>
                    {line.quantity}
                  </td>
                  <td data-label="移す数">
                    <div>
                      <input
                        id={inputId}
                        className={`${ui.control} ${styles.moveInput}`}
                        type="number"
                        inputMode="numeric"
                        min={0}
                        max={line.quantity}
                        step={1}
                        aria-label={`${line.code}の移す数`}
                        aria-invalid={message ? true : undefined}
                        aria-describedby={message ? `${inputId}-error` : undefined}
                        data-autofocus={index === 0 || undefined}
                        {...register(`moves.${index}`, {
                          validate: (value) => moveError(value, line.quantity) ?? true,
                        })}
                      />
                      {message ? (
                        <span id={`${inputId}-error`} className={styles.fieldError}>
                          {message}
                        </span>
                      ) : null}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <DialogActions>
          <button type="submit" className={ui.button} disabled={split.isPending}>
            {split.isPending ? '分割しています…' : '分割する'}
          </button>
          <button type="button" className={ui.secondary} disabled={split.isPending} onClick={onClose}>
            やめる
          </button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
