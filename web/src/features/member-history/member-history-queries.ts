/**
 * A member's histories (spec 001 §3–§4, §7; docs/member-area-api.md, Histories): viewed products
 * (at most 10, each once, newest first), search words and 入荷リクエスト, page by page. Deleting
 * an entry removes it from the page on screen and lowers the total by one; the other pages are
 * asked again when next shown.
 */
import { queryOptions, useQueryClient, useSuspenseQuery, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { api, load } from '../../api/client';
import { ApiError, isSilentError } from '../../lib/api-error';
import type { HistoryEntry, RequestHistory, SearchHistory } from '../../api/types';
import { GENERIC_ERROR_MESSAGE } from '../../lib/form-errors';
import { withoutItems, pagedOf, type Paged } from '../../lib/paged';
import { MEMBER_PRODUCT_HISTORY_KEY } from '../../domain/product-history/product-history';
import { MEMBER_QUERY_ROOT } from '../../lib/query-client';
import { showError, showToast } from '../../lib/toast';

export const HISTORY_PER_PAGE = 10;

export const historyKeys = {
  products: () => [...MEMBER_PRODUCT_HISTORY_KEY, 'list'] as const,
  searchesRoot: [...MEMBER_QUERY_ROOT, 'product-search-histories'] as const,
  searches: (page: number) => [...historyKeys.searchesRoot, { page }] as const,
  requestsRoot: [...MEMBER_QUERY_ROOT, 'product-request-histories'] as const,
  requests: (page: number) => [...historyKeys.requestsRoot, { page }] as const,
};

const pageQuery = (page: number) => ({ page, per: HISTORY_PER_PAGE });

/** The viewed products: at most 10, so one page (the server takes no page query). */
export const productHistoryQuery = () =>
  queryOptions({
    queryKey: historyKeys.products(),
    queryFn: async ({ signal }): Promise<Paged<HistoryEntry>> => {
      const { data, pagination } = await load(api().GET('/v1/me/product-histories', { signal }));
      return pagedOf(data.data, pagination, 1, HISTORY_PER_PAGE);
    },
  });

export const searchHistoryQuery = (page: number) =>
  queryOptions({
    queryKey: historyKeys.searches(page),
    queryFn: async ({ signal }): Promise<Paged<SearchHistory>> => {
      const { data, pagination } = await load(
        api().GET('/v1/me/product-search-histories', { params: { query: pageQuery(page) }, signal }),
      );
      return pagedOf(data.data, pagination, page, HISTORY_PER_PAGE);
    },
  });

export const requestHistoryQuery = (page: number) =>
  queryOptions({
    queryKey: historyKeys.requests(page),
    queryFn: async ({ signal }): Promise<Paged<RequestHistory>> => {
      const { data, pagination } = await load(
        api().GET('/v1/me/product-request-histories', { params: { query: pageQuery(page) }, signal }),
      );
      return pagedOf(data.data, pagination, page, HISTORY_PER_PAGE);
    },
  });

export const useProductHistory = () => useSuspenseQuery(productHistoryQuery()).data;
export const useSearchHistory = (page: number) => useSuspenseQuery(searchHistoryQuery(page)).data;
export const useRequestHistory = (page: number) => useSuspenseQuery(requestHistoryQuery(page)).data;

export async function deleteProductHistory(productId: string): Promise<void> {
  await load(api().DELETE('/v1/me/product-histories/{product_id}', { params: { path: { product_id: productId } } }));
}

export async function deleteSearchHistory(id: string): Promise<void> {
  await load(api().DELETE('/v1/me/product-search-histories/{id}', { params: { path: { id } } }));
}

export async function deleteRequestHistory(id: string): Promise<void> {
  await load(api().DELETE('/v1/me/product-request-histories/{id}', { params: { path: { id } } }));
}

/**
 * Deleting entries of one history page: `remove(id, call, done)` runs the call, takes the entry
 * off the cached page (total minus one), says `done`, and marks the history's other pages stale.
 * A refusal shows the server's message. `removing` is the id on its way, if any.
 */
export function useEntryRemoval<T>(pageKey: QueryKey, rootKey: QueryKey, idOf: (item: T) => string) {
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<string | null>(null);
  const remove = async (id: string, call: (id: string) => Promise<void>, done: string) => {
    if (removing) return;
    setRemoving(id);
    try {
      await call(id);
      queryClient.setQueryData(pageKey, (prev: Paged<T> | undefined) =>
        prev ? withoutItems(prev, (item) => idOf(item) === id) : prev,
      );
      showToast(done, 'success');
      void queryClient.invalidateQueries({ queryKey: rootKey, refetchType: 'none' });
    } catch (error) {
      if (!isSilentError(error)) showError(error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE);
    } finally {
      setRemoving(null);
    }
  };
  return { removing, remove };
}
