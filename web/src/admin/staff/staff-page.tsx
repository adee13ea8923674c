/**
 * スタッフ管理: the shop's staff (owners first, then by name) with 権限, 状態 (有効 / 無効 /
 * ロック中) and 最終ログイン (Japan time). Only for staff holding `staff_manage` (the owner): the
 * menu leaves it out for the others, and the page says so if reached anyway. 無効にする asks first
 * (the person's open screens stop working at once) and is not offered on one's own row;
 * 有効にする and ロックを解除 act at once. Each change sends the version shown; when the account
 * changed elsewhere first (409) the page says the server's message and offers to read the list
 * again. ログイン履歴 opens the person's last 50 logins, logouts and failed logins in a dialog.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { errorText } from '../api/admin-client';
import { useCan } from '../api/session-queries';
import { Badge, type BadgeTone } from '../ui/badge';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { DateTime } from '../ui/date-time';
import { Dialog, DialogActions } from '../ui/dialog';
import { FormAlert, StatusNotice, ui } from '../ui/form';
import { LoadFailed, Loading } from '../ui/query-state';
import { StaleNotice } from '../ui/stale-notice';
import { table } from '../ui/table';
import {
  isStaffStale,
  type StaffChange,
  staffListQuery,
  staffLoginsQuery,
  useReloadStaff,
  useStaffChange,
} from './staff-queries';
import { loginDetail, STATE_LABELS, type StaffMember, type StaffState, staffState } from './staff-types';
import styles from './staff.module.css';

export function StaffPage() {
  const allowed = useCan()('staff_manage');
  return (
    <>
      <title>スタッフ管理 | 管理画面</title>
      <h1>スタッフ管理</h1>
      {allowed ? <StaffDesk /> : <p role="alert">スタッフを管理する権限がありません。</p>}
    </>
  );
}

const STATE_TONES: Record<StaffState, BadgeTone> = {
  active: 'member',
  disabled: 'closed',
  locked: 'open',
};

/** 「山田 花子 さん」, as the contract's sentences name a person. */
const honorific = (member: StaffMember) => `${member.name} さん`;

/** What the page says once a change is done. */
function doneText(member: StaffMember, action: StaffChange['action']): string {
  if (action === 'disable') return `${honorific(member)}のアカウントを無効にしました。`;
  return member.active
    ? `${honorific(member)}のロックを解除しました。`
    : `${honorific(member)}のアカウントを有効にしました。`;
}

function StaffDesk() {
  const list = useQuery(staffListQuery());
  // One mutation for the page, not one per row: the dialog and the row's buttons wait on it, and
  // its answer reaches the page whichever row asked.
  const change = useStaffChange();
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [disabling, setDisabling] = useState<StaffMember | null>(null);
  const [history, setHistory] = useState<StaffMember | null>(null);

  const act = (member: StaffMember, action: StaffChange['action']) => {
    setNotice(null);
    setFailure(null);
    change.mutate(
      { id: member.id, action, version: member.version },
      {
        onSuccess: () => {
          setDisabling(null);
          setNotice(doneText(member, action));
        },
        onError: (error) => {
          setDisabling(null);
          setFailure(error);
        },
      },
    );
  };

  return (
    <>
      <p className={styles.lead}>
        無効にしたアカウントではログインできなくなり、ログイン中の画面もすぐに使えなくなります。ロック中は、パスワードか確認コードを続けて間違えたため、しばらくログインできない状態です。
      </p>
      <StatusNotice message={notice} />
      {failure ? (
        <Failure
          error={failure}
          onReloaded={() => {
            setFailure(null);
            setNotice('最新の内容を読み込みました。');
          }}
        />
      ) : null}

      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadFailed error={list.error} />
      ) : list.data.items.length === 0 ? (
        <p className={table.empty}>スタッフはいません。</p>
      ) : (
        <StaffTable
          members={list.data.items}
          pendingId={change.isPending ? change.variables?.id : undefined}
          onDisable={(member) => {
            setNotice(null);
            setFailure(null);
            setDisabling(member);
          }}
          onEnable={(member) => act(member, 'enable')}
          onHistory={setHistory}
        />
      )}

      {disabling ? (
        <ConfirmDialog
          title="アカウントを無効にする"
          confirmLabel="無効にする"
          pending={change.isPending}
          onConfirm={() => act(disabling, 'disable')}
          onClose={() => setDisabling(null)}
        >
          <p>{`${honorific(disabling)}のアカウントを無効にします。ログイン中の画面もすぐに使えなくなります。`}</p>
        </ConfirmDialog>
      ) : null}
      {history ? <LoginHistoryDialog member={history} onClose={() => setHistory(null)} /> : null}
    </>
  );
}

