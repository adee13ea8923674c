/**
 * Toasts (spec 000 §9): bottom centre, 5 s, at most 5 at once (see ui/toaster.tsx), and the same
 * message never twice: the text is the toast's id, so sonner updates instead of stacking.
 *
 * sonner is not part of the first bundle: the toaster (ui/toaster-view) brings it in its own
 * chunk and hands over its `toast` once it listens; a message raised before that waits for it.
 */
import type { toast as sonnerToast } from 'sonner';

export type ToastType = 'success' | 'error' | 'info' | 'warning';

export const TOAST_OPTIONS = {
  position: 'bottom-center',
  duration: 5000,
  visibleToasts: 5,
} as const;

type Toast = typeof sonnerToast;

let listening!: (toast: Toast) => void;
let toaster: Promise<Toast>;
const waitForToaster = () => {
  toaster = new Promise((resolve) => {
    listening = resolve;
  });
};
waitForToaster();

/** Called by the toaster once it listens; the returned function, when it goes away. */
export function toasterListening(toast: Toast): () => void {
  listening(toast);
  return waitForToaster;
}

export function showToast(message: string, type: ToastType = 'info'): string {
  const id = `${type}:${message}`;
  void toaster.then((toast) => toast[type](message, { id }));
  return id;
}

export function showError(message: string): string {
  return showToast(message, 'error');
}
