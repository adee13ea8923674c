import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { applyServerErrors } from '../../lib/form-errors';
import { FormAlert, FormField, SubmitButton } from '../../ui/form-field';
import { codeSchema, type CodeFields } from './auth-schema';
import styles from './auth.module.css';

export interface CodeFormProps {
  /** Sends the typed code (half-width digits); rejects with the server's error. */
  onSubmitCode: (code: string) => Promise<void>;
  submitLabel?: string;
  lead?: string;
}

export const CODE_LEAD =
  'ご登録のメールアドレスに6桁の確認コードを送信しました。メールに記載されたコードを入力してください。';

/** The one-time code field (login, registration and e-mail verification share it). */
export function CodeForm({ onSubmitCode, submitLabel = '認証する', lead = CODE_LEAD }: CodeFormProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CodeFields, unknown, { code: string }>({
    resolver: zodResolver(codeSchema),
    defaultValues: { code: '' },
  });

  const onSubmit = handleSubmit(async ({ code }) => {
    setFormError(null);
    try {
      await onSubmitCode(code);
    } catch (error) {
      // The server names the field `verify_code` (login) or `code` (e-mail check).
      const message = applyServerErrors(error, setError, { code: 'code', verify_code: 'code' });
      setFormError(message);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="確認コードの入力">
      <p className={styles.lead}>{lead}</p>
      <FormAlert message={formError} />
      <FormField label="確認コード" required error={errors.code?.message} hint="半角数字6桁">
        {(control) => (
          <input
            {...control}
            {...register('code')}
            className={`${control.className} ${styles.codeInput}`}
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={12}
          />
        )}
      </FormField>
      <SubmitButton pending={isSubmitting} pendingLabel="確認中…">
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
