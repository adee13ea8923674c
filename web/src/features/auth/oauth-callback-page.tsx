import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSettings } from '../../domain/site/site-queries';
import { useDocumentTitle } from '../../lib/document-title';
import { completeLogin, VERIFY_PATH } from '../../domain/auth/login-complete';
import { patchSession, safeRedirectPath, setMfa } from '../../api/session';
import { Breadcrumbs } from '../../ui/breadcrumbs';
import { buttonClass } from '../../ui/form-field';
import { LoadingBlock } from '../../ui/spinner';
import { socialSessionQuery } from './auth-queries';
import styles from './auth.module.css';

export const SOCIAL_LOGIN_FAILED = 'ログインできませんでした。お手数ですが、もう一度ログインをお試しください。';

/** The server's `error` codes (social_login/landing.rs) in the shop's words; others: SOCIAL_LOGIN_FAILED. */
export const SOCIAL_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  account_exists: 'このメールアドレスは既に会員登録されています。メールアドレスとパスワードでログインしてください。',
  email_unverified:
    'ご利用のサービスでメールアドレスの確認が済んでいないため、会員登録できませんでした。メールアドレスの確認を済ませてからもう一度お試しいただくか、新規会員登録からご登録ください。',
  invalid_state:
    'ログインの有効期限が切れたか、別の画面で始められたため、ログインを完了できませんでした。もう一度ログインをお試しください。',
  provider_error: '外部サービスでの認証を完了できませんでした。もう一度ログインをお試しください。',
};

type Landing =
  | { kind: 'failed'; message: string; code: string | null }
  | { kind: 'code'; userId: string; redirect: string | null }
  | { kind: 'session'; redirect: string | null };

/**
 * What the server's redirect to /oauth/callback says (never a token: the session is in the
 * refresh cookie): `?error=<code>`, `?is_verify=true&user_id=…&redirect=<path>` where the shop
 * asks for the mailed code, else `?redirect=<path>` — a same-site path only.
 */
export function readLanding(search: string): Landing {
  const query = new URLSearchParams(search);
  const redirect = safeRedirectPath(query.get('redirect'));
  const error = query.get('error');
  if (error !== null)
    return { kind: 'failed', code: error, message: SOCIAL_ERROR_MESSAGES[error] ?? SOCIAL_LOGIN_FAILED };
  const userId = query.get('user_id');
  if (query.get('is_verify') === 'true' && userId) return { kind: 'code', userId, redirect };
  return { kind: 'session', redirect };
}

function Failure({ message, code }: { message: string; code: string | null }) {
  return (
    <section className={styles.panel}>
      <p role="alert" className={styles.lead}>
        {message}
      </p>
      <div className={styles.actions}>
        <Link to="/login" className={buttonClass.primary}>
          ログイン画面へ
        </Link>
        {code === 'account_exists' ? <Link to="/reminder">パスワードをお忘れの方</Link> : null}
        {code === 'email_unverified' ? <Link to="/register">新規会員登録</Link> : null}
      </div>
    </section>
  );
}

/**
 * /oauth/callback: where a social login comes back. The refresh cookie the server set is traded
 * for an access token once (POST /v1/auth/refresh), then the login ends like every other
 * (domain/auth/login-complete) on the page asked for; a failure says why, with the way back to
 * /login.
 */
export function OauthCallbackPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const settings = useSettings();
  const [landing] = useState(() => readLanding(location.search));
  const session = useQuery({ ...socialSessionQuery(location.search), enabled: landing.kind === 'session' });
  const done = useRef(false);
  useDocumentTitle('ログイン');

  useEffect(() => {
    if (done.current) return;
    if (landing.kind === 'code') {
      done.current = true;
      // The code step on /verify ends the login and goes on to this page.
      if (landing.redirect) patchSession({ redirectUrl: landing.redirect });
      setMfa(landing.userId);
      navigate(VERIFY_PATH, { replace: true });
    } else if (landing.kind === 'session' && session.data) {
      done.current = true;
      navigate(completeLogin(session.data, settings, landing.redirect ? { after: landing.redirect } : {}), {
        replace: true,
      });
    }
  }, [landing, session.data, settings, navigate]);

  const failure =
    landing.kind === 'failed' ? landing : session.isError ? { message: SOCIAL_LOGIN_FAILED, code: null } : null;

  return (
    <div className={styles.page}>
      <Breadcrumbs items={[{ label: 'ホーム', to: '/' }, { label: 'ログイン' }]} />
      <h1 className={styles.heading}>ログイン</h1>
      {failure ? (
        <Failure message={failure.message} code={failure.code} />
      ) : (
        <LoadingBlock label="ログインしています" />
      )}
    </div>
  );
}

export { OauthCallbackPage as Component };
