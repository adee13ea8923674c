/**
 * Grants of protected tags (`POST /v1/tags/password`): the token the right password gives, kept
 * per tag for this tab until the server's expiry (sessionStorage — a reload keeps the page open,
 * another visitor on the same computer after the tab closes does not inherit it). The token is
 * sent as `X-Tag-Grant` with that tag's product list only.
 */
import { readStorage, session, writeStorage } from '../../lib/storage';

export const TAG_GRANTS_KEY = 'shop.tagGrants';

interface StoredGrant {
  token: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

type Grants = Record<string, StoredGrant>;

function readGrants(): Grants {
  const raw = readStorage(session(), TAG_GRANTS_KEY);
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object') return {};
    const grants: Grants = {};
    for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
      const grant = value as Partial<StoredGrant> | null;
      if (grant && typeof grant.token === 'string' && typeof grant.expiresAt === 'number') {
        grants[key] = { token: grant.token, expiresAt: grant.expiresAt };
      }
    }
    return grants;
  } catch {
    return {};
  }
}

function writeGrants(grants: Grants): void {
  writeStorage(session(), TAG_GRANTS_KEY, Object.keys(grants).length > 0 ? JSON.stringify(grants) : null);
}

/** The token for `tagKey` while it is still valid; an expired one is forgotten. */
export function tagGrantFor(tagKey: string, now: number = Date.now()): string | null {
  const grants = readGrants();
  const grant = grants[tagKey];
  if (!grant) return null;
  if (grant.expiresAt <= now) {
    delete grants[tagKey];
    writeGrants(grants);
    return null;
  }
  return grant.token;
}

/** Keeps the answer of a right password; `expiresAt` is the server's ISO time. */
export function saveTagGrant(tagKey: string, token: string, expiresAt: string): void {
  const until = Date.parse(expiresAt);
  if (!Number.isFinite(until)) return;
  writeGrants({ ...readGrants(), [tagKey]: { token, expiresAt: until } });
}

/** The server refused the token (expired early, keys rotated): ask for the password again. */
export function forgetTagGrant(tagKey: string): void {
  const grants = readGrants();
  if (!(tagKey in grants)) return;
  delete grants[tagKey];
  writeGrants(grants);
}
