/**
 * 招待中: the invitations not used yet and not expired (名前, メールアドレス, 権限, 有効期限 in Japan
 * time), newest first. 取り消す asks first; the link stops working at once.
 */
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { DateTime } from '../ui/date-time';
import { LoadFailed, Loading } from '../ui/query-state';
import { table } from '../ui/table';
import { invitationsQuery, useCancelInvitation } from './staff-queries';
import type { Invitation } from './staff-types';
import styles from './staff.module.css';

interface InvitationsProps {
  /** A cancellation is done: what the page says. */
  onDone: (message: string) => void;
  /** A cancellation was refused (the invitation was used or expired meanwhile): the page says why. */
  onFailed: (error: unknown) => void;
  /** Before a question is asked: the page drops what it said last. */
  onStart: () => void;
}

export function Invitations({ onDone, onFailed, onStart }: InvitationsProps) {
  const headingId = useId();
  const list = useQuery(invitationsQuery());
  const cancel = useCancelInvitation();
  const [cancelling, setCancelling] = useState<Invitation | null>(null);

  return (
    <section aria-labelledby={headingId} className={styles.invitations}>
      <h2 id={headingId}>招待中</h2>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadFailed error={list.error} />
      ) : list.data.length === 0 ? (
        <p className={table.empty}>招待中のスタッフはいません。</p>
      ) : (
        <table className={table.table}>
          <caption className="visually-hidden">招待中のスタッフ</caption>
          <thead>
            <tr>
              <th scope="col">名前</th>
              <th scope="col">メールアドレス</th>
              <th scope="col">権限</th>
              <th scope="col">有効期限</th>
              <th scope="col">操作</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((invitation) => (
              <tr key={invitation.id}>
                <td data-label="名前">
                  <span className={styles.strong}>{invitation.name}</span>
                </td>
                <td data-label="メールアドレス">
                  <div className={styles.email}>{invitation.email}</div>
                </td>
                <td data-label="権限" className={table.nowrap}>
                  {invitation.role_label}
                </td>
                <td data-label="有効期限" className={table.nowrap}>
                  <DateTime value={invitation.expires_at} />
                </td>
                <td data-label="操作">
                  <div className={styles.rowActions}>
                    <button
                      type="button"
                      className={`${styles.action} ${styles.danger}`}
                      disabled={cancel.isPending && cancel.variables?.id === invitation.id}
                      aria-label={`${invitation.name} さんへの招待を取り消す`}
                      onClick={() => {
                        onStart();
                        setCancelling(invitation);
                      }}
                    >
                      取り消す
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      {cancelling ? (
        <ConfirmDialog
          title="招待を取り消す"
          confirmLabel="取り消す"
          pending={cancel.isPending}
          onConfirm={() =>
            cancel.mutate(cancelling, {
              onSuccess: (done) => {
                setCancelling(null);
                onDone(`${done.name} さんへの招待を取り消しました。`);
              },
              onError: (error) => {
                setCancelling(null);
                onFailed(error);
              },
            })
          }
          onClose={() => setCancelling(null)}
        >
          <p>{`${cancelling.name} さんへの招待を取り消します。`}</p>
          <p>招待メールのリンクは使えなくなります。</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
