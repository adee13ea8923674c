import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { useSettings } from '../../api/site-queries';
import { useDocumentTitle } from '../../lib/document-title';
import { safeRedirectPath } from '../../lib/session';
import { Breadcrumbs } from '../../ui/breadcrumbs';
import { buttonClass } from '../../ui/form-field';
import { LoadingBlock } from '../../ui/spinner';
import { acceptLoginResponse, VERIFY_PATH } from './auth-flow';
import { socialCallbackQuery, type LoginResponse } from './auth-queries';
import { takeSocialRedirect } from './social-redirect';
import styles from './auth.module.css';

export const SOCIAL_LOGIN_FAILED = 'ソーシャルログインに失敗しました。お手数ですが、もう一度ログインをお試しください。';

const truthy = (value: string | null) => value === 'true' || value === '1';

/**
 * The login response the server put in the fragment (`#access_token=…&expires_in=…`), or null.
 * Numbers and flags arrive as text.
 */
export function grantFromFragment(hash: string): LoginResponse | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const token = params.get('access_token');
  const userId = params.get('user_id') ?? '';
  const isVerify = truthy(params.get('is_verify'));
  if (!token && !(isVerify && userId)) return null;
  const number = (name: string) => {
    const raw = params.get(name);
    const value = raw === null || raw === '' ? Number.NaN : Number(raw);
    return Number.isFinite(value) ? value : undefined;
  };
  return {
    ...(token ? { access_token: token } : {}),
    expires_in: number('expires_in'),
    expires_at: number('expires_at'),
    user_id: userId,
    is_verify: isVerify,
    is_registered_member: params.has('is_registered_member') ? truthy(params.get('is_registered_member')) : true,
    has_password_expired: truthy(params.get('has_password_expired')),
    has_mail_error_count_over: truthy(params.get('has_mail_error_count_over')),
  };
}

interface CallbackInput {
  fragment: LoginResponse | null;
  error: string | null;
  /** The provider and query for GET /v1/auth/{type}/callback, when the SPA has to ask. */
  call: { type: string; search: string } | null;
  redirect: string | null;
}

/** What the callback URL says, read once (the stored provider and redirect are used up). */
function readCallback(hash: string, search: string): CallbackInput {
  const query = new URLSearchParams(search);
  const fragmentParams = new URLSearchParams(hash.replace(/^#/, ''));
  const stored = takeSocialRedirect();
  const redirect =
    safeRedirectPath(fragmentParams.get('redirect') ?? query.get('redirect')) ?? stored.redirect ?? null;
  const error = fragmentParams.get('error') ?? query.get('error');
  if (error !== null) {
    // Our server's own (Japanese) message, if it sent one; a provider's error text is not shown.
    const message = (fragmentParams.get('message') ?? query.get('message') ?? '').slice(0, 200);
    return { fragment: null, error: message ? `${SOCIAL_LOGIN_FAILED}（${message}）` : SOCIAL_LOGIN_FAILED, call: null, redirect };
  }
  const fragment = grantFromFragment(hash);
  if (fragment) return { fragment, error: null, call: null, redirect };
  const type = query.get('type') ?? query.get('provider') ?? stored.type;
  if (query.has('code') && query.has('state') && type && /^[a-z0-9_-]{1,40}$/i.test(type)) {
    query.delete('type');
    query.delete('provider');
    return { fragment: null, error: null, call: { type, search: query.toString() }, redirect };
  }
  return { fragment: null, error: SOCIAL_LOGIN_FAILED, call: null, redirect };
}

/** /oauth/callback: finishes a social login with the server's login response. */
export function OauthCallbackPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const settings = useSettings();
  const [input] = useState(() => readCallback(location.hash, location.search));
  const call = useQuery({
    ...socialCallbackQuery(input.call?.type ?? '', input.call?.search ?? ''),
    enabled: input.call !== null,
  });
  const done = useRef(false);
  useDocumentTitle('ログイン');

  const response = input.fragment ?? call.data ?? null;
  useEffect(() => {
    if (!response || done.current) return;
    done.current = true;
    const step = acceptLoginResponse(response, settings, input.redirect ? { after: input.redirect } : {});
    // The fragment held a token: leave this URL without keeping it in the history.
    navigate(step.kind === 'code' ? VERIFY_PATH : step.to, { replace: true });
  }, [response, settings, input.redirect, navigate]);

  const failure =
    input.error ??
    (call.isError
      ? call.error instanceof ApiError && call.error.status < 500 && call.error.message
        ? `${SOCIAL_LOGIN_FAILED}（${call.error.message}）`
        : SOCIAL_LOGIN_FAILED
      : null);

  return (
    <div className={styles.page}>
      <Breadcrumbs items={[{ label: 'ホーム', to: '/' }, { label: 'ログイン' }]} />
      <h1 className={styles.heading}>ログイン</h1>
      {failure ? (
        <section className={styles.panel}>
          <p role="alert" className={styles.lead}>
            {failure}
          </p>
          <Link to="/login" className={buttonClass.primary}>
            ログイン画面へ
          </Link>
        </section>
      ) : (
        <LoadingBlock label="ログインしています" />
      )}
    </div>
  );
}

export { OauthCallbackPage as Component };
