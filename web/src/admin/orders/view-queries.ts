/**
 * A staff member's saved searches of the order list (GET/POST /v1/admin/orders/views,
 * DELETE /v1/admin/orders/views/{id}): a name and the list's query string without its page.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { client, loadData } from '../api/admin-client';
import { ORDERS_KEY } from './order-queries';

const VIEWS_KEY = [...ORDERS_KEY, 'views'] as const;

export const viewsQuery = () =>
  queryOptions({
    queryKey: VIEWS_KEY,
    queryFn: async ({ signal }) => (await loadData(client().GET('/v1/admin/orders/views', { signal }))).data,
  });

export function useSaveView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; query: string }) => loadData(client().POST('/v1/admin/orders/views', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: VIEWS_KEY }),
  });
}

export function useDeleteView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => loadData(client().DELETE('/v1/admin/orders/views/{id}', { params: { path: { id } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: VIEWS_KEY }),
  });
}
