import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title';
import { setFlash } from '../../lib/flash';
import { questionLabel } from '../../lib/member-labels';
import { FormAlert, FormField, SubmitButton } from '../../ui/form-field';
import { NoticeSlot } from '../../ui/notice-slot';
import { LoadingBlock } from '../../ui/spinner';
import { InvalidLink } from './invalid-link';
import { formMessage } from './reminder-errors';
import { signInWith, useReminderCheck, useReminderReset, type QuestionCt } from './reminder-queries';
import { resetSchema, type ResetFields } from './reminder-schema';
import styles from './reminder.module.css';

export const RESET_DONE_MESSAGE = 'パスワードを再設定しました。';
export const RESET_LOGIN_MESSAGE = 'パスワードを再設定しました。新しいパスワードでログインしてください。';

function ResetForm({ token, question }: { token: string; question: QuestionCt | null }) {
  const navigate = useNavigate();
  const reset = useReminderReset();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ResetFields>({
    resolver: zodResolver(resetSchema(question !== null)),
    defaultValues: { password: '', password_confirmation: '', answer: '' },
  });

  const onSubmit = handleSubmit(async (fields) => {
    setFormError(null);
    try {
      const answer = await reset.mutateAsync({
        token,
        password: fields.password,
        password_confirmation: fields.password_confirmation,
        ...(question !== null ? { answer: fields.answer } : {}),
      });
      const outcome = signInWith(answer);
      if (outcome === 'logged-in') {
        setFlash(RESET_DONE_MESSAGE);
        navigate('/mypage', { replace: true });
      } else if (outcome === 'verify') {
        navigate('/verify', { replace: true });
      } else {
        setFlash(RESET_LOGIN_MESSAGE);
        navigate('/login', { replace: true });
      }
    } catch (error) {
      setFormError(formMessage(error, setError, ['password', 'password_confirmation', 'answer']));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="新しいパスワードの設定" className={styles.form}>
      <FormAlert message={formError} />
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
      {question !== null ? (
        <FormField
          label="秘密の質問の答え"
          required
          error={errors.answer?.message}
          hint={`質問：${questionLabel(question) ?? ''}`}
        >
          {(control) => <input {...control} {...register('answer')} type="text" autoComplete="off" />}
        </FormField>
      ) : null}
      <SubmitButton pending={reset.isPending}>パスワードを再設定する</SubmitButton>
    </form>
  );
}

/** パスワードの再設定 from the mailed link: the token is checked first, then the new password set. */
export function ReminderResetPage() {
  useDocumentTitle('新しいパスワードの設定');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const check = useReminderCheck(token);

  let body;
  if (token === '' || check.isError) {
    body = <InvalidLink error={check.error} retryTo="/reminder" retryLabel="パスワード再設定メールを再送する" />;
  } else if (check.isPending) {
    body = <LoadingBlock />;
  } else {
    body = (
      <>
        <NoticeSlot code="reminder_reset" />
        <ResetForm token={token} question={check.data.question_ct ?? null} />
      </>
    );
  }

  return (
    <section aria-labelledby="reminder-reset-title" className={styles.page}>
      <h1 id="reminder-reset-title" className={styles.heading}>
        新しいパスワードの設定
      </h1>
      {body}
    </section>
  );
}

export { ReminderResetPage as Component };
