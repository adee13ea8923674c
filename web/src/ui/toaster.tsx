import { Toaster } from 'sonner';
// Also bundled as a file so the toasts keep their look under a CSP that blocks <style> tags.
import 'sonner/dist/styles.css';
import { TOAST_OPTIONS } from '../lib/toast';

export function AppToaster() {
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
