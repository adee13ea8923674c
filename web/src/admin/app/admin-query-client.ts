/** The back office's TanStack Query client: an answered call is not retried, a lost connection once. */
import { QueryClient } from '@tanstack/react-query';
import { AdminApiError } from '../api/admin-client';

export function createAdminQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: true,
        retry: (failureCount, error) => !(error instanceof AdminApiError) && failureCount < 1,
      },
      mutations: { retry: false },
    },
  });
}
