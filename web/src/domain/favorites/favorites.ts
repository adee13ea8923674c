/**
 * Favourite marks (spec 000 §4: "favourite flags are updated across product, content and history
 * lists when a product is added or removed"). Product answers carry the server's `is_favorite`
 * for the logged-in member; this store keeps only the flags this client has changed since
 * (product id → liked), laid over the server's value, so every heart of the same product on
 * screen — list, detail, recommendations, histories, favourites — follows one press without
 * asking the server again. Liking is `POST /v1/products/{key}/likes`, unliking `DELETE` (removes
 * it from every list; docs/member-area-api.md). The heart changes at once; when the server
 * refuses, it goes back and the server's message is shown (the spec: the error is rethrown).
 */
import { useSyncExternalStore } from 'react';
import { api, load } from '../../api/client';
import { ApiError, isSilentError } from '../../lib/api-error';
import { GENERIC_ERROR_MESSAGE } from '../../lib/form-errors';
import { MEMBER_QUERY_ROOT, queryClient } from '../../lib/query-client';
import { sessionStore } from '../../api/session';
import { createStore, type Store } from '../../lib/store';
import { showError } from '../../lib/toast';

/** The favourites lists' queries (features/favorites keys under it): refreshed after a change. */
export const USER_LISTS_KEY = [...MEMBER_QUERY_ROOT, 'user-lists'] as const;

export const LOGIN_FOR_FAVORITE_MESSAGE = 'お気に入りをご利用いただくには、ログインしてください。';

export type FavoriteFlags = ReadonlyMap<string, boolean>;

/** The flags this client changed; cleared when who is logged in changes. */
export const favoriteFlags: Store<FavoriteFlags> = createStore<FavoriteFlags>(new Map());

/** What a product answer needs for its heart. */
export interface FavoriteTarget {
  id: string;
  key: string;
  is_favorite: boolean;
}

/** The mark to show: the client's change when there is one, else the server's. Pure. */
export function favoriteOf(flags: FavoriteFlags, productId: string, serverValue: boolean): boolean {
  return flags.get(productId) ?? serverValue;
}

export function setFavoriteFlag(productId: string, liked: boolean): void {
  favoriteFlags.set((prev) => {
    if (prev.get(productId) === liked) return prev;
    const next = new Map(prev);
    next.set(productId, liked);
    return next;
  });
}

export function clearFavoriteFlags(): void {
  favoriteFlags.set((prev) => (prev.size === 0 ? prev : new Map()));
}

// A visitor's marks are always false and another member's are not this one's: start afresh on
// every login and logout (a token refresh keeps them).
let wasLoggedIn = sessionStore.get().isLogin;
sessionStore.subscribe(() => {
  const isLogin = sessionStore.get().isLogin;
  if (isLogin !== wasLoggedIn) clearFavoriteFlags();
  wasLoggedIn = isLogin;
});

/**
 * The mark of one product. Subscribes to that product's flag only, so a press re-renders the
 * hearts of that product and not every card of a long list.
 */
export function useIsFavorite(productId: string, serverValue: boolean): boolean {
  const read = () => favoriteOf(favoriteFlags.get(), productId, serverValue);
  return useSyncExternalStore(favoriteFlags.subscribe, read, read);
}

const pending = new Set<string>();

/** Whether a like or unlike of this product is on its way (a second press waits for it). */
export function isFavoritePending(productId: string): boolean {
  return pending.has(productId);
}

/**
 * Likes (`liked`) or unlikes a product for the logged-in member. The mark changes at once; the
 * server's answer settles it, or the mark goes back and the server's message becomes a toast
 * (nothing is shown when the client already acted: expired session, lost connection). Resolves
 * to the mark now shown. A press while the previous one is on its way is ignored.
 */
export async function setFavorite(product: FavoriteTarget, liked: boolean): Promise<boolean> {
  const before = favoriteOf(favoriteFlags.get(), product.id, product.is_favorite);
  if (pending.has(product.id)) return before;
  pending.add(product.id);
  setFavoriteFlag(product.id, liked);
  try {
    const client = api();
    const init = { params: { path: { key: product.key } } };
    const { data } = await load(
      liked ? client.POST('/v1/products/{key}/likes', init) : client.DELETE('/v1/products/{key}/likes', init),
    );
    const now = typeof data?.is_favorite === 'boolean' ? data.is_favorite : liked;
    setFavoriteFlag(product.id, now);
    // The lists' contents and counts changed; they are asked again when (or while) shown.
    void queryClient.invalidateQueries({ queryKey: USER_LISTS_KEY });
    return now;
  } catch (error) {
    setFavoriteFlag(product.id, before);
    if (!isSilentError(error)) showError(error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE);
    return before;
  } finally {
    pending.delete(product.id);
  }
}

/** The press of a heart: the opposite of the mark shown now. */
export function toggleFavorite(product: FavoriteTarget): Promise<boolean> {
  return setFavorite(product, !favoriteOf(favoriteFlags.get(), product.id, product.is_favorite));
}
