/**
 * What work that speaks for the visitor (the analytics data layer) waits for (spec 000 §9):
 * the shop's settings, the cart token and the login check — in 100 ms steps, for at most 3 s,
 * after which it goes on with what there is.
 * - settings: the front settings are in the query cache;
 * - login check: startup has settled the session (app/boot marks it in api/session);
 * - cart token: a token is stored, or no cart init is running that would bring one.
 */
import { settingsQuery } from '../site/site-queries';
import { isCartInitRunning } from '../cart/cart-store';
import { queryClient } from '../../lib/query-client';
import { getCartToken, isLoginChecked } from '../../api/session';
import { waitUntil } from '../../lib/wait';

export const READY_STEP_MS = 100;
export const READY_TIMEOUT_MS = 3_000;

export function isAppReady(): boolean {
  const settings = queryClient.getQueryData(settingsQuery().queryKey) !== undefined;
  const cartToken = getCartToken() !== null || !isCartInitRunning();
  return settings && isLoginChecked() && cartToken;
}

/** True once ready, false when 3 s passed first. */
export function whenAppReady(): Promise<boolean> {
  return waitUntil(isAppReady, { stepMs: READY_STEP_MS, timeoutMs: READY_TIMEOUT_MS });
}
