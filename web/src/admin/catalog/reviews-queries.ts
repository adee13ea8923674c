/**
 * レビュー管理: the reviews of one tab and search (GET /v1/admin/reviews, the search kept in the
 * address as ?status&q&page), the counts of the tabs (GET …/counts), and the changes — 公開する /
 * 非公開にする (PUT …/{id}/status) and 削除 (DELETE …/{id}), each with the version shown (a 409
 * `catalog.review.stale` when someone else changed the review first). After a change the list and
 * the counts are read again.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminApiError, client, load, loadData, loadPage } from '../api/admin-client';
import { ADMIN_ROOT } from '../api/session-queries';
import { pageParam } from '../ui/pager';
import { REVIEW_TABS, type ReviewListQuery, type ReviewTab } from './reviews-types';

export const REVIEWS_PER_PAGE = 20;

/** Every query of the review desk keys under this: a change reads them all again. */
export const REVIEWS_KEY = [...ADMIN_ROOT, 'reviews'] as const;

/** The code of a 409: someone else changed (or deleted) the review since the list was read. */
export const REVIEW_STALE_CODE = 'catalog.review.stale';

export function isReviewStale(error: unknown): boolean {
  return error instanceof AdminApiError && (error.code === REVIEW_STALE_CODE || error.status === 409);
}

// ---- the search, as it lives in the address ---------------------------------------------------

export interface ReviewFilter {
  status: ReviewTab;
  /** 商品名・商品コード・ニックネーム・タイトル・本文 (part of one). */
  q: string;
  page: number;
}

export const DEFAULT_TAB: ReviewTab = 'pending';

function isTab(value: string | null): value is ReviewTab {
  return REVIEW_TABS.some((tab) => tab.code === value);
}

export function readReviewFilter(params: URLSearchParams): ReviewFilter {
  const status = params.get('status');
  return {
    status: isTab(status) ? status : DEFAULT_TAB,
    q: (params.get('q') ?? '').trim(),
    page: pageParam(params),
  };
}

/** `?status=published&q=…` for a search (page 1), without the defaults; '' for none. */
export function reviewSearch(filter: Omit<ReviewFilter, 'page'>): string {
  const params = new URLSearchParams();
  if (filter.status !== DEFAULT_TAB) params.set('status', filter.status);
  if (filter.q.trim()) params.set('q', filter.q.trim());
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The query of GET /v1/admin/reviews: the tab always named, the keyword only when set. */
export function reviewListParams(filter: ReviewFilter, per: number): ReviewListQuery {
  const query: Record<string, string> = { status: filter.status, page: String(filter.page), per: String(per) };
  if (filter.q) query.q = filter.q;
  return query as ReviewListQuery;
}

// ---- reading ----------------------------------------------------------------------------------

export const reviewListQuery = (filter: ReviewFilter) =>
  queryOptions({
    queryKey: [...REVIEWS_KEY, 'list', filter] as const,
    queryFn: ({ signal }) =>
      loadPage(
        client().GET('/v1/admin/reviews', { params: { query: reviewListParams(filter, REVIEWS_PER_PAGE) }, signal }),
      ),
    placeholderData: keepPreviousData,
  });

export const reviewCountsQuery = () =>
  queryOptions({
    queryKey: [...REVIEWS_KEY, 'counts'] as const,
    queryFn: ({ signal }) => loadData(client().GET('/v1/admin/reviews/counts', { signal })),
  });

/** 最新の内容を読み込む: the list and the counts afresh (after a 409). */
export function useReloadReviews(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: REVIEWS_KEY });
}

// ---- changing ---------------------------------------------------------------------------------

const path = (id: string) => ({ path: { id } });

function useReviewChange<V, R>(call: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    // Not awaited: the card that asked says it is done before the list (without it) comes back.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: REVIEWS_KEY });
    },
  });
}

export interface StatusChange {
  id: string;
  status: 'published' | 'hidden';
  version: number;
}

/** 公開する / 非公開にする, answered as the review is now. */
export function useSetReviewStatus() {
  return useReviewChange(({ id, status, version }: StatusChange) =>
    loadData(client().PUT('/v1/admin/reviews/{id}/status', { params: path(id), body: { status, version } })),
  );
}

/** 削除 (204): the review is gone from the storefront and from every tab. */
export function useDeleteReview() {
  return useReviewChange(async ({ id, version }: { id: string; version: number }) => {
    await load(client().DELETE('/v1/admin/reviews/{id}', { params: { ...path(id), query: { version } } }));
  });
}
