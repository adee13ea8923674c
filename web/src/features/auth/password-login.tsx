import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { useSettings } from '../../domain/site/site-queries';
import type { LoginResponse } from '../../api/types';
import { BOT_CHECK_PREPARING_MESSAGE, useBotCheck } from '../../domain/bot-check/bot-check';
import { applyServerErrors } from '../../lib/form-errors';
import { setMfa } from '../../api/session';
import { FormAlert, FormField, SubmitButton } from '../../ui/form-field';
import { acceptLoginResponse } from '../../domain/auth/login-complete';
import { loginWithPassword, loginWithSiblingAccount, verifyOneTimeCode } from './auth-queries';
import { loginSchema, type LoginFields } from './auth-schema';
import { CodeForm } from './code-form';
import styles from './auth.module.css';

export interface PasswordLoginProps {
  /** `sync`: the account of a sibling shop (POST /v1/auth/login-sync-channel). */
  mode: 'login' | 'sync';
  /** Lays out the credentials step around its form (links, other panels); the code step stands alone. */
  layout?: (form: ReactNode) => ReactNode;
}

/**
 * The password login and, when the server asks for it (`is_verify`), the one-time-code step on
 * the same screen. The finished login goes where `auth-flow` says.
 */
export function PasswordLogin({ mode, layout = (form) => form }: PasswordLoginProps) {
  const settings = useSettings();
  const navigate = useNavigate();
  const [pending, setPending] = useState<{ userId: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const codeHeading = useRef<HTMLHeadingElement>(null);
  const sync = mode === 'sync';
  // Only the shop's own login is checked (login-sync-channel is not a form anyone can flood).
  const botCheck = useBotCheck('login', { enabled: !sync });

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginFields>({ resolver: zodResolver(loginSchema), defaultValues: { username: '', password: '' } });

  useEffect(() => {
    if (pending) codeHeading.current?.focus();
  }, [pending]);

  const proceed = (response: LoginResponse) => {
    const step = acceptLoginResponse(response, settings, { sync });
    if (step.kind === 'code') setPending({ userId: step.userId });
    else navigate(step.to, { replace: true });
  };

  const onSubmit = handleSubmit(async (credentials) => {
    setFormError(null);
    try {
      proceed(
        await (sync ? loginWithSiblingAccount(credentials) : loginWithPassword(credentials, await botCheck.take())),
      );
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['username', 'password']));
    }
  });

  if (pending) {
    const backToLogin = () => {
      setMfa(null);
      setPending(null);
    };
    return (
      <section className={styles.panel} aria-labelledby="login-code-title">
        <h2 id="login-code-title" ref={codeHeading} tabIndex={-1} className={styles.panelTitle}>
          確認コードの入力
        </h2>
        <CodeForm
          onSubmitCode={async (code) => {
            proceed(
              await verifyOneTimeCode({
                verify_code: code,
                user_id: pending.userId,
                ...(sync ? { is_sync_user_channel: true } : {}),
              }),
            );
          }}
        />
        <p className={styles.actions}>
          <button type="button" className={styles.linkButton} onClick={backToLogin}>
            ログイン画面に戻る
          </button>
        </p>
      </section>
    );
  }

  return layout(
    <form noValidate onSubmit={onSubmit} aria-label={sync ? '姉妹ショップのアカウントでログイン' : 'ログイン'}>
      <FormAlert message={formError} />
      <FormField label="メールアドレスまたはユーザー名" required error={errors.username?.message}>
        {(control) => (
          <input
            {...control}
            {...register('username')}
            type="text"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
          />
        )}
      </FormField>
      <FormField label="パスワード" required error={errors.password?.message}>
        {(control) => <input {...control} {...register('password')} type="password" autoComplete="current-password" />}
      </FormField>
      <SubmitButton
        pending={isSubmitting}
        pendingLabel={botCheck.waiting ? BOT_CHECK_PREPARING_MESSAGE : 'ログイン中…'}
      >
        ログイン
      </SubmitButton>
    </form>,
  );
}
