/**
 * 変更を確認's window: what the server says the changes would do (POST …/grid/preview), a line
 * per change — 商品コード, 商品名, SKU, 項目, 変更前 → 変更後 in the server's own Japanese — with
 * 保存する (…/apply) and 戻る (back to the grid, every edit still there).
 */
import { Dialog, DialogActions } from '../ui/dialog';
import { ui } from '../ui/form';
import type { GridPreview } from './grid-types';
import styles from './grid.module.css';

export interface GridPreviewDialogProps {
  preview: GridPreview;
  saving: boolean;
  onSave: () => void;
  onClose: () => void;
}

export function GridPreviewDialog({ preview, saving, onSave, onClose }: GridPreviewDialogProps) {
  const none = preview.changes.length === 0;
  return (
    <Dialog title="変更内容の確認" busy={saving} wide onClose={onClose}>
      {none ? (
        <p>保存する変更はありません（今の内容と同じです）。</p>
      ) : (
        <>
          <p>{`${preview.products}商品・${preview.changes.length}件の変更を保存します。`}</p>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the keyboard's focus to scroll (WCAG 2.1.1) */}
          <section className={styles.previewScroller} tabIndex={0} aria-label="変更の一覧">
            <table className={styles.previewTable}>
              <caption className="visually-hidden">変更の一覧</caption>
              <thead className={styles.previewHead}>
                <tr>
                  <th scope="col">商品コード</th>
                  <th scope="col">商品名</th>
                  <th scope="col">SKU</th>
                  <th scope="col">項目</th>
                  <th scope="col">変更前 → 変更後</th>
                </tr>
              </thead>
              <tbody>
                {preview.changes.map((change, i) => (
                  <tr key={`${change.product_id}/${change.sku ?? ''}/${change.field}/${i}`}>
                    <td className={styles.nowrap}>{change.code}</td>
                    <td>{change.name}</td>
                    <td className={styles.nowrap}>{change.sku ?? '—'}</td>
                    <td className={styles.nowrap}>{change.label}</td>
                    <td>
                      {change.before} → <strong>{change.after}</strong>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </>
      )}
      <DialogActions>
        {none ? null : (
          <button type="button" className={ui.button} disabled={saving} onClick={onSave}>
            {saving ? '保存しています…' : '保存する'}
          </button>
        )}
        <button type="button" data-autofocus className={ui.secondary} disabled={saving} onClick={onClose}>
          戻る
        </button>
      </DialogActions>
    </Dialog>
  );
}
