/**
 * お問い合わせ種別 (GET/POST/PATCH/DELETE /v1/admin/inquiry-topics): read by the inbox's filter
 * and the topics screen; changed only by an owner (the server answers 403 otherwise).
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { client, loadData } from './admin-client';
import type { Topic } from './admin-types';
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

/** The order after moving the topic at `from` to `to`, as the positions to write (1, 2, 3 …). */
export function reorder(topics: readonly Topic[], from: number, to: number): { id: string; position: number }[] {
  const order = [...topics];
  const [moved] = order.splice(from, 1);
  if (!moved) return [];
  order.splice(to, 0, moved);
  // Only the topics whose number changes are written; equal numbers (never renumbered) are set too.
  return order
    .map((topic, index) => ({ id: topic.id, position: index + 1, was: topic.position }))
    .filter(({ position, was }) => position !== was)
    .map(({ id, position }) => ({ id, position }));
}

/** Moves a topic up or down: the server keeps each topic's number, so the changed ones are written in turn. */
export function useMoveTopic() {
  return useTopicMutation(async ({ topics, from, to }: { topics: readonly Topic[]; from: number; to: number }) => {
    for (const { id, position } of reorder(topics, from, to)) {
      await loadData(client().PATCH('/v1/admin/inquiry-topics/{id}', { params: { path: { id } }, body: { position } }));
    }
  });
}
