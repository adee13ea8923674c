/**
 * 会員詳細's ポイント: the balance, the ledger (newest first, a page at a time — ?page= in the
 * address) and, for staff holding `points_adjust`, ポイントを調整: signed points (付与 300, 減算
 * -300) with a reason, sent with the balance shown. When the balance has moved since (409
 * `points.stale`) the section says the server's message and offers to read the points again; a
 * 422 goes under its field.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { AdminApiError, errorText } from '../api/admin-client';
import { useCan } from '../api/session-queries';
import { applyServerErrors } from '../orders/order-schema';
import { DateTime } from '../ui/date-time';
import { Field, FormAlert, StatusNotice, ui } from '../ui/form';
import { Pager, pageParam } from '../ui/pager';
import { LoadFailed, Loading } from '../ui/query-state';
import { RELOADED_TEXT, StaleNotice } from '../ui/stale-notice';
import { table } from '../ui/table';
import { points as pointsText } from './member-format';
import { Section } from './member-section';
import { isPointsStale, memberPointsQuery, refreshPoints, useAdjustPoints } from './member-queries';
import { parsePoints, type PointsValues, pointsRules, REASON_MAX } from './member-schema';
import type { MemberDetail, PointEntry } from './members-types';
import styles from './members.module.css';

export function MemberPoints({ member }: { member: MemberDetail }) {
  const mayAdjust = useCan()('points_adjust');
  const [params] = useSearchParams();
  const page = pageParam(params);
  const points = useQuery(memberPointsQuery(member.id, page));
  const queryClient = useQueryClient();
  const [stale, setStale] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <Section title="ポイント">
      {points.isPending ? (
        <Loading />
      ) : points.isError ? (
        <LoadFailed error={points.error} />
      ) : (
        <>
          <p className={styles.balance}>
            保有ポイント <strong>{pointsText(points.data.data.balance)}</strong>
          </p>
          {stale ? (
            <StaleNotice
              message={stale}
              reload={() => refreshPoints(queryClient, member.id)}
              onReloaded={() => {
                setStale(null);
                setNotice(RELOADED_TEXT);
              }}
            />
          ) : null}
          <StatusNotice message={notice} />
          {mayAdjust ? (
            <AdjustForm
              memberId={member.id}
              balance={points.data.data.balance}
              onStart={() => setNotice(null)}
              onDone={(message) => {
                setStale(null);
                setNotice(message);
              }}
              onStale={(message) => {
                setNotice(null);
                setStale(message);
              }}
            />
          ) : null}
          <Ledger entries={points.data.data.data} busy={points.isPlaceholderData} />
          <Pager pagination={points.data.pagination} label="ポイント履歴のページ送り" />
        </>
      )}
    </Section>
  );
}

function Ledger({ entries, busy }: { entries: readonly PointEntry[]; busy: boolean }) {
  if (entries.length === 0) return <p className={table.empty}>ポイントの履歴はありません。</p>;
  return (
    <table className={table.table} aria-busy={busy || undefined}>
      <caption className="visually-hidden">ポイント履歴（新しい順）</caption>
      <thead>
        <tr>
          <th scope="col">日時</th>
          <th scope="col">種類</th>
          <th scope="col" className={table.numeric}>
            ポイント
          </th>
          <th scope="col">内容</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id}>
            <td data-label="日時" className={table.nowrap}>
              <DateTime value={entry.created_at} />
            </td>
            <td data-label="種類" className={table.nowrap}>
              {entry.kind_label}
            </td>
            <td
              data-label="ポイント"
              className={`${table.numeric} ${table.nowrap} ${entry.points < 0 ? styles.minus : ''}`}
            >
              {pointsText(entry.points, true)}
            </td>
            <td data-label="内容">
              <div className={styles.entryText}>
                {entry.description}
                {entry.order_no ? (
                  <>
                    {entry.description ? '（' : null}
                    <Link to={`/admin/orders/${encodeURIComponent(entry.order_no)}`}>{`注文 ${entry.order_no}`}</Link>
                    {entry.description ? '）' : null}
                  </>
                ) : null}
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

interface AdjustFormProps {
  memberId: string;
  /** The balance the section shows: sent with the adjustment. */
  balance: number;
  onStart: () => void;
  onDone: (message: string) => void;
  onStale: (message: string) => void;
}

function AdjustForm({ memberId, balance, onStart, onDone, onStale }: AdjustFormProps) {
  const adjust = useAdjustPoints(memberId);
  const [alert, setAlert] = useState<string | null>(null);
  const rules = pointsRules(balance);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<PointsValues>({ defaultValues: { points: '', reason: '' } });

  return (
    <form
      noValidate
      className={styles.form}
      aria-label="ポイントを調整"
      onSubmit={handleSubmit((values) => {
        onStart();
        setAlert(null);
        const points = parsePoints(values.points);
        adjust.mutate(
          { points, reason: values.reason.trim(), balance },
          {
            onSuccess: (answer) => {
              reset();
              onDone(
                `${pointsText(Math.abs(points))}を${points > 0 ? '付与' : '減算'}しました。保有ポイントは${pointsText(answer.balance)}です。`,
              );
            },
            onError: (error) => {
              if (isPointsStale(error)) {
                onStale(errorText(error));
              } else if (error instanceof AdminApiError && error.status === 422) {
                setAlert(applyServerErrors(error, setError, ['points', 'reason']));
              } else {
                setAlert(errorText(error));
              }
            },
          },
        );
      })}
    >
      <h3 className={styles.formTitle}>ポイントを調整</h3>
      <FormAlert message={alert} />
      <div className={styles.formFields}>
        <Field label="ポイント" hint="付与は 300、減算は -300 のように入力します。" error={errors.points?.message}>
          {(control) => <input {...control} type="text" {...register('points', rules.points)} />}
        </Field>
        <Field
          label="理由"
          hint={`${REASON_MAX}文字以内。お客様のポイント履歴にも「ショップによる調整」として表示されます。`}
          error={errors.reason?.message}
        >
          {(control) => <input {...control} type="text" {...register('reason', rules.reason)} />}
        </Field>
      </div>
      <div className={ui.actions}>
        <button type="submit" className={ui.button} disabled={adjust.isPending}>
          {adjust.isPending ? '調整しています…' : 'ポイントを調整する'}
        </button>
      </div>
    </form>
  );
}
