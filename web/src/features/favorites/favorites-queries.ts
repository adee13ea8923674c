/**
 * The member's favourites lists (docs/member-area-api.md, Favourites): the lists with their
 * counts, one list's products page by page, and taking a product off one list. The heart itself
 * (like/unlike) is domain/favorites/favorites, shared with every product card; its changes refresh
 * these queries because they key under its USER_LISTS_KEY.
 */
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api, load } from '../../api/client';
import type { ListEntry, UserList } from '../../api/types';
import { USER_LISTS_KEY } from '../../domain/favorites/favorites';
import { pagedOf, type Paged } from '../../lib/paged';

export const LIST_PER_PAGE = 20;

export const favoritesKeys = {
  lists: () => [...USER_LISTS_KEY, 'all'] as const,
  list: (key: string, page: number, everything: boolean) =>
    [...USER_LISTS_KEY, 'list', key, { page, everything }] as const,
};

/** GET /v1/me/user-lists: the member's lists, the default 「お気に入り」 first. */
export const userListsQuery = () =>
  queryOptions({
    queryKey: favoritesKeys.lists(),
    queryFn: async ({ signal }): Promise<UserList[]> =>
      (await load(api().GET('/v1/me/user-lists', { signal }))).data.data,
  });

export interface ListPage {
  list: UserList;
  entries: Paged<ListEntry>;
}

/**
 * One list, newest addition first. `everything` also shows products outside their sale period
 * (`is_listables=0`); otherwise only those that can be bought now.
 */
export const userListQuery = (key: string, page: number, everything: boolean) =>
  queryOptions({
    queryKey: favoritesKeys.list(key, page, everything),
    queryFn: async ({ signal }): Promise<ListPage> => {
      const { data, pagination } = await load(
        api().GET('/v1/me/user-lists/{key}', {
          params: {
            path: { key },
            query: { page, per: LIST_PER_PAGE, is_listables: everything ? '0' : '1' },
          },
          signal,
        }),
      );
      return { list: data.list, entries: pagedOf(data.data, pagination, page, LIST_PER_PAGE) };
    },
  });

export const useUserLists = () => useSuspenseQuery(userListsQuery()).data;
export const useUserList = (key: string, page: number, everything: boolean) =>
  useSuspenseQuery(userListQuery(key, page, everything)).data;

/** PATCH /v1/me/user-lists/{key}/detach: the product leaves this list only; answers the list. */
export async function detachFromList(key: string, productId: string): Promise<UserList> {
  return (
    await load(
      api().PATCH('/v1/me/user-lists/{key}/detach', {
        params: { path: { key } },
        body: { table: 'products', ids: [productId] },
      }),
    )
  ).data;
}
