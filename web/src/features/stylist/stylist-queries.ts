import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api, load } from '../../api/client';
import type { Pagination } from '../../lib/paged';
import type { Stylist } from '../../api/types';

export const STYLISTS_PER_PAGE = 20;

export const stylistKeys = {
  all: ['stylists'] as const,
  list: (page: number, per: number) => [...stylistKeys.all, 'list', { page, per }] as const,
  detail: (key: string) => [...stylistKeys.all, 'detail', key] as const,
};

export interface StylistPage {
  items: Stylist[];
  pagination: Pagination;
}

export function stylistHref(key: string): string {
  return `/stylist/${encodeURIComponent(key)}`;
}

export const stylistListQuery = (page: number, per: number = STYLISTS_PER_PAGE) =>
  queryOptions({
    queryKey: stylistKeys.list(page, per),
    queryFn: async ({ signal }): Promise<StylistPage> => {
      const { data, pagination } = await load(api().GET('/v1/stylists', { params: { query: { page, per } }, signal }));
      return {
        items: data.data,
        pagination: pagination ?? { total: data.data.length, per, last: 1, current: page },
      };
    },
  });

export const stylistDetailQuery = (key: string) =>
  queryOptions({
    queryKey: stylistKeys.detail(key),
    queryFn: async ({ signal }) =>
      (await load(api().GET('/v1/stylists/{key}', { params: { path: { key } }, signal }))).data,
  });

export const useStylistList = (page: number) => useSuspenseQuery(stylistListQuery(page)).data;
export const useStylistDetail = (key: string) => useSuspenseQuery(stylistDetailQuery(key)).data;
