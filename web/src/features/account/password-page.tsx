import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError, isSilentError } from '../../api/client';
import { applyServerErrors } from '../../lib/form-errors';
import { FormAlert, FormField, SubmitButton } from '../../ui/form-field';
import { isToasted } from './account-errors';
import { useChangePassword } from './account-queries';
import { passwordSchema, type PasswordFields } from './account-schema';
import { MypageFrame } from './mypage-frame';
import styles from './account.module.css';

export const PASSWORD_CHANGED_MESSAGE = 'パスワードを変更しました。';

const EMPTY: PasswordFields = { current_password: '', password: '', password_confirmation: '' };

/** パスワード変更: the current password, then the new one twice. A failure shows the server's message (001 §8). */
export function PasswordPage() {
  const change = useChangePassword();
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<PasswordFields>({ resolver: zodResolver(passwordSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (fields) => {
    setFormError(null);
    setDone(false);
    try {
      await change.mutateAsync(fields);
      reset(EMPTY);
      setDone(true);
    } catch (error) {
      if (isSilentError(error)) return;
      const leftover = applyServerErrors(error, setError, ['current_password', 'password', 'password_confirmation']);
      // The server's own message as well as its field messages, unless a toast already said it.
      const serverMessage = error instanceof ApiError ? error.message : null;
      const fieldTexts = error instanceof ApiError ? Object.values(error.errors).flat() : [];
      const headline = serverMessage && !fieldTexts.includes(serverMessage) ? serverMessage : null;
      setFormError(isToasted(error) ? null : (leftover ?? headline));
    }
  });

  return (
    <MypageFrame title="パスワード変更">
      {done ? (
        <p role="status" className={styles.lead}>
          {PASSWORD_CHANGED_MESSAGE}
        </p>
      ) : (
        <p className={styles.lead}>現在のパスワードと、新しいパスワードを入力してください。</p>
      )}
      <form noValidate onSubmit={onSubmit} aria-label="パスワード変更" className={styles.form}>
        <FormAlert message={formError} />
        <FormField label="現在のパスワード" required error={errors.current_password?.message}>
          {(control) => (
            <input {...control} {...register('current_password')} type="password" autoComplete="current-password" />
          )}
        </FormField>
        <FormField
          label="新しいパスワード"
          required
          error={errors.password?.message}
          hint="半角英字と数字を組み合わせて8文字以上（記号は - _ . が使えます）"
        >
          {(control) => <input {...control} {...register('password')} type="password" autoComplete="new-password" />}
        </FormField>
        <FormField label="新しいパスワード（確認）" required error={errors.password_confirmation?.message}>
          {(control) => (
            <input {...control} {...register('password_confirmation')} type="password" autoComplete="new-password" />
          )}
        </FormField>
        <SubmitButton pending={change.isPending}>パスワードを変更する</SubmitButton>
      </form>
    </MypageFrame>
  );
}

export { PasswordPage as Component };