interface StaffTableProps {
  members: readonly StaffMember[];
  /** The member whose change is on its way (their buttons wait). */
  pendingId: string | undefined;
  onDisable: (member: StaffMember) => void;
  onEnable: (member: StaffMember) => void;
  onHistory: (member: StaffMember) => void;
}

function StaffTable({ members, pendingId, onDisable, onEnable, onHistory }: StaffTableProps) {
  return (
    <table className={table.table}>
      <caption className="visually-hidden">スタッフ一覧</caption>
      <thead>
        <tr>
          <th scope="col">名前</th>
          <th scope="col">メールアドレス</th>
          <th scope="col">権限</th>
          <th scope="col">状態</th>
          <th scope="col">最終ログイン</th>
          <th scope="col">操作</th>
        </tr>
      </thead>
      <tbody>
        {members.map((member) => {
          const state = staffState(member);
          const busy = pendingId === member.id;
          const who = honorific(member);
          return (
            <tr key={member.id}>
              {/* One block per cell: on a phone a cell lays out its label and its content side by side. */}
              <td data-label="名前">
                <div className={styles.name}>
                  <span className={styles.strong}>{member.name}</span>
                  {member.is_me ? <Badge tone="in_progress">あなた</Badge> : null}
                </div>
              </td>
              <td data-label="メールアドレス">
                <div className={styles.email}>{member.email}</div>
              </td>
              <td data-label="権限" className={table.nowrap}>
                {member.role_label}
              </td>
              <td data-label="状態">
                <Badge tone={STATE_TONES[state]}>{STATE_LABELS[state]}</Badge>
              </td>
              <td data-label="最終ログイン" className={table.nowrap}>
                {member.last_login_at ? <DateTime value={member.last_login_at} /> : 'なし'}
              </td>
              <td data-label="操作">
                <div className={styles.rowActions}>
                  {state === 'disabled' ? (
                    <button
                      type="button"
                      className={styles.action}
                      disabled={busy}
                      aria-label={`${who}のアカウントを有効にする`}
                      onClick={() => onEnable(member)}
                    >
                      有効にする
                    </button>
                  ) : null}
                  {state === 'locked' ? (
                    <button
                      type="button"
                      className={styles.action}
                      disabled={busy}
                      aria-label={`${who}のロックを解除`}
                      onClick={() => onEnable(member)}
                    >
                      ロックを解除
                    </button>
                  ) : null}
                  {state !== 'disabled' && !member.is_me ? (
                    <button
                      type="button"
                      className={`${styles.action} ${styles.danger}`}
                      disabled={busy}
                      aria-label={`${who}のアカウントを無効にする`}
                      onClick={() => onDisable(member)}
                    >
                      無効にする
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className={styles.action}
                    aria-label={`${who}のログイン履歴`}
                    onClick={() => onHistory(member)}
                  >
                    ログイン履歴
                  </button>
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** A change's failure: the server's message, with 最新の内容を読み込む on a 409. */
function Failure({ error, onReloaded }: { error: unknown; onReloaded: () => void }) {
  const reload = useReloadStaff();
  if (!isStaffStale(error)) return <FormAlert message={errorText(error)} />;
  return <StaleNotice message={errorText(error)} reload={reload} onReloaded={onReloaded} />;
}

/** ログイン履歴: 時刻 (Japan time) and 内容 (ログイン / ログアウト / ログイン失敗 with what failed), newest first. */
function LoginHistoryDialog({ member, onClose }: { member: StaffMember; onClose: () => void }) {
  const logins = useQuery(staffLoginsQuery(member.id));
  const title = `${honorific(member)}のログイン履歴`;
  return (
    <Dialog title={title} wide onClose={onClose}>
      {logins.isPending ? (
        <Loading />
      ) : logins.isError ? (
        <LoadFailed error={logins.error} />
      ) : logins.data.length === 0 ? (
        <p className={table.empty}>ログインの記録はまだありません。</p>
      ) : (
        <>
          <p className={styles.hint}>新しい順に、最新の50件まで表示します。</p>
          <table className={table.table}>
            <caption className="visually-hidden">{`${title}（新しい順）`}</caption>
            <thead>
              <tr>
                <th scope="col">時刻</th>
                <th scope="col">内容</th>
              </tr>
            </thead>
            <tbody>
              {logins.data.map((entry, index) => {
                const detail = loginDetail(entry.detail);
                return (
                  <tr key={`${entry.at}-${index}`}>
                    <td data-label="時刻" className={table.nowrap}>
                      <DateTime value={entry.at} />
                    </td>
                    <td data-label="内容">
                      <div className={entry.action === 'login_failed' ? styles.failed : undefined}>
                        {entry.label}
                        {detail ? `（${detail}）` : null}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </>
      )}
      <DialogActions>
        <button type="button" data-autofocus className={ui.secondary} onClick={onClose}>
          閉じる
        </button>
      </DialogActions>
    </Dialog>
  );
}
