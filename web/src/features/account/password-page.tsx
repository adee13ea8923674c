import { useState, type MouseEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { applyMutationErrors } from '../../lib/form-errors';
import { logout } from '../../domain/auth/logout';
import { SECURITY_QUESTIONS, questionLabel } from '../../domain/member/member-labels';
import { queryClient } from '../../lib/query-client';
import { sessionStore } from '../../api/session';
import { FormAlert, FormField, SubmitButton, buttonClass, controlClass } from '../../ui/form-field';
import { NewPasswordFields } from '../../ui/new-password-fields';
import { meUserQuery, useChangePassword, useChangeSecurityQuestion, useMeUser } from './account-queries';
import {
  passwordSchema,
  securityQuestionSchema,
  type PasswordFields,
  type SecurityQuestionFields,
} from './account-schema';
import { MypageFrame } from '../../ui/mypage-frame';
import styles from './account.module.css';

export async function loader() {
  if (sessionStore.get().isLogin) await queryClient.ensureQueryData(meUserQuery());
  return null;
}

export const PASSWORD_CHANGED_MESSAGE = 'パスワードを変更しました。';
export const QUESTION_CHANGED_MESSAGE = '秘密の質問を変更しました。';
export const NO_PASSWORD_MESSAGE = 'パスワードが設定されていません。パスワード再設定メールから設定できます。';
export const REMINDER_PATH = '/reminder';

const EMPTY: PasswordFields = { current_password: '', password: '', password_confirmation: '' };
const EMPTY_QUESTION: SecurityQuestionFields = { current_password: '', question_ct: '', answer: '' };

/**
 * A member without a password (social login) sets one through the reminder mail. /reminder is a
 * page for visitors, so the link logs out first (the cart stays) and then goes there.
 */
function NoPassword() {
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const toReminder = async (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (leaving) return;
    setLeaving(true);
    await logout({ keepCart: true });
    navigate(REMINDER_PATH);
  };
  return (
    <>
      <p className={styles.lead}>{NO_PASSWORD_MESSAGE}</p>
      <p className={styles.lead}>パスワード再設定の画面はログアウトしてからご利用ください。</p>
      <p className={styles.actions}>
        <Link
          to={REMINDER_PATH}
          className={buttonClass.primary}
          aria-disabled={leaving || undefined}
          onClick={(event) => void toReminder(event)}
        >
          ログアウトしてパスワード再設定へ
        </Link>
      </p>
    </>
  );
}

/** The current password, then the new one twice. A failure shows the server's message (001 §8). */
function PasswordForm() {
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
    <>
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
    </>
  );
}

/** 秘密の質問の変更: PUT /v1/me/security-question with the current password. */
function SecurityQuestionForm({ current }: { current: number | null | undefined }) {
  const change = useChangeSecurityQuestion();
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<SecurityQuestionFields>({ resolver: zodResolver(securityQuestionSchema), defaultValues: EMPTY_QUESTION });

  const onSubmit = handleSubmit(async (fields) => {
    setFormError(null);
    setDone(false);
    try {
      await change.mutateAsync({
        current_password: fields.current_password,
        question_ct: Number(fields.question_ct),
        answer: fields.answer,
      });
      reset(EMPTY_QUESTION);
      setDone(true);
    } catch (error) {
      const fields = ['current_password', 'question_ct', 'answer'] as const;
      setFormError(applyMutationErrors(error, setError, fields, { headline: true }));
    }
  });

  return (
    <section className={styles.section} aria-labelledby="security-question-title">
      <h2 id="security-question-title" className={styles.sectionTitle}>
        秘密の質問の変更
      </h2>
      {done ? (
        <p role="status" className={styles.lead}>
          {QUESTION_CHANGED_MESSAGE}
        </p>
      ) : null}
      <p className={styles.lead}>現在の質問: {questionLabel(current) ?? '未登録'}</p>
      <form noValidate onSubmit={onSubmit} aria-label="秘密の質問の変更" className={styles.form}>
        <FormAlert message={formError} />
        <FormField label="現在のパスワード" required error={errors.current_password?.message}>
          {(control) => (
            <input {...control} {...register('current_password')} type="password" autoComplete="current-password" />
          )}
        </FormField>
        <FormField label="新しい質問" required error={errors.question_ct?.message}>
          {(control) => (
            <select {...control} {...register('question_ct')} className={controlClass.select}>
              <option value="">選択してください</option>
              {Object.entries(SECURITY_QUESTIONS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="質問の答え" required error={errors.answer?.message}>
          {(control) => <input {...control} {...register('answer')} type="text" autoComplete="off" />}
        </FormField>
        <SubmitButton pending={change.isPending}>秘密の質問を変更する</SubmitButton>
      </form>
    </section>
  );
}

/**
 * パスワード変更, and the security question below it. A member without a password (social
 * login) can change neither: the page says how to set one instead.
 */
export function PasswordPage() {
  const user = useMeUser();
  return (
    <MypageFrame title="パスワード変更">
      {user.has_password ? (
        <>
          <PasswordForm />
          <SecurityQuestionForm current={user.question_ct} />
        </>
      ) : (
        <NoPassword />
      )}
    </MypageFrame>
  );
}

export { PasswordPage as Component };
