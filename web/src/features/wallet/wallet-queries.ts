/**
 * Saved cards and points (spec 001 §3–§4, §7); the coupons are domain/coupons'. A card is added
 * with the gateway's token only (domain/payment-card/card-tokenizer); only one card is main, and
 * moving the mark refetches the list.
 */
import { queryOptions, useMutation, useQueryClient, useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { api, load } from '../../api/client';
import type { Pagination } from '../../lib/paged';
import { MEMBER_QUERY_ROOT } from '../../lib/query-client';
import type { PointBalance, PointHistory, UserCard } from './wallet-types';

export const CARDS_PER_PAGE = 10;
export const POINTS_PER_PAGE = 10;
/** Spec 001 §9 names no card limit; the contract's default is 5. */
export const DEFAULT_CARD_LIMIT = 5;

export const walletKeys = {
  cards: () => [...MEMBER_QUERY_ROOT, 'user-cards'] as const,
  points: () => [...MEMBER_QUERY_ROOT, 'points'] as const,
  pointHistories: (page: number) => [...MEMBER_QUERY_ROOT, 'point-histories', { page }] as const,
};

export interface CardList {
  items: UserCard[];
  limit: number;
}

function readLimit(headers: Headers): number {
  const value = Number(headers.get('x-limit') ?? '');
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_CARD_LIMIT;
}

export const cardsQuery = () =>
  queryOptions({
    queryKey: walletKeys.cards(),
    queryFn: async ({ signal }): Promise<CardList> => {
      const call = api().GET('/v1/me/user-cards', { params: { query: { per: 50 } }, signal });
      const { data } = await load(call);
      const { response } = await call;
      return { items: data.data, limit: readLimit(response.headers) };
    },
  });

export const useCards = () => useSuspenseQuery(cardsQuery()).data;

function refetchCards(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: walletKeys.cards() });
}

/**
 * POST /v1/me/user-cards {token}: the token the gateway's tokeniser gave for the card
 * (domain/payment-card/card-tokenizer). The card itself never passes through here, so it is never
 * kept in the query client's mutation cache either.
 */
export const useAddCard = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (token: string): Promise<UserCard> =>
      (await load(api().POST('/v1/me/user-cards', { body: { token } }))).data,
    onSuccess: () => refetchCards(client),
  });
};

/** DELETE /v1/me/user-cards/{id}: the server makes the newest other card main if needed. */
export const useDeleteCard = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<void> => {
      await load(api().DELETE('/v1/me/user-cards/{id}', { params: { path: { id } } }));
    },
    onSuccess: () => refetchCards(client),
  });
};

/** PATCH /v1/me/user-cards/{id}/use: this card becomes the only main one. */
export const useSetMainCard = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<string> => {
      await load(api().PATCH('/v1/me/user-cards/{id}/use', { params: { path: { id } } }));
      return id;
    },
    onSuccess: (id) => {
      client.setQueryData<CardList>(walletKeys.cards(), (list) =>
        list ? { ...list, items: list.items.map((card) => ({ ...card, is_main: card.id === id })) } : list,
      );
      return refetchCards(client);
    },
  });
};

// ---- Points -----------------------------------------------------------------------------------

export interface PointHistoryPage {
  items: PointHistory[];
  pagination: Pagination;
}

export const pointsQuery = () =>
  queryOptions({
    queryKey: walletKeys.points(),
    queryFn: async ({ signal }): Promise<PointBalance> => (await load(api().GET('/v1/me/points', { signal }))).data,
  });

export const pointHistoriesQuery = (page: number) =>
  queryOptions({
    queryKey: walletKeys.pointHistories(page),
    queryFn: async ({ signal }): Promise<PointHistoryPage> => {
      const { data, pagination } = await load(
        api().GET('/v1/me/point-histories', {
          params: { query: { page, per: POINTS_PER_PAGE } },
          signal,
        }),
      );
      const items = data.data;
      return {
        items,
        pagination: pagination ?? { total: items.length, per: POINTS_PER_PAGE, last: 1, current: page },
      };
    },
  });

export const usePoints = () => useSuspenseQuery(pointsQuery()).data;
export const usePointHistories = (page: number) => useSuspenseQuery(pointHistoriesQuery(page)).data;
