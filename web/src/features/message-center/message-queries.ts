/**
 * The message centre (docs/inquiries-api.md, "System messages"): the shop's messages to the
 * member, page by page, and one message, which reading marks read. The unread count of the
 * header is domain/system-messages/system-message-queries (in the first bundle); these keys sit
 * under it.
 */
import { queryOptions } from '@tanstack/react-query';
import { api, load } from '../../api/client';
import { systemMessageKeys } from '../../domain/system-messages/system-message-queries';
import type { SystemMessage } from '../../api/types';
import { pagedOf, type Paged } from '../../lib/paged';

export const MESSAGES_PER_PAGE = 10;

export const messageKeys = {
  pages: () => [...systemMessageKeys.all, 'page'] as const,
  page: (page: number) => [...messageKeys.pages(), { page }] as const,
  detail: (key: string) => [...systemMessageKeys.all, 'detail', key] as const,
};

export const systemMessagesQuery = (page: number) =>
  queryOptions({
    queryKey: messageKeys.page(page),
    queryFn: async ({ signal }): Promise<Paged<SystemMessage>> => {
      const query = { page, per: MESSAGES_PER_PAGE };
      const { data, pagination } = await load(api().GET('/v1/me/system-messages', { params: { query }, signal }));
      return pagedOf(data.data, pagination, page, MESSAGES_PER_PAGE);
    },
    staleTime: 0,
  });

/** One message; the server marks it read as it answers. */
export const systemMessageQuery = (key: string) =>
  queryOptions({
    queryKey: messageKeys.detail(key),
    queryFn: async ({ signal }): Promise<SystemMessage> =>
      (await load(api().GET('/v1/me/system-messages/{key}', { params: { path: { key } }, signal }))).data,
  });

export const messagePath = (key: string) => `/mypage/message-center/${encodeURIComponent(key)}`;
