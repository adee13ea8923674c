/**
 * The order's 返品・返金, oldest first: what came back, the money and the points, why and by whom;
 * a manual refund waiting in 振込待ち is marked 振込完了 here once the money has been sent
 * (POST …/refunds/{id}/complete with the order's version).
 */
import { useId, useState } from 'react';
import type { DeskOrder, DeskRefund } from '../api/admin-types';
import { Badge, type BadgeTone } from '../ui/badge';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { DateTime } from '../ui/date-time';
import { Flag } from '../ui/flag';
import { FormAlert, ui } from '../ui/form';
import { useCompleteRefund } from './order-queries';
import type { ReportFailure } from './order-schema';
import { lineName, pt, yen } from './refund-schema';
import styles from './order-page.module.css';

const STATE_TONES: Record<string, BadgeTone> = {
  pending: 'in_progress',
  awaiting_transfer: 'open',
  refunded: 'member',
  failed: 'attention',
  none: 'closed',
};

interface RefundListProps {
  order: DeskOrder;
  onDone: (message: string) => void;
  report: ReportFailure;
}

export function RefundList({ order, onDone, report }: RefundListProps) {
  const titleId = useId();
  if (order.refunds.length === 0) return null;
  return (
    <section className={styles.refunds} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.panelTitle}>
        返品・返金
      </h2>
      {order.refunds.map((refund) => (
        <RefundEntry key={refund.id} order={order} refund={refund} onDone={onDone} report={report} />
      ))}
    </section>
  );
}

function RefundEntry({ order, refund, onDone, report }: RefundListProps & { refund: DeskRefund }) {
  const titleId = useId();
  const complete = useCompleteRefund(order.order_no);
  const [confirming, setConfirming] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const title = `返品・返金 #${refund.refund_no}`;
  const canComplete = order.actions.refund && refund.state.code === 'awaiting_transfer';
  const points = [
    refund.points_returned > 0 ? `返却 ${pt(refund.points_returned)}` : '',
    refund.points_revoked > 0 ? `取り消し ${pt(refund.points_revoked)}` : '',
  ].filter(Boolean);

  return (
    <article className={styles.refund} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.refundTitle}>
        <span>{title}</span>
        <Badge tone={STATE_TONES[refund.state.code] ?? 'plain'}>{refund.state.label}</Badge>
      </h3>
      <FormAlert message={alert} />
      {refund.state.code === 'failed' ? (
        <Flag label="返金できませんでした" className={styles.flag}>
          {refund.failure || '理由の記載なし'}
        </Flag>
      ) : null}
      <dl className={styles.facts}>
        <div>
          <dt>受付日時</dt>
          <dd>
            <DateTime value={refund.created_at} />
          </dd>
        </div>
        <div>
          <dt>返金額</dt>
          <dd>
            {yen(refund.amount)}（{refund.method.label}）
          </dd>
        </div>
        {refund.refunded_at ? (
          <div>
            <dt>返金日時</dt>
            <dd>
              <DateTime value={refund.refunded_at} />
            </dd>
          </div>
        ) : null}
        <div>
          <dt>返品した商品</dt>
          <dd>
            {refund.lines.length > 0 ? (
              <ul className={styles.refundLines}>
                {refund.lines.map((line) => (
                  <li key={line.line_id}>
                    {lineName(line)} × {line.quantity}点（{yen(line.amount)}）
                  </li>
                ))}
              </ul>
            ) : (
              'なし（返金のみ）'
            )}
          </dd>
        </div>
        {refund.lines.length > 0 ? (
          <div>
            <dt>在庫</dt>
            <dd>{refund.restocked ? '在庫に戻した' : '在庫に戻していない'}</dd>
          </div>
        ) : null}
        <div>
          <dt>ポイント</dt>
          <dd>{points.length > 0 ? points.join('・') : 'なし'}</dd>
        </div>
        {refund.bank_account ? (
          <div>
            <dt>振込先</dt>
            <dd className={styles.noteBody}>{refund.bank_account}</dd>
          </div>
        ) : null}
        <div>
          <dt>理由</dt>
          <dd className={styles.noteBody}>{refund.reason}</dd>
        </div>
        <div>
          <dt>担当</dt>
          <dd>{refund.staff_name || '—'}</dd>
        </div>
      </dl>
      {canComplete ? (
        <div className={`${ui.actions} ${styles.shipActions}`}>
          <button type="button" className={ui.secondary} onClick={() => setConfirming(true)}>
            振込完了にする
          </button>
        </div>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={`${title}の振込完了`}
          confirmLabel="振込完了にする"
          pending={complete.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={() => {
            setAlert(null);
            complete.mutate(refund.id, {
              onSuccess: () => {
                setConfirming(false);
                onDone(`${title}を返金済にしました。`);
              },
              onError: (error) => {
                setConfirming(false);
                setAlert(report(error, () => undefined, []));
              },
            });
          }}
        >
          <p>{`${yen(refund.amount)}をお客様の口座へ振り込みましたか。返金済にすると元に戻せません。`}</p>
          {refund.bank_account ? <p className={styles.noteBody}>振込先：{refund.bank_account}</p> : null}
        </ConfirmDialog>
      ) : null}
    </article>
  );
}
