/**
 * What happens once the server answers a login (spec 000 §4): a response that asks for the
 * one-time code moves to the code step (`mfa` holds the user id); otherwise the user is logged
 * in, the browser's product view history is flushed to the member's, and the app goes to the
 * page the user wanted (same-site paths only) or the mypage.
 */
import type { FrontSettings } from '../../api/types';
import { setFlash } from '../../lib/flash';
import { dropViewerData } from '../../lib/logout';
import { clearViewedProducts, productHistoryStore } from '../../lib/product-history';
import { applyGrant, patchSession, safeRedirectPath, sessionStore, setMfa } from '../../lib/session';
import { recordProductView, type LoginResponse } from './auth-queries';

export const MYPAGE_PATH = '/mypage';
export const VERIFY_PATH = '/verify';
export const REGISTER_COMPLETE_PATH = '/register/complete';

export const PASSWORD_EXPIRED_MESSAGE = 'パスワードの有効期限が切れています。パスワードを変更してください。';
export const MAIL_ERROR_MESSAGE =
  'ご登録のメールアドレスにメールが届かない状態が続いています。会員情報のメールアドレスをご確認ください。';

export type LoginStep = { kind: 'code'; userId: string } | { kind: 'done'; to: string };

type VerifySettings = Pick<FrontSettings, 'AUTH.IS_VERIFY_EMAIL_AT_FIRST_LOGIN'>;

/**
 * Sends the browser's viewed products to the member's history, oldest first so the newest stays
 * newest, then forgets the ones that went through. Never fails.
 */
export async function flushProductHistory(): Promise<void> {
  const ids = [...productHistoryStore.get()].reverse();
  if (ids.length === 0) return;
  const failed: string[] = [];
  for (const id of ids) {
    if (!(await recordProductView(id))) failed.push(id);
  }
  if (failed.length === 0) clearViewedProducts();
}

export interface LandingOptions {
  /** The page to go to instead of the remembered one (registration: /register/complete). */
  after?: string;
  /** Where the person came from, passed on to /verify (`?from=register`). */
  from?: 'register';
}

/**
 * The page after a completed login: /verify for a member the shop still has to verify, else
 * `after`, the page the user wanted (same-site only) or the mypage.
 */
export function landingAfterLogin(
  response: Pick<LoginResponse, 'is_registered_member'>,
  settings: VerifySettings,
  options: LandingOptions = {},
): string {
  if (settings['AUTH.IS_VERIFY_EMAIL_AT_FIRST_LOGIN'] && response.is_registered_member === false) {
    return options.from ? `${VERIFY_PATH}?from=${options.from}` : VERIFY_PATH;
  }
  return options.after ?? safeRedirectPath(sessionStore.get().redirectUrl) ?? MYPAGE_PATH;
}

/** Logs in with a response that carries an access token; returns where to go next. */
export function completeLogin(
  response: LoginResponse & { access_token: string },
  settings: VerifySettings,
  options: LandingOptions = {},
): string {
  applyGrant(response);
  const to = landingAfterLogin(response, settings, options);
  patchSession({ redirectUrl: null });
  dropViewerData();
  void flushProductHistory();
  if (response.has_password_expired) setFlash(PASSWORD_EXPIRED_MESSAGE, 'warning');
  else if (response.has_mail_error_count_over) setFlash(MAIL_ERROR_MESSAGE, 'warning');
  return to;
}

/** The code step when the response asks for it, else the completed login. */
export function acceptLoginResponse(
  response: LoginResponse,
  settings: VerifySettings,
  options: LandingOptions & { sync?: boolean } = {},
): LoginStep {
  if (response.is_verify || !response.access_token) {
    setMfa(response.user_id, { isSyncUserChannel: options.sync ?? response.is_sync_user_channel === true });
    return { kind: 'code', userId: response.user_id };
  }
  return { kind: 'done', to: completeLogin({ ...response, access_token: response.access_token }, settings, options) };
}

/** A one-time code as typed: full-width digits become half-width, spaces and hyphens go. */
export function normalizeCode(value: string): string {
  return value
    .replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0))
    .replace(/[\s\-ー－]/g, '');
}
