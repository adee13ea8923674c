import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title';
import { FormAlert, FormField, SubmitButton } from '../../ui/form-field';
import { NoticeSlot } from '../../ui/notice-slot';
import { formMessage } from './reminder-errors';
import { useUsernameRequest } from './reminder-queries';
import { emailSchema, type EmailFields } from './reminder-schema';
import styles from './reminder.module.css';

export const USERNAME_SENT_FALLBACK =
  'ご入力のメールアドレスが登録されている場合、ログインIDのご案内をお送りしました。メールをご確認ください。';

/** ログインIDをお忘れの方: the e-mail gets a link that shows the login ID. */
export function UsernameRequestPage() {
  useDocumentTitle('ログインIDの確認');
  const request = useUsernameRequest();
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
      setSent(answer?.message || USERNAME_SENT_FALLBACK);
    } catch (error) {
      setFormError(formMessage(error, setError, ['email']));
    }
  });

  return (
    <section aria-labelledby="reminder-username-title" className={styles.page}>
      <h1 id="reminder-username-title" className={styles.heading}>
        ログインIDの確認
      </h1>
      {sent ? (
        <div className={styles.done}>
          <NoticeSlot code="reminder_username_confirm" />
          <p role="status" className={styles.doneText}>
            {sent}
          </p>
          <p className={styles.links}>
            <Link to="/login">ログイン画面へ</Link>
          </p>
        </div>
      ) : (
        <>
          <NoticeSlot code="reminder_username" />
          <p className={styles.lead}>ご登録のメールアドレスを入力してください。ログインIDの確認用リンクをお送りします。</p>
          <form noValidate onSubmit={onSubmit} aria-labelledby="reminder-username-title" className={styles.form}>
            <FormAlert message={formError} />
            <FormField label="メールアドレス" required error={errors.email?.message}>
              {(control) => <input {...control} {...register('email')} type="email" autoComplete="email" />}
            </FormField>
            <SubmitButton pending={request.isPending}>送信する</SubmitButton>
          </form>
          <ul className={styles.links}>
            <li>
              <Link to="/reminder">パスワードをお忘れの方</Link>
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

export { UsernameRequestPage as Component };
