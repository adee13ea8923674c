/** お知らせ: the preview (recipient count) and sending of a system message, and the sent list. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { client, loadData, loadPage } from '../api/admin-client';
import type { SystemMessageDraft } from '../api/admin-types';
import { ADMIN_ROOT } from '../api/session-queries';

const MESSAGES_KEY = [...ADMIN_ROOT, 'system-messages'] as const;
export const SENT_PER_PAGE = 20;

export const sentMessagesQuery = (page: number) =>
  queryOptions({
    queryKey: [...MESSAGES_KEY, page] as const,
    queryFn: ({ signal }) =>
      loadPage(client().GET('/v1/admin/system-messages', { params: { query: { page, per: SENT_PER_PAGE } }, signal })),
  });

export function usePreview() {
  return useMutation({
    mutationFn: (draft: SystemMessageDraft) =>
      loadData(client().POST('/v1/admin/system-messages/preview', { body: draft })),
  });
}

export function useSend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: SystemMessageDraft) => loadData(client().POST('/v1/admin/system-messages', { body: draft })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: MESSAGES_KEY }),
  });
}
