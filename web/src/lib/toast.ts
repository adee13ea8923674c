/**
 * Toasts (spec 000 §9): bottom centre, 5 s, at most 5 at once (see ui/toaster.tsx), and the same
 * message never twice: the text is the toast's id, so sonner updates instead of stacking.
 */
import { toast } from 'sonner';

export type ToastType = 'success' | 'error' | 'info' | 'warning';

export const TOAST_OPTIONS = {
  position: 'bottom-center',
  duration: 5000,
  visibleToasts: 5,
} as const;

export function showToast(message: string, type: ToastType = 'info'): string {
  const id = `${type}:${message}`;
  toast[type](message, { id });
  return id;
}

export function showError(message: string): string {
  return showToast(message, 'error');
}
