import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { api, load, settle } from '../../api/client';
import { ApiError } from '../../lib/api-error';
import { saveDownload } from '../../lib/download';
import type { Banner, BannerArea, CalendarDay, Collection, FreeArea } from '../../api/types';

export const HOME_PAGE = 'home';

export const homeKeys = {
  all: ['home'] as const,
  page: () => [...homeKeys.all, 'page'] as const,
  latestNews: (count: number) => [...homeKeys.all, 'latest-news', count] as const,
  banners: (areas: readonly string[]) => [...homeKeys.all, 'banners', [...areas]] as const,
  freeAreas: () => [...homeKeys.all, 'free-areas'] as const,
  collection: (alias: string, per: number) => [...homeKeys.all, 'collection', alias, per] as const,
  calendar: (startDate: string, endDate: string) => [...homeKeys.all, 'calendar', { startDate, endDate }] as const,
};

/** The banner areas the top page draws (`footer`: the link banners others may download). */
export const HOME_BANNER_AREAS = ['top_main', 'sidebar', 'footer'] as const;
const CONTENT_STALE = 5 * 60_000;

/** The page blocks of the top page (`/v1/pages/front/layout/home`). */
export const homePageQuery = () =>
  queryOptions({
    queryKey: homeKeys.page(),
    queryFn: async ({ signal }) =>
      (await load(api().GET('/v1/pages/front/layout/{page}', { params: { path: { page: HOME_PAGE } }, signal }))).data,
  });

/** The latest `count` news items for the news block. */
export const latestNewsQuery = (count: number) =>
  queryOptions({
    queryKey: homeKeys.latestNews(count),
    queryFn: async ({ signal }) =>
      (await load(api().GET('/v1/news', { params: { query: { per: count } }, signal }))).data.data,
  });

/** Banners showing now in `areas`, in the shop's order (area, then position). */
export const bannersQuery = (areas: readonly BannerArea[]) =>
  queryOptions({
    queryKey: homeKeys.banners(areas),
    queryFn: async ({ signal }): Promise<Banner[]> =>
      (await load(api().GET('/v1/banners', { params: { query: { 'area[]': [...areas], is_show: 1 } }, signal }))).data
        .data,
    staleTime: CONTENT_STALE,
  });

/**
 * GET /v1/banners/{id}/download: the banner's picture saved under the name the server suggests
 * (x-suggested-filename), with ダウンロードが完了しました. Null when the call came to nothing
 * (network ignored, cancelled); a refusal throws.
 */
export async function downloadBanner(id: string): Promise<string | null> {
  const outcome = await settle(api().GET('/v1/banners/{id}/download', { params: { path: { id } }, parseAs: 'blob' }));
  if (outcome.kind !== 'ok') return null;
  return saveDownload(outcome.data as unknown as Blob, outcome.response, `banner-${id}.svg`);
}

/** Every free area (`per=all`); which ones show depends on the viewer. */
export const freeAreasQuery = () =>
  queryOptions({
    queryKey: homeKeys.freeAreas(),
    queryFn: async ({ signal }): Promise<FreeArea[]> =>
      (await load(api().GET('/v1/free-areas', { params: { query: { per: 'all' } }, signal }))).data.data,
    staleTime: CONTENT_STALE,
  });

/** The curated collections under the top page's blocks (a shop without one simply skips it). */
export const HOME_COLLECTIONS = ['new-arrivals', 'staff-picks'] as const;
/** Products shown per collection on the top page. */
export const COLLECTION_COUNT = 10;

/**
 * One page of a curated collection (`/v1/collections/{alias}`); null when this shop has no such
 * collection, so the block just stays away.
 */
export const collectionQuery = (alias: string, per: number) =>
  queryOptions({
    queryKey: homeKeys.collection(alias, per),
    queryFn: async ({ signal }): Promise<Collection | null> => {
      try {
        return (
          await load(api().GET('/v1/collections/{alias}', { params: { path: { alias }, query: { per } }, signal }))
        ).data;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: CONTENT_STALE,
  });

/** The shop's days (closed, public holidays) from `startDate` to `endDate`, both `YYYY-MM-DD`. */
export const calendarQuery = (startDate: string, endDate: string) =>
  queryOptions({
    queryKey: homeKeys.calendar(startDate, endDate),
    queryFn: async ({ signal }): Promise<CalendarDay[]> =>
      (
        await load(
          api().GET('/v1/business-dates/monthly/calendar/front', { params: { query: { startDate, endDate } }, signal }),
        )
      ).data.data,
    staleTime: 30 * 60_000,
  });

export const useHomePage = () => useSuspenseQuery(homePageQuery()).data;
export const useLatestNews = (count: number) => useQuery(latestNewsQuery(count));
export const useBanners = (areas: readonly BannerArea[]) => useQuery(bannersQuery(areas));
export const useFreeAreas = () => useQuery(freeAreasQuery());
export const useCollection = (alias: string, per: number) => useQuery(collectionQuery(alias, per));
export const useCalendar = (startDate: string, endDate: string) => useQuery(calendarQuery(startDate, endDate));
