/**
 * What a visitor meets on a member-only action (a favourite heart, a bookmark): a note that it
 * needs a login, then the login page, which brings them back here afterwards — the same
 * `redirectUrl` the route guard keeps for member-only pages (app/route-guard.ts).
 */
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LOGIN_PATH } from '../../api/client';
import { patchSession } from '../../api/session';
import { showToast } from '../../lib/toast';

export function useAskToLogin(): (message: string) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (message: string) => {
      patchSession({ redirectUrl: `${location.pathname}${location.search}` });
      showToast(message, 'info');
      void navigate(LOGIN_PATH);
    },
    [navigate, location.pathname, location.search],
  );
}
