/**
 * The modal question before a change that cannot be undone (an order's cancellation): the page
 * behind is inert, focus starts on the safe answer, Escape or やめる leaves everything as it is.
 */
import type { ReactNode } from 'react';
import { Dialog, DialogActions } from './dialog';
import { ui } from './form';

export interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  pending = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Dialog title={title} busy={pending} onClose={onClose}>
      {children}
      <DialogActions>
        <button type="button" className={ui.danger} disabled={pending} onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button type="button" data-autofocus className={ui.secondary} disabled={pending} onClick={onClose}>
          やめる
        </button>
      </DialogActions>
    </Dialog>
  );
}
