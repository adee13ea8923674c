import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useSearchParams } from 'react-router';
import { useSettings } from '../../domain/site/site-queries';
import { useDocumentTitle } from '../../lib/document-title';
import { acceptLoginResponse, VERIFY_PATH } from '../../domain/auth/login-complete';
import { questionLabel } from '../../domain/member/member-labels';
import { applyMutationErrors } from '../../lib/form-errors';
import { FormAlert, FormField, SubmitButton } from '../../ui/form-field';
import { NewPasswordFields } from '../../ui/new-password-fields';
import { NoticeSlot } from '../../ui/notice-slot';
import { LoadingBlock } from '../../ui/spinner';
import { InvalidLink } from './invalid-link';
import { useReminderCheck, useReminderReset, type QuestionCt } from './reminder-queries';
import { resetSchema, type ResetFields } from './reminder-schema';
import styles from './reminder.module.css';

export const RESET_DONE_MESSAGE = 'パスワードを再設定しました。';

function ResetForm({ token, question }: { token: string; question: QuestionCt | null }) {
  const navigate = useNavigate();
  const settings = useSettings();
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
      // The same end as every login: warnings, the flushed view history, the wanted page.
      const step = acceptLoginResponse(answer, settings, { message: RESET_DONE_MESSAGE });
      navigate(step.kind === 'code' ? VERIFY_PATH : step.to, { replace: true });
    } catch (error) {
      setFormError(applyMutationErrors(error, setError, ['password', 'password_confirmation', 'answer']));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="新しいパスワードの設定" className={styles.form}>
      <FormAlert message={formError} />
      <NewPasswordFields
        register={register}
        errors={{ password: errors.password?.message, confirmation: errors.password_confirmation?.message }}
      />
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

  let body: ReactNode;
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
