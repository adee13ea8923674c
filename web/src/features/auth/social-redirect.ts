/**
 * A social login leaves the SPA for the provider; where to go afterwards (a same-site path) and
 * which provider was asked wait in this tab's sessionStorage until /oauth/callback reads them.
 */
import { safeRedirectPath } from '../../lib/session';
import { readStorage, session, writeStorage } from '../../lib/storage';

export const SOCIAL_REDIRECT_KEY = 'shop.socialLogin';

export function rememberSocialRedirect(type: string, redirect: string): void {
  writeStorage(session(), SOCIAL_REDIRECT_KEY, JSON.stringify({ type, redirect }));
}

/** What `rememberSocialRedirect` stored (and forgets it), or nulls. */
export function takeSocialRedirect(): { type: string | null; redirect: string | null } {
  const raw = readStorage(session(), SOCIAL_REDIRECT_KEY);
  writeStorage(session(), SOCIAL_REDIRECT_KEY, null);
  if (!raw) return { type: null, redirect: null };
  try {
    const parsed = JSON.parse(raw) as { type?: unknown; redirect?: unknown };
    return {
      type: typeof parsed.type === 'string' ? parsed.type : null,
      redirect: safeRedirectPath(typeof parsed.redirect === 'string' ? parsed.redirect : null),
    };
  } catch {
    return { type: null, redirect: null };
  }
}
