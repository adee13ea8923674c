import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { applyMutationErrors } from '../../lib/form-errors';
import { buttonClass, controlClass, FormAlert, FormField } from '../../ui/form-field';
import { CANCEL_REASON_MAX, cancelSchema, type CancelFields } from './order-schema';
import dialogStyles from '../../ui/confirm-dialog.module.css';

export interface CancelDialogProps {
  orderNo: string;
  pending: boolean;
  /** Cancels with the reason; rejects with the server's error (shown in the dialog). */
  onConfirm: (reason: string) => Promise<unknown>;
  onClose: () => void;
}

/**
 * The cancellation question: modal (the page behind is inert), focus on the reason, Escape or
 * 閉じる leaves the order as it is; the reason is required (1–500 characters).
 */
export function CancelDialog({ orderNo, pending, onConfirm, onClose }: CancelDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<CancelFields>({ resolver: zodResolver(cancelSchema), defaultValues: { cancel_reason: '' } });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // jsdom has no showModal: there the dialog is merely open.
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    setFocus('cancel_reason');
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [setFocus]);

  const onSubmit = handleSubmit(async ({ cancel_reason }) => {
    setFormError(null);
    try {
      await onConfirm(cancel_reason.trim());
    } catch (error) {
      setFormError(applyMutationErrors(error, setError, ['cancel_reason'], { headline: true }));
    }
  });

  return (
    <dialog
      ref={ref}
      className={dialogStyles.dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!pending) onClose();
      }}
    >
      <h2 id={titleId} className={dialogStyles.dialogTitle}>
        ご注文のキャンセル
      </h2>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <p>注文番号 {orderNo} をキャンセルします。キャンセルすると元に戻せません。</p>
        <FormAlert message={formError} />
        <FormField
          label="キャンセル理由"
          required
          hint={`${CANCEL_REASON_MAX}文字以内`}
          error={errors.cancel_reason?.message}
        >
          {(control) => (
            <textarea
              {...control}
              className={controlClass.textarea}
              rows={4}
              placeholder="例：注文内容を変更したいため"
              {...register('cancel_reason')}
            />
          )}
        </FormField>
        <div className={dialogStyles.dialogActions}>
          <button type="button" className={buttonClass.secondary} onClick={onClose} disabled={pending}>
            閉じる
          </button>
          <button type="submit" className={buttonClass.danger} disabled={pending} aria-busy={pending || undefined}>
            {pending ? '処理中…' : 'キャンセルする'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
