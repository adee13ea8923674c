/**
 * お知らせ管理 (docs/contracts/news-desk.md): the list (GET /v1/admin/news, filtered and paged),
 * one item (GET …/{id}) and the changes — 作成 (POST), 保存 (PUT with the version read) and 削除
 * (DELETE ?version=) — a 409 `news.stale` when the item was changed elsewhere first. A create or
 * a save answers the item as it is now (version + 1): shown at once; the list and the audit log
 * read again.
 */
import { keepPreviousData, type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminApiError, client, load, loadData, loadPage } from '../api/admin-client';
import { ADMIN_ROOT } from '../api/session-queries';
import { type NewsFilter, newsListParams } from './news-filter';
import type { NewsCreateInput, NewsDesk, NewsUpdateInput } from './news-types';

export const NEWS_PER_PAGE = 20;

/** Every query of the news desk keys under this. */
const NEWS_KEY = [...ADMIN_ROOT, 'content', 'news'] as const;
const LIST_KEY = [...NEWS_KEY, 'list'] as const;
const itemKey = (id: string) => [...NEWS_KEY, 'item', id] as const;
const AUDIT_KEY = [...ADMIN_ROOT, 'audit-log'] as const;

/** The code of a 409: the item was changed elsewhere since the editor read it. */
export const NEWS_STALE_CODE = 'news.stale';

export function isNewsStale(error: unknown): boolean {
  return error instanceof AdminApiError && (error.code === NEWS_STALE_CODE || error.status === 409);
}

const path = (id: string) => ({ path: { id } });

export const newsListQuery = (filter: NewsFilter) =>
  queryOptions({
    queryKey: [...LIST_KEY, filter] as const,
    queryFn: ({ signal }) =>
      loadPage(client().GET('/v1/admin/news', { params: { query: newsListParams(filter, NEWS_PER_PAGE) }, signal })),
    placeholderData: keepPreviousData,
  });

export const newsQuery = (id: string) =>
  queryOptions({
    queryKey: itemKey(id),
    queryFn: ({ signal }) => loadData(client().GET('/v1/admin/news/{id}', { params: path(id), signal })),
  });

/** 最新の内容を読み込む: the item as the server has it now (after a 409), read afresh. */
export function refreshNews(queryClient: QueryClient, id: string): Promise<NewsDesk> {
  return queryClient.fetchQuery({ ...newsQuery(id), staleTime: 0 });
}

/** After a change: the list and the audit log read again (not awaited: the page says it is done at once). */
function changed(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: LIST_KEY });
  void queryClient.invalidateQueries({ queryKey: AUDIT_KEY });
}

/** 保存する on a new item: the item as created (its id, its key). */
export function useCreateNews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewsCreateInput) => loadData(client().POST('/v1/admin/news', { body })),
    onSuccess: (created) => {
      queryClient.setQueryData(itemKey(created.id), created);
      changed(queryClient);
    },
  });
}

/** 保存する on an item: the whole item with the version read, answered as saved. */
export function useSaveNews(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewsUpdateInput) => loadData(client().PUT('/v1/admin/news/{id}', { params: path(id), body })),
    onSuccess: (saved) => {
      queryClient.setQueryData(itemKey(id), saved);
      changed(queryClient);
    },
  });
}

/** 削除する: the item at the version shown (a 409 when it changed since). */
export function useDeleteNews(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (version: number) => {
      await load(client().DELETE('/v1/admin/news/{id}', { params: { ...path(id), query: { version } } }));
    },
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: itemKey(id) });
      changed(queryClient);
    },
  });
}
