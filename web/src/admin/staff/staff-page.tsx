/**
 * スタッフ管理: the shop's staff (owners first, then by name) with 権限, 状態 (有効 / 無効 /
 * ロック中 / 再設定待ち) and 最終ログイン (Japan time), and below them 招待中, the invitations not
 * used yet. Only for staff holding `staff_manage` (the owner): the menu leaves it out for the
 * others, and the page says so if reached anyway. スタッフを招待 mails a new person an enrolment
 * link. 無効にする asks first (the person's open screens stop working at once); 有効にする and
 * ロックを解除 act at once; 権限を変更 chooses the role in a dialog; 認証アプリを再設定 asks first
 * (the account stops working until the person has followed the mailed link). None of these is
 * offered on one's own row. Each change sends the version shown; when the account changed
 * elsewhere first (409) the page says the server's message and offers to read the list again.
 * ログイン履歴 opens the person's last 50 logins, logouts and failed logins in a dialog.
 * IPアドレス制限 leads to the page that limits the back office to the shop's addresses.
 * (docs/contracts/staff-desk.md, docs/contracts/staff-enrolment.md, docs/contracts/ip-allowlist.md)
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
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
import { InviteDialog } from './invite-dialog';
import { Invitations } from './invitations';
import { RoleDialog } from './role-dialog';
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
  pending: 'attention',
};

/** 「山田 花子 さん」, as the contract's sentences name a person. */
const honorific = (member: StaffMember) => `${member.name} さん`;

/** What the page says once a change is done (`member` as it was, `after` as the server has it now). */
function doneText(member: StaffMember, after: StaffMember, action: StaffChange['action']): string {
  switch (action) {
    case 'disable':
      return `${honorific(member)}のアカウントを無効にしました。`;
    case 'enable':
      return member.active
        ? `${honorific(member)}のロックを解除しました。`
        : `${honorific(member)}のアカウントを有効にしました。`;
    case 'reset':
      return `${honorific(member)}に認証アプリの再設定メールを送りました。`;
    case 'role':
      return `${honorific(member)}の権限を${after.role_label}に変更しました。`;
  }
}

/** The dialog open over the list, if any: each names the member it is about. */
type Asking =
  | { kind: 'invite' }
  | { kind: 'disable'; member: StaffMember }
  | { kind: 'reset'; member: StaffMember }
  | { kind: 'role'; member: StaffMember }
  | { kind: 'history'; member: StaffMember };

function StaffDesk() {
  const list = useQuery(staffListQuery());
  // One mutation for the page, not one per row: the dialog and the row's buttons wait on it, and
  // its answer reaches the page whichever row asked.
  const change = useStaffChange();
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [asking, setAsking] = useState<Asking | null>(null);

  const clear = () => {
    setNotice(null);
    setFailure(null);
  };
  const ask = (next: Asking) => {
    clear();
    setAsking(next);
  };
  const close = () => setAsking(null);

  /**
   * Sends `what` for `member` with the version shown. `refused` may keep a refusal in the open
   * dialog (answering true); else the dialog closes and the page says it.
   */
  const act = (member: StaffMember, what: StaffChange, refused?: (error: unknown) => boolean) => {
    clear();
    change.mutate(what, {
      onSuccess: (after) => {
        close();
        setNotice(doneText(member, after, what.action));
      },
      onError: (error) => {
        if (refused?.(error)) return;
        close();
        setFailure(error);
      },
    });
  };
  const simple = (member: StaffMember, action: 'disable' | 'enable' | 'reset') =>
    act(member, { id: member.id, version: member.version, action });

  return (
    <>
      <p className={styles.lead}>
        無効にしたアカウントではログインできなくなり、ログイン中の画面もすぐに使えなくなります。ロック中は、パスワードか確認コードを続けて間違えたため、しばらくログインできない状態です。
      </p>
      <div className={styles.toolbar}>
        <button type="button" className={ui.button} onClick={() => ask({ kind: 'invite' })}>
          スタッフを招待
        </button>
        <Link to="/admin/staff/ip-allowlist" className={ui.secondary}>
          IPアドレス制限
        </Link>
      </div>
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
          onDisable={(member) => ask({ kind: 'disable', member })}
          onEnable={(member) => simple(member, 'enable')}
          onRole={(member) => ask({ kind: 'role', member })}
          onReset={(member) => ask({ kind: 'reset', member })}
          onHistory={(member) => setAsking({ kind: 'history', member })}
        />
      )}

      <Invitations
        onStart={clear}
        onDone={setNotice}
        onFailed={(error) => {
          setNotice(null);
          setFailure(error);
        }}
      />

      {asking?.kind === 'invite' ? (
        <InviteDialog
          onClose={close}
          onDone={(message) => {
            close();
            setNotice(message);
          }}
        />
      ) : null}
      {asking?.kind === 'disable' ? (
        <ConfirmDialog
          title="アカウントを無効にする"
          confirmLabel="無効にする"
          pending={change.isPending}
          onConfirm={() => simple(asking.member, 'disable')}
          onClose={close}
        >
          <p>{`${honorific(asking.member)}のアカウントを無効にします。ログイン中の画面もすぐに使えなくなります。`}</p>
        </ConfirmDialog>
      ) : null}
      {asking?.kind === 'reset' ? (
        <ConfirmDialog
          title="認証アプリを再設定"
          confirmLabel="再設定メールを送る"
          pending={change.isPending}
          onConfirm={() => simple(asking.member, 'reset')}
          onClose={close}
        >
          <p>{`${honorific(asking.member)}のアカウントを一時的に使えなくし、認証アプリの再設定メールを送ります。`}</p>
          <p>本人がメールのリンクから新しいパスワードと認証アプリを設定すると、また使えるようになります。</p>
        </ConfirmDialog>
      ) : null}
      {asking?.kind === 'role' ? (
        <RoleDialog
          member={asking.member}
          pending={change.isPending}
          onSubmit={(role, refused) =>
            act(asking.member, { id: asking.member.id, version: asking.member.version, action: 'role', role }, refused)
          }
          onClose={close}
        />
      ) : null}
      {asking?.kind === 'history' ? <LoginHistoryDialog member={asking.member} onClose={close} /> : null}
    </>
  );
}

interface StaffTableProps {
  members: readonly StaffMember[];
  /** The member whose change is on its way (their buttons wait). */
  pendingId: string | undefined;
  onDisable: (member: StaffMember) => void;
  onEnable: (member: StaffMember) => void;
  onRole: (member: StaffMember) => void;
  onReset: (member: StaffMember) => void;
  onHistory: (member: StaffMember) => void;
}

function StaffTable({ members, pendingId, onDisable, onEnable, onRole, onReset, onHistory }: StaffTableProps) {
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
                  {(state === 'active' || state === 'locked') && !member.is_me ? (
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
                  {member.is_me ? null : (
                    <>
                      <button
                        type="button"
                        className={styles.action}
                        disabled={busy}
                        aria-label={`${who}の権限を変更`}
                        onClick={() => onRole(member)}
                      >
                        権限を変更
                      </button>
                      <button
                        type="button"
                        className={styles.action}
                        disabled={busy}
                        aria-label={`${who}の認証アプリを再設定`}
                        onClick={() => onReset(member)}
                      >
                        認証アプリを再設定
                      </button>
                    </>
                  )}
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
