import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api, load, settle } from '../../api/client';
import type { Pagination } from '../../lib/paged';
import type { NewsItem } from '../../api/types';

export const NEWS_PER_PAGE = 10;

export const newsKeys = {
  all: ['news'] as const,
  list: (page: number, per: number) => [...newsKeys.all, 'list', { page, per }] as const,
  detail: (key: string) => [...newsKeys.all, 'detail', key] as const,
};

export interface NewsPage {
  items: NewsItem[];
  pagination: Pagination;
}

export const newsListQuery = (page: number, per: number = NEWS_PER_PAGE) =>
  queryOptions({
    queryKey: newsKeys.list(page, per),
    queryFn: async ({ signal }): Promise<NewsPage> => {
      const { data, pagination } = await load(api().GET('/v1/news', { params: { query: { page, per } }, signal }));
      return {
        items: data.data,
        pagination: pagination ?? { total: data.data.length, per, last: 1, current: page },
      };
    },
  });

export const newsDetailQuery = (key: string) =>
  queryOptions({
    queryKey: newsKeys.detail(key),
    queryFn: async ({ signal }) =>
      (await load(api().GET('/v1/news/{key}', { params: { path: { key } }, signal }))).data,
  });

export const useNewsList = (page: number) => useSuspenseQuery(newsListQuery(page)).data;
export const useNewsDetail = (key: string) => useSuspenseQuery(newsDetailQuery(key)).data;

/** Records that the member read a news item; a failure is not worth telling anyone. */
export async function markNewsRead(id: string): Promise<void> {
  try {
    await settle(api().POST('/v1/news/readables', { body: { readable_id: id } }));
  } catch {
    // Not logged in any more, or the item went away: nothing to show.
  }
}
