/**
 * One bulk action over the selected orders, in one window, step by step: 入金日 first for
 * 入金確認 (the amount is each order's whole remaining amount), then the server's preview
 * (「12件を変更します。3件は対象外です。」 with each left-out order's reason), then the action run
 * in the background with its progress, and each order's result. 閉じる after the run reads the
 * list and the queues' counts again.
 */
import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { BulkInput, BulkJob } from '../api/admin-types';
import { formatDay, todayInJapan } from '../ui/date-time';
import { Dialog, DialogActions } from '../ui/dialog';
import { Field, FormAlert, ui } from '../ui/form';
import { table } from '../ui/table';
import { bulkJobQuery, bulkPreviewQuery, useStartBulk } from './bulk-queries';
import {
  type BulkAction,
  bulkErrorText,
  bulkLabel,
  finishedText,
  previewSentence,
  progressText,
  resultText,
} from './bulk-text';
import { paymentRules } from './order-schema';
import styles from './orders.module.css';

interface BulkDialogProps {
  action: BulkAction;
  orderNos: readonly string[];
  /** `ran`: the action was run (the list and counts are read again, the selection let go). */
  onClose: (ran: boolean) => void;
}

type Step = { name: 'date' } | { name: 'preview'; paidOn?: string } | { name: 'job'; id: string };

export function BulkDialog({ action, orderNos, onClose }: BulkDialogProps) {
  const [step, setStep] = useState<Step>(action === 'confirm_payment' ? { name: 'date' } : { name: 'preview' });
  const running = step.name === 'job';
  return (
    <Dialog title={bulkLabel(action)} wide busy={running} onClose={() => onClose(false)}>
      {step.name === 'date' ? (
        <PaidOnStep
          count={orderNos.length}
          onNext={(paidOn) => setStep({ name: 'preview', paidOn })}
          onCancel={() => onClose(false)}
        />
      ) : null}
      {step.name === 'preview' ? (
        <PreviewStep
          input={{
            action,
            order_nos: [...orderNos],
            ...(step.paidOn ? { paid_on: step.paidOn } : {}),
          }}
          onStarted={(id) => setStep({ name: 'job', id })}
          onCancel={() => onClose(false)}
        />
      ) : null}
      {step.name === 'job' ? <JobStep id={step.id} onClose={() => onClose(true)} /> : null}
    </Dialog>
  );
}

function PaidOnStep({
  count,
  onNext,
  onCancel,
}: {
  count: number;
  onNext: (paidOn: string) => void;
  onCancel: () => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ paid_on: string }>({ defaultValues: { paid_on: todayInJapan() } });
  return (
    <form noValidate aria-label="入金の記録" onSubmit={handleSubmit(({ paid_on }) => onNext(paid_on))}>
      <p>{`選択した${count}件の注文に、それぞれの未入金の全額を入金として記録します。`}</p>
      <Field label="入金日" error={errors.paid_on?.message}>
        {(control) => (
          <input
            {...control}
            type="date"
            max={todayInJapan()}
            data-autofocus
            {...register('paid_on', paymentRules.paid_on)}
          />
        )}
      </Field>
      <DialogActions>
        <button type="submit" className={ui.button}>
          対象を確認する
        </button>
        <button type="button" className={ui.secondary} onClick={onCancel}>
          やめる
        </button>
      </DialogActions>
    </form>
  );
}

function PreviewStep({
  input,
  onStarted,
  onCancel,
}: {
  input: BulkInput;
  onStarted: (id: string) => void;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const preview = useQuery(bulkPreviewQuery(input));
  const start = useStartBulk();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const ready = preview.data !== undefined;

  // The answer replaces 「確認中…」: the next thing to press is the confirmation.
  useEffect(() => {
    if (ready) confirmRef.current?.focus();
  }, [ready]);

  const changes = preview.data?.will_change ?? [];
  const skipped = preview.data?.skipped ?? [];
  return (
    <>
      {preview.isPending ? <p role="status">対象を確認しています…</p> : null}
      <FormAlert message={preview.isError ? bulkErrorText(preview.error) : null} />
      <FormAlert message={start.isError ? bulkErrorText(start.error) : null} />
      {preview.data ? (
        <>
          <p className={styles.previewSentence}>{previewSentence(input.action, changes.length, skipped.length)}</p>
          {input.paid_on ? <p>{`入金日：${formatDay(input.paid_on)}`}</p> : null}
          {changes.length > 0 ? (
            <ul className={styles.previewList} aria-label="変更する注文">
              {changes.map((change) => (
                <li key={change.order_no}>
                  <strong>{change.order_no}</strong>
                  {change.detail ? `：${change.detail}` : ''}
                </li>
              ))}
            </ul>
          ) : null}
          {skipped.length > 0 ? (
            <>
              <h3 className={styles.resultSub}>対象外の注文</h3>
              <ul className={styles.previewList} aria-label="対象外の注文">
                {skipped.map((skip) => (
                  <li key={skip.order_no}>
                    <strong>{skip.order_no}</strong>：{skip.reason}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      ) : null}
      <DialogActions>
        {preview.data && changes.length > 0 ? (
          <button
            type="button"
            ref={confirmRef}
            className={ui.button}
            disabled={start.isPending}
            onClick={() =>
              start.mutate(input, {
                onSuccess: (job) => {
                  queryClient.setQueryData(bulkJobQuery(job.id).queryKey, job);
                  onStarted(job.id);
                },
              })
            }
          >
            {start.isPending ? '開始しています…' : `${changes.length}件に実行する`}
          </button>
        ) : null}
        <button type="button" className={ui.secondary} disabled={start.isPending} onClick={onCancel}>
          {preview.data && changes.length === 0 ? '閉じる' : 'やめる'}
        </button>
      </DialogActions>
    </>
  );
}

function JobStep({ id, onClose }: { id: string; onClose: () => void }) {
  const job = useQuery(bulkJobQuery(id));
  const closeRef = useRef<HTMLButtonElement>(null);
  const finished = job.data !== undefined && job.data.state !== 'running';

  useEffect(() => {
    if (finished || job.isError) closeRef.current?.focus();
  }, [finished, job.isError]);

  return (
    <>
      {job.data ? <Progress job={job.data} /> : null}
      <FormAlert message={job.isError ? bulkErrorText(job.error) : null} />
      {finished && job.data ? <Results job={job.data} /> : null}
      {finished || job.isError ? (
        <DialogActions>
          <button type="button" ref={closeRef} className={ui.button} onClick={onClose}>
            閉じる
          </button>
        </DialogActions>
      ) : null}
    </>
  );
}

function Progress({ job }: { job: BulkJob }) {
  return (
    <div className={styles.progress}>
      <progress max={Math.max(job.total, 1)} value={job.done} aria-label="処理の進み具合" />
      <p role="status">{progressText(job)}</p>
      <p className={job.state === 'running' ? styles.sub : styles.finished}>
        {job.state === 'running' ? '処理が終わるまでこの画面を閉じられません。' : finishedText(job)}
      </p>
    </div>
  );
}

function Results({ job }: { job: BulkJob }) {
  return (
    <table className={table.table}>
      <caption className={styles.caption}>注文ごとの結果</caption>
      <thead>
        <tr>
          <th scope="col">注文番号</th>
          <th scope="col">結果</th>
        </tr>
      </thead>
      <tbody>
        {job.results.map((result) => (
          <tr key={result.order_no}>
            <td data-label="注文番号" className={table.nowrap}>
              {result.order_no}
            </td>
            <td data-label="結果" className={result.ok ? undefined : styles.failed}>
              {resultText(result)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
