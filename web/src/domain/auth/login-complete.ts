/**
 * What happens once the server has logged someone in (spec 000 §4), whichever screen asked:
 * password login, the one-time code, registration, a password reset, a social login. A response
 * that asks for the mailed code moves to the code step (`mfa` holds the user id); otherwise the
 * grant becomes the session, what was cached for the visitor goes, the browser's product view
 * history is flushed to the member's, the server's warnings become a flash message, and the app
 * goes to the page the user wanted (same-site paths only) or the mypage.
 */
import { api, load } from '../../api/client';
import type { FrontSettings, LoginResponse } from '../../api/types';
import { setFlash } from '../../lib/flash';
import { dropViewerData } from './logout';
import {
  MEMBER_PRODUCT_HISTORY_KEY,
  PRODUCT_HISTORY_MAX,
  clearViewedProducts,
  productHistoryStore,
} from '../product-history/product-history';
import { queryClient } from '../../lib/query-client';
import { applyGrant, patchSession, safeRedirectPath, sessionStore, setMfa, type TokenGrant } from '../../api/session';

export const MYPAGE_PATH = '/mypage';
export const VERIFY_PATH = '/verify';

export const PASSWORD_EXPIRED_MESSAGE = 'パスワードの有効期限が切れています。パスワードを変更してください。';
export const MAIL_ERROR_MESSAGE =
  'ご登録のメールアドレスにメールが届かない状態が続いています。会員情報のメールアドレスをご確認ください。';

export type LoginStep = { kind: 'code'; userId: string } | { kind: 'done'; to: string };

export type LoginSettings = Pick<FrontSettings, 'AUTH.IS_VERIFY_EMAIL_AT_FIRST_LOGIN'>;

export interface LandingOptions {
  /** The page to go to instead of the remembered one (registration: /register/complete). */
  after?: string;
  /** Where the person came from, passed on to /verify (`?from=register`). */
  from?: 'register';
  /** A flash message for the next page, unless one of the server's warnings needs the place. */
  message?: string;
}

/**
 * Sends the browser's viewed products to the member's history in one call
 * (`POST /v1/product-histories {product_ids}`, newest first; the server skips unknown ones),
 * then forgets them. When the call does not go through they stay for the next login. Never fails.
 */
export async function flushProductHistory(): Promise<void> {
  const ids = productHistoryStore.get().slice(0, PRODUCT_HISTORY_MAX);
  if (ids.length === 0) return;
  try {
    await load(api().POST('/v1/product-histories', { body: { product_ids: ids } }));
  } catch {
    return;
  }
  clearViewedProducts();
  void queryClient.invalidateQueries({ queryKey: MEMBER_PRODUCT_HISTORY_KEY });
}

/**
 * The page after a completed login: /verify for a member the shop still has to verify, else
 * `after`, the page the user wanted (same-site only) or the mypage.
 */
export function landingAfterLogin(
  grant: Pick<TokenGrant, 'is_registered_member'>,
  settings: LoginSettings,
  options: LandingOptions = {},
): string {
  if (settings['AUTH.IS_VERIFY_EMAIL_AT_FIRST_LOGIN'] && grant.is_registered_member === false) {
    return options.from ? `${VERIFY_PATH}?from=${options.from}` : VERIFY_PATH;
  }
  return options.after ?? safeRedirectPath(sessionStore.get().redirectUrl) ?? MYPAGE_PATH;
}

/** Logs in with a grant (a login response with its access token, or a refresh); returns where to go. */
export function completeLogin(grant: TokenGrant, settings: LoginSettings, options: LandingOptions = {}): string {
  const to = landingAfterLogin(grant, settings, options);
  applyGrant(grant);
  patchSession({ redirectUrl: null });
  // What was cached for the visitor (favourite marks, …) is not the member's.
  dropViewerData();
  void flushProductHistory();
  if (grant.has_password_expired) setFlash(PASSWORD_EXPIRED_MESSAGE, 'warning');
  else if (grant.has_mail_error_count_over) setFlash(MAIL_ERROR_MESSAGE, 'warning');
  else if (options.message) setFlash(options.message);
  return to;
}

/** The code step when the response asks for it (or carries no token), else the completed login. */
export function acceptLoginResponse(
  response: LoginResponse,
  settings: LoginSettings,
  options: LandingOptions & { sync?: boolean } = {},
): LoginStep {
  if (response.is_verify || !response.access_token) {
    setMfa(response.user_id, { isSyncUserChannel: options.sync ?? response.is_sync_user_channel === true });
    return { kind: 'code', userId: response.user_id };
  }
  return { kind: 'done', to: completeLogin({ ...response, access_token: response.access_token }, settings, options) };
}
