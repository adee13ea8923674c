/**
 * The message centre's unread count (docs/inquiries-api.md, "System messages"): the header's
 * マイページ badge reads it on every page, so it is the only system-message call in the first
 * bundle; the lists and the message itself are features/message-center's.
 */
import { queryOptions } from '@tanstack/react-query';
import { MEMBER_QUERY_ROOT } from '../../lib/query-client';
import { api, load } from '../../api/client';

export const systemMessageKeys = {
  all: [...MEMBER_QUERY_ROOT, 'system-messages'] as const,
  unread: () => [...systemMessageKeys.all, 'unread-count'] as const,
};

/** How many messages the member has not opened: `x-total` of one unread per page. */
export const unreadSystemMessagesQuery = () =>
  queryOptions({
    queryKey: systemMessageKeys.unread(),
    queryFn: async ({ signal }): Promise<number> => {
      const { data, pagination } = await load(
        api().GET('/v1/me/system-messages', { params: { query: { unread: 1, per: 1 } }, signal }),
      );
      return pagination?.total ?? data.data.length;
    },
    staleTime: 60_000,
    // The header stays mounted from page to page: coming back to the tab is when to look again.
    refetchOnWindowFocus: true,
  });
