/**
 * Histories and requests around the catalogue (spec 001 §4, §7): the visitor's recently viewed
 * products, a member's server-side view record, search words, and 入荷リクエスト.
 */
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, load, settle } from '../../api/client';
import type { HistoryEntry } from '../../api/types';
import { catalogKeys } from './catalog-queries';

export const historyKeys = {
  guest: (ids: readonly string[]) => [...catalogKeys.all, 'history', 'guest', [...ids]] as const,
};

/**
 * The products behind the browser's history ids, in that order. Loaded once per id list
 * ("skipped if already loaded"); an empty list never calls the server.
 */
export const guestHistoryQuery = (ids: readonly string[]) =>
  queryOptions({
    queryKey: historyKeys.guest(ids),
    queryFn: async ({ signal }): Promise<HistoryEntry[]> =>
      (await load(api().GET('/v1/guest/product-histories', { params: { query: { 'ids[]': [...ids] } }, signal }))).data
        .data,
    staleTime: Infinity,
    enabled: ids.length > 0,
  });

export const useGuestHistory = (ids: readonly string[]) => useQuery(guestHistoryQuery(ids));

/** Records a member's view on the server. Best effort: a failure never reaches the customer. */
export async function recordMemberView(productId: string): Promise<void> {
  try {
    await settle(api().POST('/v1/product-histories', { body: { product_id: productId } }));
  } catch {
    // The local history still has the view.
  }
}

/** Whether a search word is worth recording: not blank after trimming (spec 000 §5). */
export function isRecordableWord(word: string | null | undefined): word is string {
  return typeof word === 'string' && word.trim() !== '';
}

/** Records a search word (kept for members; the server ignores visitors). Failures are silent. */
export async function recordSearchWord(word: string | null | undefined): Promise<void> {
  if (!isRecordableWord(word)) return;
  try {
    await settle(api().POST('/v1/product-search-histories', { params: { query: { word: word.trim() } } }));
  } catch {
    // Search works whether or not the word was recorded.
  }
}

export interface ProductRequestInput {
  product_key: string;
  name: string;
  email: string;
  body: string;
}

/** POST /v1/product-requests; field errors arrive as an `ApiError` with `errors`. */
export const useProductRequest = () =>
  useMutation({
    mutationFn: async (input: ProductRequestInput) =>
      (await load(api().POST('/v1/product-requests', { body: input }))).data,
  });
