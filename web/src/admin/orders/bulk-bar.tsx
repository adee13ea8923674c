/**
 * The bar under the list's filters that acts on the ticked orders: 入金確認 (payments_confirm);
 * 出荷準備中にする, 出荷済にする, 発送完了メールを再送 and 配送業者CSV (shipping); 帳票を印刷 (anyone
 * who sees the list). Each opens its window; what printing and the carrier's file did is told
 * under the bar. On a phone, with orders ticked, the bar stays at the bottom of the screen.
 */
import { useState } from 'react';
import type { DeskOrderRow } from '../api/admin-types';
import { useCan } from '../api/session-queries';
import { StatusNotice, ui } from '../ui/form';
import { BulkDialog } from './bulk-dialog';
import { useRefreshDesk } from './bulk-queries';
import { BULK_ACTIONS, type BulkAction } from './bulk-text';
import { ExportDialog, type Exported, ExportResult } from './carrier-export';
import { PrintDialog } from './print-dialog';
import styles from './orders.module.css';

type Open = { kind: 'action'; action: BulkAction } | { kind: 'print' } | { kind: 'export' };

interface BulkBarProps {
  selected: readonly DeskOrderRow[];
  /** Lets the ticked orders go (after a change that moves them between queues). */
  onClear: () => void;
}

export function BulkBar({ selected, onClear }: BulkBarProps) {
  const can = useCan();
  const refreshDesk = useRefreshDesk();
  const [open, setOpen] = useState<Open | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [exported, setExported] = useState<Exported | null>(null);
  const actions = BULK_ACTIONS.filter((entry) => can(entry.needs));
  const mayShip = can('shipping');
  const count = selected.length;
  const orderNos = selected.map((order) => order.order_no);

  const show = (next: Open) => {
    setNotice(null);
    setExported(null);
    setOpen(next);
  };

  return (
    <>
      <section aria-label="選択した注文の操作" className={`${styles.bulk} ${count > 0 ? styles.bulkActive : ''}`}>
        <div className={styles.bulkHead}>
          <p className={styles.bulkCount} role="status">
            {count > 0 ? `${count}件の注文を選択中` : '注文を選ぶと、まとめて操作できます'}
          </p>
          {count > 0 ? (
            <button type="button" className={ui.link} onClick={onClear}>
              選択を解除
            </button>
          ) : null}
        </div>
        <div className={styles.bulkControls}>
          {actions.map((entry) => (
            <button
              key={entry.action}
              type="button"
              className={ui.secondary}
              disabled={count === 0}
              onClick={() => show({ kind: 'action', action: entry.action })}
            >
              {entry.label}
            </button>
          ))}
          <button type="button" className={ui.secondary} disabled={count === 0} onClick={() => show({ kind: 'print' })}>
            帳票を印刷
          </button>
          {mayShip ? (
            <button
              type="button"
              className={ui.secondary}
              disabled={count === 0}
              onClick={() => show({ kind: 'export' })}
            >
              配送業者CSV
            </button>
          ) : null}
        </div>
      </section>
      <StatusNotice message={notice} />
      {exported ? <ExportResult carrier={exported.carrier} answer={exported.answer} /> : null}

      {open?.kind === 'action' ? (
        <BulkDialog
          action={open.action}
          orderNos={orderNos}
          onClose={(ran) => {
            setOpen(null);
            if (ran) {
              onClear();
              void refreshDesk();
            }
          }}
        />
      ) : null}
      {open?.kind === 'print' ? (
        <PrintDialog
          orderNos={orderNos}
          onClose={() => setOpen(null)}
          onPrinted={(message) => {
            setOpen(null);
            setNotice(message);
          }}
        />
      ) : null}
      {open?.kind === 'export' ? (
        <ExportDialog
          orders={selected}
          onClose={() => setOpen(null)}
          onExported={(result) => {
            setOpen(null);
            setExported(result);
            onClear();
          }}
        />
      ) : null}
    </>
  );
}
