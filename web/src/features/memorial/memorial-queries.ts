/**
 * The memorial calls (docs/member-area-api.md, "Memorials"): the list with its cap (`x-limit`),
 * one memorial, add / edit / delete. Every change refetches the list (the server sorts it by
 * the next date and works out `days_until`).
 */
import { queryOptions, useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { api, load } from '../../api/client';
import type { Memorial, MemorialInput } from '../../api/types';
import { MEMBER_QUERY_ROOT } from '../../lib/query-client';

export const memorialKeys = {
  all: [...MEMBER_QUERY_ROOT, 'user-memorials'] as const,
  list: () => [...memorialKeys.all, 'list'] as const,
  detail: (id: string) => [...memorialKeys.all, 'detail', id] as const,
};

export interface MemorialList {
  /** Soonest first. */
  items: Memorial[];
  /** How many the member may register (`x-limit`); null when the answer does not say. */
  limit: number | null;
}

/** By the next date; the same day by month and day, then as registered. */
export function byNextDate(items: readonly Memorial[]): Memorial[] {
  return [...items].sort(
    (a, b) =>
      a.next_date.localeCompare(b.next_date) ||
      a.month - b.month ||
      a.date - b.date ||
      a.created_at.localeCompare(b.created_at),
  );
}

function readLimit(headers: Headers): number | null {
  const value = Number(headers.get('x-limit') ?? '');
  return Number.isInteger(value) && value > 0 ? value : null;
}

export const memorialListQuery = () =>
  queryOptions({
    queryKey: memorialKeys.list(),
    queryFn: async ({ signal }): Promise<MemorialList> => {
      const call = api().GET('/v1/me/user-memorials', { signal });
      const { data } = await load(call);
      const { response } = await call;
      return { items: byNextDate(data.data), limit: readLimit(response.headers) };
    },
  });

export const memorialQuery = (id: string) =>
  queryOptions({
    queryKey: memorialKeys.detail(id),
    queryFn: async ({ signal }): Promise<Memorial> =>
      (await load(api().GET('/v1/me/user-memorials/{id}', { params: { path: { id } }, signal }))).data,
  });

export const useMemorialList = () => useSuspenseQuery(memorialListQuery()).data;
export const useMemorial = (id: string) => useSuspenseQuery(memorialQuery(id)).data;

/** POST /v1/me/user-memorials → 201; 422 `user_memorials.limit_exceeded` once the list is full. */
export const useCreateMemorial = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: MemorialInput): Promise<Memorial> =>
      (await load(api().POST('/v1/me/user-memorials', { body: input }))).data,
    onSuccess: () => client.invalidateQueries({ queryKey: memorialKeys.list() }),
  });
};

export const useUpdateMemorial = (id: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: MemorialInput): Promise<Memorial> =>
      (await load(api().PUT('/v1/me/user-memorials/{id}', { params: { path: { id } }, body: input }))).data,
    onSuccess: (memorial) => {
      client.setQueryData(memorialKeys.detail(id), memorial);
      return client.invalidateQueries({ queryKey: memorialKeys.list() });
    },
  });
};

export const useDeleteMemorial = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<void> => {
      await load(api().DELETE('/v1/me/user-memorials/{id}', { params: { path: { id } } }));
    },
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: memorialKeys.detail(id) });
      return client.invalidateQueries({ queryKey: memorialKeys.list() });
    },
  });
};
