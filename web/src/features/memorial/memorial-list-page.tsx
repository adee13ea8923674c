import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { Memorial } from '../../api/types';
import { formatDate } from '../../lib/format';
import { queryClient } from '../../lib/query-client';
import { sessionStore } from '../../api/session';
import { showToast } from '../../lib/toast';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { MypageFrame } from '../../ui/mypage-frame';
import { NoticeSlot } from '../../ui/notice-slot';
import { memorialListQuery, useDeleteMemorial, useMemorialList } from './memorial-queries';
import { daysUntilText, limitText, monthDayText } from './memorial-schema';
import styles from './memorial.module.css';

export async function loader() {
  if (sessionStore.get().isLogin) await queryClient.ensureQueryData(memorialListQuery());
  return null;
}

export const MEMORIAL_DELETED_MESSAGE = '記念日を削除しました。';

function MemorialEntry({
  memorial,
  busy,
  onDelete,
}: {
  memorial: Memorial;
  busy: boolean;
  onDelete: (memorial: Memorial) => void;
}) {
  const nameId = useId();
  const which = <span className="visually-hidden">（{memorial.name}）</span>;
  const soon = memorial.days_until <= 0;
  return (
    <article aria-labelledby={nameId} className={styles.entry}>
      <div className={styles.entryHead}>
        <h2 id={nameId} className={styles.entryName}>
          {memorial.name}
        </h2>
        <span className={styles.division}>{memorial.division_name}</span>
      </div>
      <p className={soon ? `${styles.countdown} ${styles.today}` : styles.countdown}>
        {daysUntilText(memorial.days_until)}
      </p>
      <dl className={styles.details}>
        <div>
          <dt>お相手</dt>
          <dd>
            {memorial.target_user_name}
            {memorial.call ? `（${memorial.call}）` : ''}
          </dd>
        </div>
        <div>
          <dt>日付</dt>
          <dd>{monthDayText(memorial.month, memorial.date)}</dd>
        </div>
        <div>
          <dt>次の記念日</dt>
          <dd>
            <time dateTime={memorial.next_date}>{formatDate(memorial.next_date)}</time>
          </dd>
        </div>
      </dl>
      <div className={styles.entryActions}>
        <Link to={`/mypage/memorial/${encodeURIComponent(memorial.id)}/edit`} className={styles.action}>
          編集{which}
        </Link>
        <button
          type="button"
          className={`${styles.action} ${styles.actionDanger}`}
          disabled={busy}
          onClick={() => onDelete(memorial)}
        >
          削除{which}
        </button>
      </div>
    </article>
  );
}

/** 記念日: the member's memorials, the soonest first, with how many days are left. */
export function MemorialListPage() {
  const { items, limit } = useMemorialList();
  const remove = useDeleteMemorial();
  const [pending, setPending] = useState<Memorial | null>(null);
  const full = limit !== null && items.length >= limit;

  const confirmDelete = async () => {
    if (!pending) return;
    try {
      await remove.mutateAsync(pending.id);
      showToast(MEMORIAL_DELETED_MESSAGE, 'success');
    } catch {
      // Toasted by the query client.
    }
    setPending(null);
  };

  return (
    <MypageFrame title="記念日">
      {/* What the reminder mail does is the shop's to say, in this slot. */}
      <NoticeSlot code="memorial" />
      <div className={styles.toolbar}>
        <p className={styles.count}>
          登録件数 <strong>{items.length}</strong> 件{limit !== null ? `（${limitText(limit)}）` : ''}
        </p>
        {full ? (
          <p className={styles.fullNote}>上限まで登録済みです。新しく登録するには不要な記念日を削除してください。</p>
        ) : (
          <Link to="/mypage/memorial/add" className={styles.addLink}>
            記念日を登録する
          </Link>
        )}
      </div>

      {items.length === 0 ? (
        <p className={styles.empty}>登録されている記念日はありません。</p>
      ) : (
        <ul className={styles.list} aria-label="登録済みの記念日（日付の近い順）">
          {items.map((memorial) => (
            <li key={memorial.id}>
              <MemorialEntry memorial={memorial} busy={remove.isPending} onDelete={setPending} />
            </li>
          ))}
        </ul>
      )}

      {pending ? (
        <ConfirmDialog
          title="記念日の削除"
          confirmLabel="削除する"
          pending={remove.isPending}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setPending(null)}
        >
          <p>次の記念日を削除します。よろしいですか？</p>
          <p className={styles.dialogEntry}>
            {pending.name}（{monthDayText(pending.month, pending.date)}）
            <br />
            {pending.target_user_name}
          </p>
        </ConfirmDialog>
      ) : null}
    </MypageFrame>
  );
}

export { MemorialListPage as Component };
