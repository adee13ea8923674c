import { useId, useState } from 'react';
import { Link } from 'react-router';
import { embroideryPresetsQuery, type EmbroideryPreset } from '../../domain/name-embroidery/name-embroidery-queries';
import { queryClient } from '../../lib/query-client';
import { sessionStore } from '../../api/session';
import { showToast } from '../../lib/toast';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { MypageFrame } from '../../ui/mypage-frame';
import { useDeletePreset, useEmbroideryPresets } from './name-embroidery-queries';
import { limitText } from './name-embroidery-schema';
import styles from './name-embroidery.module.css';

export async function loader() {
  if (sessionStore.get().isLogin) await queryClient.ensureQueryData(embroideryPresetsQuery());
  return null;
}

export const PRESET_DELETED_MESSAGE = '名入れ刺繍を削除しました。';

/** The edit screen of one preset. */
export const editPath = (id: string) => `/mypage/name-embroidery/edit?id=${encodeURIComponent(id)}`;

function PresetEntry({
  preset,
  busy,
  onDelete,
}: {
  preset: EmbroideryPreset;
  busy: boolean;
  onDelete: (preset: EmbroideryPreset) => void;
}) {
  const nameId = useId();
  const which = <span className="visually-hidden">（{preset.text}）</span>;
  return (
    <article aria-labelledby={nameId} className={styles.entry}>
      <div className={styles.entryHead}>
        <h2 id={nameId} className={styles.entryName}>
          {preset.label}
        </h2>
      </div>
      <div className={styles.entryActions}>
        <Link to={editPath(preset.id)} className={styles.action}>
          編集{which}
        </Link>
        <button
          type="button"
          className={`${styles.action} ${styles.actionDanger}`}
          disabled={busy}
          onClick={() => onDelete(preset)}
        >
          削除{which}
        </button>
      </div>
    </article>
  );
}

/** 名入れ刺繍: the member's presets, to pick one per cart line of a product that can be embroidered. */
export function NameEmbroideryListPage() {
  const { items, limit } = useEmbroideryPresets();
  const remove = useDeletePreset();
  const [pending, setPending] = useState<EmbroideryPreset | null>(null);
  const full = items.length >= limit;

  const confirmDelete = async () => {
    if (!pending) return;
    try {
      await remove.mutateAsync(pending.id);
      showToast(PRESET_DELETED_MESSAGE, 'success');
    } catch {
      // Toasted by the query client.
    }
    setPending(null);
  };

  return (
    <MypageFrame title="名入れ刺繍">
      <p>登録した名入れ刺繍は、刺繍できる商品をカートに入れたときに選べます（有料）。</p>
      <div className={styles.toolbar}>
        <p className={styles.count}>
          登録件数 <strong>{items.length}</strong> 件（{limitText(limit)}）
        </p>
        {full ? (
          <p className={styles.fullNote}>
            上限まで登録済みです。新しく登録するには不要な名入れ刺繍を削除してください。
          </p>
        ) : (
          <Link to="/mypage/name-embroidery/edit" className={styles.addLink}>
            名入れ刺繍を登録する
          </Link>
        )}
      </div>

      {items.length === 0 ? (
        <p className={styles.empty}>登録されている名入れ刺繍はありません。</p>
      ) : (
        <ul className={styles.list} aria-label="登録済みの名入れ刺繍">
          {items.map((preset) => (
            <li key={preset.id}>
              <PresetEntry preset={preset} busy={remove.isPending} onDelete={setPending} />
            </li>
          ))}
        </ul>
      )}

      {pending ? (
        <ConfirmDialog
          title="名入れ刺繍の削除"
          confirmLabel="削除する"
          pending={remove.isPending}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setPending(null)}
        >
          <p>次の名入れ刺繍を削除します。よろしいですか？</p>
          <p className={styles.dialogEntry}>{pending.label}</p>
        </ConfirmDialog>
      ) : null}
    </MypageFrame>
  );
}

export { NameEmbroideryListPage as Component };
