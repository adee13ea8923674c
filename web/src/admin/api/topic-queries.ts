/**
 * お問い合わせ種別 (GET/POST/PATCH/DELETE /v1/admin/inquiry-topics): read by the inbox's filter
 * and the topics screen; changed only by staff with `shop_settings` (the server answers 403
 * otherwise).
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { client, loadData } from './admin-client';
import { ADMIN_ROOT } from './session-queries';

const TOPICS_KEY = [...ADMIN_ROOT, 'topics'] as const;

export const topicsQuery = () =>
  queryOptions({
    queryKey: TOPICS_KEY,
    queryFn: async ({ signal }) => (await loadData(client().GET('/v1/admin/inquiry-topics', { signal }))).data,
  });

function useTopicMutation<V>(call: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    // Inquiries show their topic's name: a renamed topic changes them too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_ROOT }),
  });
}

export function useAddTopic() {
  return useTopicMutation((name: string) => loadData(client().POST('/v1/admin/inquiry-topics', { body: { name } })));
}

export function useUpdateTopic() {
  return useTopicMutation(({ id, ...body }: { id: string; name?: string; position?: number }) =>
    loadData(client().PATCH('/v1/admin/inquiry-topics/{id}', { params: { path: { id } }, body })),
  );
}

export function useDeleteTopic() {
  return useTopicMutation((id: string) =>
    loadData(client().DELETE('/v1/admin/inquiry-topics/{id}', { params: { path: { id } } })),
  );
}

/**
 * Moves a topic to the 1-based `position`; the server closes the others up around it (positions
 * stay 1, 2, 3 …), so one call is the whole move.
 */
export function useMoveTopic() {
  return useTopicMutation(({ id, position }: { id: string; position: number }) =>
    loadData(client().PATCH('/v1/admin/inquiry-topics/{id}', { params: { path: { id } }, body: { position } })),
  );
}
