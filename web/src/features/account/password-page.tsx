import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { applyMutationErrors } from '../../lib/form-errors';
import { FormAlert, FormField, SubmitButton } from '../../ui/form-field';
import { NewPasswordFields } from '../../ui/new-password-fields';
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
      // The server's own message as well as its field messages (spec 001 §8), unless a toast said it.
      const fields = ['current_password', 'password', 'password_confirmation'] as const;
      setFormError(applyMutationErrors(error, setError, fields, { headline: true }));
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
        <NewPasswordFields
          register={register}
          errors={{ password: errors.password?.message, confirmation: errors.password_confirmation?.message }}
        />
        <SubmitButton pending={change.isPending}>パスワードを変更する</SubmitButton>
      </form>
    </MypageFrame>
  );
}

export { PasswordPage as Component };
