/**
 * Logout (spec 000 §4), the one function every screen uses: the local session always goes, even
 * when the server cannot be told, then the server revokes the refresh cookie
 * (`POST /v1/auth/logout`, which needs no access token). Cached answers that depend on who is
 * logged in (member data, favourite marks) are dropped; the shop's settings stay.
 */
import { apiInstance } from '../../api/client';
import { afterLogout } from '../cart/cart-store';
import { queryClient } from '../../lib/query-client';

const viewerData = (query: { queryKey: readonly unknown[] }) => query.queryKey[0] !== 'site';

/**
 * Forgets every cached answer except the shop shell's (settings, layouts, messages); what is on
 * screen now is only marked stale, so it is asked again when next shown.
 */
export function dropViewerData(): void {
  queryClient.removeQueries({ type: 'inactive', predicate: viewerData });
  void queryClient.invalidateQueries({ type: 'active', predicate: viewerData, refetchType: 'none' });
}

export async function logout(options: { keepCart?: boolean } = {}): Promise<void> {
  try {
    // Clears the session first, then calls the server; never throws for a failed call.
    await apiInstance().logout(options);
  } finally {
    dropViewerData();
    afterLogout();
  }
}
