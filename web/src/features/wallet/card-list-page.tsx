import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { CARDS_UNAVAILABLE_MESSAGE, cardServiceQuery } from '../../domain/payment-card/card-tokenizer';
import { queryClient } from '../../lib/query-client';
import { sessionStore } from '../../api/session';
import { showToast } from '../../lib/toast';
import { MypageFrame } from '../../ui/mypage-frame';
import { cardsQuery, useCards, useDeleteCard, useSetMainCard } from './wallet-queries';
import type { UserCard } from './wallet-types';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import styles from './wallet.module.css';

export async function loader() {
  if (sessionStore.get().isLogin) {
    await Promise.all([queryClient.ensureQueryData(cardsQuery()), queryClient.ensureQueryData(cardServiceQuery())]);
  }
  return null;
}

export const CARD_MESSAGES = {
  deleted: 'カードを削除しました。',
  mainSet: 'メインのカードを変更しました。',
  limit: (limit: number) => `登録できるカードは ${limit} 枚までです`,
} as const;

/** `2028-12` → `2028年12月`. */
export function expirationText(expiration: string): string {
  const match = /^(\d{4})-(\d{1,2})$/.exec(expiration);
  return match ? `${match[1]}年${Number(match[2])}月` : expiration;
}

export const cardName = (card: Pick<UserCard, 'brand' | 'masked_number'>) =>
  `${card.brand} 末尾${card.masked_number.slice(-4)}`;

function CardEntry({
  card,
  busy,
  onMain,
  onDelete,
}: {
  card: UserCard;
  busy: boolean;
  onMain: (card: UserCard) => void;
  onDelete: (card: UserCard) => void;
}) {
  const titleId = useId();
  const who = <span className="visually-hidden">（{cardName(card)}）</span>;
  return (
    <article aria-labelledby={titleId} className={card.is_main ? `${styles.card} ${styles.cardMain}` : styles.card}>
      <h2 id={titleId} className={styles.cardHead}>
        {cardName(card)}
        {card.is_main ? <span className={styles.mark}>メイン</span> : null}
      </h2>
      <dl className={styles.facts}>
        <div>
          <dt>カード番号</dt>
          <dd>{card.masked_number}</dd>
        </div>
        <div>
          <dt>有効期限</dt>
          <dd>{expirationText(card.expiration)}</dd>
        </div>
        <div>
          <dt>名義</dt>
          <dd>{card.holder_name}</dd>
        </div>
      </dl>
      <div className={styles.actions}>
        {card.is_main ? null : (
          <button type="button" className={styles.action} disabled={busy} onClick={() => onMain(card)}>
            メインに設定{who}
          </button>
        )}
        <button
          type="button"
          className={`${styles.action} ${styles.actionDanger}`}
          disabled={busy}
          onClick={() => onDelete(card)}
        >
          削除{who}
        </button>
      </div>
    </article>
  );
}

/** カード情報: the saved cards, the main one marked; add, delete, set main. */
export function CardListPage() {
  const { items, limit } = useCards();
  const setMain = useSetMainCard();
  const remove = useDeleteCard();
  const [pending, setPending] = useState<UserCard | null>(null);
  const busy = setMain.isPending || remove.isPending;
  const full = items.length >= limit;
  // null: no gateway serves this shop, so no card can be added (the saved ones stay listed).
  const unavailable = useQuery(cardServiceQuery()).data === null;

  const confirmDelete = async () => {
    if (!pending) return;
    try {
      await remove.mutateAsync(pending.id);
      showToast(CARD_MESSAGES.deleted, 'success');
    } catch {
      // Toasted by the query client.
    }
    setPending(null);
  };

  return (
    <MypageFrame title="カード情報">
      <div className={styles.toolbar}>
        <p>
          {CARD_MESSAGES.limit(limit)}（登録済み {items.length} 枚）
        </p>
        {full || unavailable ? null : (
          <Link to="/mypage/card/add" className={styles.addLink}>
            カードを登録する
          </Link>
        )}
      </div>
      {unavailable ? (
        <p role="status" className={styles.note}>
          {CARDS_UNAVAILABLE_MESSAGE}
        </p>
      ) : null}
      {full ? (
        <p className={styles.note}>上限まで登録済みです。新しく登録するには不要なカードを削除してください。</p>
      ) : null}
      <p className={styles.note}>カード番号はショップには保存されません。決済代行会社が安全に保管します。</p>
      {items.length === 0 ? (
        <p className={styles.empty}>登録されているカードはありません。</p>
      ) : (
        <ul className={styles.list} aria-label="登録済みのカード">
          {items.map((card) => (
            <li key={card.id}>
              <CardEntry
                card={card}
                busy={busy}
                onMain={(c) => setMain.mutate(c.id, { onSuccess: () => showToast(CARD_MESSAGES.mainSet, 'success') })}
                onDelete={setPending}
              />
            </li>
          ))}
        </ul>
      )}
      {pending ? (
        <ConfirmDialog
          title="カードの削除"
          confirmLabel="削除する"
          pending={remove.isPending}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setPending(null)}
        >
          <p>次のカードを削除します。よろしいですか？</p>
          <p>
            {cardName(pending)}（{pending.masked_number}）
            {pending.is_main ? (
              <>
                <br />
                メインのカードです。削除すると、ほかのカードがメインになります。
              </>
            ) : null}
          </p>
        </ConfirmDialog>
      ) : null}
    </MypageFrame>
  );
}

export { CardListPage as Component };
