import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title';
import { applyMutationErrors } from '../../lib/form-errors';
import { FormAlert, FormField, SubmitButton } from '../../ui/form-field';
import { NoticeSlot } from '../../ui/notice-slot';
import { LoadingBlock } from '../../ui/spinner';
import { InvalidLink } from './invalid-link';
import { useUsernameCheck, useUsernameReset } from './reminder-queries';
import { usernameSchema, type UsernameFields } from './reminder-schema';
import styles from './reminder.module.css';

export const USERNAME_CHANGED_MESSAGE = 'ログインIDを変更しました。';

function UsernameForm({ token, onChanged }: { token: string; onChanged: () => void }) {
  const reset = useUsernameReset();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset: clearForm,
    formState: { errors },
  } = useForm<UsernameFields>({ resolver: zodResolver(usernameSchema), defaultValues: { username: '' } });

  const onSubmit = handleSubmit(async ({ username }) => {
    setFormError(null);
    try {
      await reset.mutateAsync({ token, username });
      clearForm();
      onChanged();
    } catch (error) {
      setFormError(applyMutationErrors(error, setError, ['username']));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="username-change-title" className={styles.form}>
      <h2 id="username-change-title" className={styles.subheading}>
        ログインIDを変更する（任意）
      </h2>
      <FormAlert message={formError} />
      <FormField
        label="新しいログインID"
        required
        error={errors.username?.message}
        hint="4〜64文字の半角英数字と @ . _ - が使えます"
      >
        {(control) => <input {...control} {...register('username')} type="text" autoComplete="username" />}
      </FormField>
      <SubmitButton pending={reset.isPending}>変更する</SubmitButton>
    </form>
  );
}

/** ログインIDの確認 from the mailed link: shows the login ID and lets the member choose another. */
export function UsernameResetPage() {
  useDocumentTitle('ログインIDの確認');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const check = useUsernameCheck(token);
  const [changed, setChanged] = useState(false);
  const done = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    // The form goes away: keep the keyboard on the news that replaced it.
    if (changed) done.current?.focus();
  }, [changed]);

  let body: ReactNode;
  if (token === '' || check.isError) {
    body = <InvalidLink error={check.error} retryTo="/reminder/username" retryLabel="ログインID確認メールを再送する" />;
  } else if (check.isPending) {
    body = <LoadingBlock />;
  } else {
    body = (
      <>
        <NoticeSlot code="reminder_username_reset" />
        {changed ? (
          <p role="status" ref={done} tabIndex={-1} className={styles.doneText}>
            {USERNAME_CHANGED_MESSAGE}
          </p>
        ) : null}
        <dl className={styles.current}>
          <dt>ご登録のログインID</dt>
          <dd>{check.data.username}</dd>
        </dl>
        {/* The link is used up by a change: no second one from this page. */}
        {changed ? null : <UsernameForm token={token} onChanged={() => setChanged(true)} />}
        <p className={styles.links}>
          <Link to="/login">ログイン画面へ</Link>
        </p>
      </>
    );
  }

  return (
    <section aria-labelledby="username-reset-title" className={styles.page}>
      <h1 id="username-reset-title" className={styles.heading}>
        ログインIDの確認
      </h1>
      {body}
    </section>
  );
}

export { UsernameResetPage as Component };
