/**
 * ログイン: e-mail and password first (POST /v1/admin/auth/login → a pending token), then the
 * 6-digit code from the authenticator app (POST /v1/admin/auth/totp → the session cookie). The
 * server answers a wrong password and a wrong code with the same message; it is shown as it is.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { errorText, fieldError } from '../api/admin-client';
import { useCodeStep, usePasswordStep } from '../api/session-queries';
import { afterLogin } from '../app/admin-routes';
import { Field, FormAlert, ui } from '../ui/form';
import {
  codeRules,
  emailRules,
  normalizeCode,
  passwordRules,
  type CodeStepValues,
  type PasswordStepValues,
} from './login-schema';
import styles from './login.module.css';

export function LoginPage() {
  const [pending, setPending] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <main className={styles.page}>
      <title>ログイン | 管理画面</title>
      <h1 className={styles.title}>管理画面ログイン</h1>
      {pending === null ? (
        <>
          <p className={styles.lead}>スタッフ用のメールアドレスとパスワードを入力してください。</p>
          <PasswordStep
            notice={notice}
            onPending={(token) => {
              setNotice(null);
              setPending(token);
            }}
          />
        </>
      ) : (
        <>
          <p className={styles.lead}>認証アプリに表示されている6桁の確認コードを入力してください。</p>
          <CodeStep
            pending={pending}
            onRestart={(message) => {
              setNotice(message);
              setPending(null);
            }}
          />
        </>
      )}
    </main>
  );
}

function PasswordStep({ notice, onPending }: { notice: string | null; onPending: (pending: string) => void }) {
  const step = usePasswordStep();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PasswordStepValues>({ defaultValues: { email: '', password: '' } });

  return (
    <form
      className={styles.card}
      noValidate
      onSubmit={handleSubmit((values) =>
        step.mutate(
          { email: values.email.trim(), password: values.password },
          { onSuccess: ({ pending }) => onPending(pending) },
        ),
      )}
    >
      <FormAlert message={step.error ? errorText(step.error) : notice} />
      <Field label="メールアドレス" error={errors.email?.message ?? fieldError(step.error, 'email')}>
        {(control) => <input {...control} type="email" autoComplete="username" {...register('email', emailRules)} />}
      </Field>
      <Field label="パスワード" error={errors.password?.message ?? fieldError(step.error, 'password')}>
        {(control) => (
          <input
            {...control}
            type="password"
            autoComplete="current-password"
            {...register('password', passwordRules)}
          />
        )}
      </Field>
      <button type="submit" className={`${ui.button} ${styles.submit}`} disabled={step.isPending}>
        {step.isPending ? '確認中…' : '次へ'}
      </button>
    </form>
  );
}

function CodeStep({ pending, onRestart }: { pending: string; onRestart: (message: string | null) => void }) {
  const step = useCodeStep();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CodeStepValues>({ defaultValues: { code: '' } });

  return (
    <form
      className={styles.card}
      noValidate
      onSubmit={handleSubmit(({ code }) =>
        step.mutate(
          { pending, code: normalizeCode(code) },
          { onSuccess: () => void navigate(afterLogin(params.get('next')), { replace: true }) },
        ),
      )}
    >
      <FormAlert message={step.error ? errorText(step.error) : null} />
      <Field
        label="確認コード（6桁）"
        hint="認証アプリ（Google Authenticator など）に表示される数字です。"
        error={errors.code?.message ?? fieldError(step.error, 'code')}
      >
        {(control) => (
          <input
            {...control}
            className={`${control.className} ${styles.code}`}
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            // biome-ignore lint/a11y/noAutofocus: the only field of the step the staff member has just reached
            autoFocus
            {...register('code', codeRules)}
          />
        )}
      </Field>
      <button type="submit" className={`${ui.button} ${styles.submit}`} disabled={step.isPending}>
        {step.isPending ? '確認中…' : 'ログイン'}
      </button>
      <p className={styles.restart}>
        <button type="button" className={ui.link} onClick={() => onRestart(null)}>
          メールアドレスとパスワードの入力に戻る
        </button>
      </p>
    </form>
  );
}
