/**
 * Popups (spec 001 §4): the list is fetched only while none is known (once per visit), and a
 * single popup is fetched only when its id differs from the ones already held — taken from the
 * list when it is there.
 */
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api, load } from '../../api/client';
import type { Popup } from '../../api/types';
import { queryClient } from '../../lib/query-client';

/** Pages where a popup would only get in the way: the popup list itself. */
export const QUIET_PATHS = /^\/popup\/?$/;

export const popupKeys = {
  all: ['popups'] as const,
  list: () => [...popupKeys.all, 'list'] as const,
  detail: (id: string) => [...popupKeys.all, 'detail', id] as const,
};

export const popupsQuery = () =>
  queryOptions({
    queryKey: popupKeys.list(),
    queryFn: async ({ signal }): Promise<Popup[]> => (await load(api().GET('/v1/popups', { signal }))).data.data,
    staleTime: Infinity,
  });

export const popupQuery = (id: string) =>
  queryOptions({
    queryKey: popupKeys.detail(id),
    queryFn: async ({ signal }) =>
      (await load(api().GET('/v1/popups/{id}', { params: { path: { id } }, signal }))).data,
    staleTime: Infinity,
    initialData: () => queryClient.getQueryData<Popup[]>(popupKeys.list())?.find((p) => p.id === id),
  });

export const usePopups = () => useSuspenseQuery(popupsQuery()).data;
export const usePopup = (id: string) => useSuspenseQuery(popupQuery(id)).data;
