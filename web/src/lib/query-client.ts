/**
 * The app's TanStack Query client. Failures the API client already acted on (redirects,
 * ignored network errors, cancellations) stay silent; other mutation failures become a toast.
 */
import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError, NetworkIgnoredError, isSilentError } from './api-error';
import { hasFieldErrors } from './form-errors';
import { showError } from './toast';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({
      onError: (error) => {
        if (isSilentError(error)) return;
        // Field errors are shown by the form (lib/form-errors); anything else as a toast.
        if (hasFieldErrors(error)) return;
        showError(error instanceof ApiError ? error.message : 'エラーが発生しました');
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        // The server answered: asking again will not change it. A lost connection may come back.
        retry: (failureCount, error) => error instanceof NetworkIgnoredError && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

/** The root of every query about the logged-in member (`/v1/me/*`): features key under it so any of them can refresh the member's data. */
export const MEMBER_QUERY_ROOT = ['me'] as const;
