import { useEffect, useId, useRef, type ReactNode } from 'react';
import styles from './product-list.module.css';

export interface FilterDrawerProps {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The phone's filter panel: a modal <dialog> sliding in from the side. The browser keeps focus
 * inside it, closes it on Escape and gives focus back to the button that opened it.
 */
export function FilterDrawer({ open, onClose, children }: FilterDrawerProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: keyboards close it with Escape (onCancel); the backdrop click is for pointers
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={styles.drawer}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // A click on the backdrop (the dialog element itself, outside its panel) closes it.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className={styles.drawerPanel}>
        <div className={styles.drawerHead}>
          <h2 id={titleId} className={styles.drawerTitle}>
            絞り込み
          </h2>
          <button type="button" className={styles.drawerClose} onClick={onClose}>
            <span aria-hidden="true">×</span>
            閉じる
          </button>
        </div>
        <div className={styles.drawerBody}>{open ? children : null}</div>
      </div>
    </dialog>
  );
}
