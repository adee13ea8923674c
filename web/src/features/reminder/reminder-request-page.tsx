import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title';
import { FormAlert, FormField, SubmitButton } from '../../ui/form-field';
import { NoticeSlot } from '../../ui/notice-slot';
import { formMessage } from './reminder-errors';
import { useReminderRequest } from './reminder-queries';
import { emailSchema, type EmailFields } from './reminder-schema';
import styles from './reminder.module.css';

export const REQUEST_SENT_FALLBACK =
  'ご入力のメールアドレスが登録されている場合、パスワード再設定のご案内をお送りしました。メールをご確認ください。';

/** パスワードをお忘れの方: the e-mail gets a reset link; the answer never says whether it is registered. */
export function ReminderRequestPage() {
  useDocumentTitle('パスワードの再設定');
  const request = useReminderRequest();
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EmailFields>({ resolver: zodResolver(emailSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFormError(null);
    try {
      const answer = await request.mutateAsync(email.trim());
      setSent(answer?.message || REQUEST_SENT_FALLBACK);
    } catch (error) {
      setFormError(formMessage(error, setError, ['email']));
    }
  });

  return (
    <section aria-labelledby="reminder-title" className={styles.page}>
      <h1 id="reminder-title" className={styles.heading}>
        パスワードの再設定
      </h1>
      {sent ? (
        <div className={styles.done}>
          <p role="status" className={styles.doneText}>
            {sent}
          </p>
          <p className={styles.note}>
            メールが届かない場合は、迷惑メールフォルダをご確認いただくか、時間をおいて再度お試しください。
          </p>
          <p className={styles.links}>
            <Link to="/login">ログイン画面へ</Link>
          </p>
        </div>
      ) : (
        <>
          <NoticeSlot code="reminder" />
          <p className={styles.lead}>ご登録のメールアドレスを入力してください。パスワード再設定用のリンクをお送りします。</p>
          <form noValidate onSubmit={onSubmit} aria-labelledby="reminder-title" className={styles.form}>
            <FormAlert message={formError} />
            <FormField label="メールアドレス" required error={errors.email?.message}>
              {(control) => <input {...control} {...register('email')} type="email" autoComplete="email" />}
            </FormField>
            <SubmitButton pending={request.isPending}>送信する</SubmitButton>
          </form>
          <ul className={styles.links}>
            <li>
              <Link to="/reminder/username">ログインIDをお忘れの方</Link>
            </li>
            <li>
              <Link to="/login">ログイン画面へ戻る</Link>
            </li>
          </ul>
        </>
      )}
    </section>
  );
}

export { ReminderRequestPage as Component };
