import { useEffect } from 'react';
import { Toaster, toast } from 'sonner';
// Also bundled as a file so the toasts keep their look under a CSP that blocks <style> tags.
import 'sonner/dist/styles.css';
import { TOAST_OPTIONS, toasterListening } from '../lib/toast';

/** sonner's toaster; lib/toast sends to it once it is mounted (its child's listener is set by then). */
export function ToasterView() {
  useEffect(() => toasterListening(toast), []);
  return (
    <Toaster
      position={TOAST_OPTIONS.position}
      duration={TOAST_OPTIONS.duration}
      visibleToasts={TOAST_OPTIONS.visibleToasts}
      closeButton
      containerAriaLabel="通知"
      toastOptions={{ closeButtonAriaLabel: '通知を閉じる' }}
    />
  );
}
