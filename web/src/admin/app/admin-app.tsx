/**
 * The back office put together: query client, API client (a 401 drops everything cached and goes
 * to the login, remembering the screen) and router. main.tsx mounts it in the browser; tests
 * mount it on a memory router with a fake fetch.
 */
import type { ReactElement } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider, createBrowserRouter, createMemoryRouter } from 'react-router';
import { configureAdminApi } from '../api/admin-client';
import { ADMIN_ROOT } from '../api/session-queries';
import { createAdminQueryClient } from './admin-query-client';
import { adminRoutes, loginPath } from './admin-routes';

export interface AdminAppOptions {
  baseUrl: string;
  fetch?: typeof globalThis.fetch;
  /** A memory router at this path (tests) instead of the browser's address. */
  initialPath?: string;
}

export interface AdminApp {
  element: ReactElement;
  router: ReturnType<typeof createBrowserRouter>;
  queryClient: QueryClient;
}

export function createAdminApp({ baseUrl, fetch, initialPath }: AdminAppOptions): AdminApp {
  const queryClient = createAdminQueryClient();
  let router: AdminApp['router'] | null = null;

  // Before the router: creating it starts the first screen's loader, which calls the API.
  configureAdminApi({
    baseUrl,
    fetch,
    onUnauthorized: () => {
      // The session ended (expired, logged out elsewhere): nothing cached may be shown any more.
      queryClient.removeQueries({ queryKey: ADMIN_ROOT });
      if (!router) return;
      const { pathname, search } = router.state.location;
      if (!pathname.startsWith('/admin/login')) {
        void router.navigate(loginPath(`${pathname}${search}`), { replace: true });
      }
    },
  });

  const routes = adminRoutes(queryClient);
  router =
    initialPath === undefined
      ? createBrowserRouter(routes)
      : createMemoryRouter(routes, { initialEntries: [initialPath] });
  const element = (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
  return { element, router, queryClient };
}
