/** 受信箱: the inquiries of one status (filtered, paged) and the count of each status. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { client, loadData, loadPage } from '../api/admin-client';
import type { InquiryStatus } from '../api/admin-types';
import { ADMIN_ROOT } from '../api/session-queries';

export const INBOX_PER_PAGE = 20;

export interface InboxFilter {
  status: InquiryStatus;
  topicId: string;
  q: string;
  page: number;
}

export const inquiriesQuery = (filter: InboxFilter) =>
  queryOptions({
    queryKey: [...ADMIN_ROOT, 'inquiries', 'list', filter] as const,
    queryFn: ({ signal }) =>
      loadPage(
        client().GET('/v1/admin/inquiries', {
          params: {
            query: {
              status: filter.status,
              topic_id: filter.topicId || undefined,
              q: filter.q || undefined,
              page: filter.page,
              per: INBOX_PER_PAGE,
            },
          },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

export const countsQuery = () =>
  queryOptions({
    queryKey: [...ADMIN_ROOT, 'inquiries', 'counts'] as const,
    queryFn: ({ signal }) => loadData(client().GET('/v1/admin/inquiries/counts', { signal })),
  });
