import { useEffect, useId, useRef, type ReactNode } from 'react';
import { buttonClass } from './form-field';
import styles from './confirm-dialog.module.css';

export interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal question before an action that cannot be undone: the page behind is inert, focus
 * starts on the safe choice (キャンセル) and goes back where it was when the dialog closes;
 * Escape cancels.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  pending = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // jsdom has no showModal: there the dialog is merely open.
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    cancelRef.current?.focus();
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        event.preventDefault();
        if (!pending) onCancel();
      }}
    >
      <h2 id={titleId} className={styles.dialogTitle}>
        {title}
      </h2>
      <div id={bodyId} className={styles.dialogBody}>
        {children}
      </div>
      <div className={styles.dialogActions}>
        <button ref={cancelRef} type="button" className={buttonClass.secondary} onClick={onCancel} disabled={pending}>
          キャンセル
        </button>
        <button
          type="button"
          className={buttonClass.danger}
          onClick={onConfirm}
          disabled={pending}
          aria-busy={pending || undefined}
        >
          {pending ? '処理中…' : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
