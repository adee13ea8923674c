import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { api, load } from '../../api/client';

export const HOME_PAGE = 'home';

export const homeKeys = {
  all: ['home'] as const,
  page: () => [...homeKeys.all, 'page'] as const,
  latestNews: (count: number) => [...homeKeys.all, 'latest-news', count] as const,
};

/** The page blocks of the top page (`/v1/pages/front/layout/home`). */
export const homePageQuery = () =>
  queryOptions({
    queryKey: homeKeys.page(),
    queryFn: async ({ signal }) =>
      (await load(api().GET('/v1/pages/front/layout/{page}', { params: { path: { page: HOME_PAGE } }, signal })))
        .data,
  });

/** The latest `count` news items for the news block. */
export const latestNewsQuery = (count: number) =>
  queryOptions({
    queryKey: homeKeys.latestNews(count),
    queryFn: async ({ signal }) =>
      (await load(api().GET('/v1/news', { params: { query: { per: String(count) } }, signal }))).data.data,
  });

export const useHomePage = () => useSuspenseQuery(homePageQuery()).data;
export const useLatestNews = (count: number) => useQuery(latestNewsQuery(count));
