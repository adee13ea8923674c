/**
 * Saved cards, coupons and points (spec 001 §3–§4, §7; contract S3 wallet endpoints). A card is
 * added with the gateway's token only (lib/card-tokenizer); only one card is main, and moving
 * the mark refetches the list. Taking a coupon turns its is_taken from false to true in place.
 */
import { queryOptions, useMutation, useQueryClient, useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { load, type Pagination } from '../../api/client';
import { MEMBER_QUERY_ROOT } from '../../lib/query-client';
import { listItems, walletApi, type Coupon, type PointBalance, type PointHistory, type UserCard } from './wallet-types';

export const CARDS_PER_PAGE = 10;
export const POINTS_PER_PAGE = 10;
/** Spec 001 §9 names no card limit; the contract's default is 5. */
export const DEFAULT_CARD_LIMIT = 5;

export const walletKeys = {
  cards: () => [...MEMBER_QUERY_ROOT, 'user-cards'] as const,
  points: () => [...MEMBER_QUERY_ROOT, 'points'] as const,
  pointHistories: (page: number) => [...MEMBER_QUERY_ROOT, 'point-histories', { page }] as const,
  /** Public coupons for visitors, the member's view (is_taken) for members. */
  coupons: (member: boolean) => (member ? ([...MEMBER_QUERY_ROOT, 'coupons'] as const) : (['coupons'] as const)),
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
      const call = walletApi().GET('/v1/me/user-cards', { params: { query: { per: '50' } }, signal });
      const { data } = await load(call);
      const { response } = await call;
      return { items: listItems(data), limit: readLimit(response.headers) };
    },
  });

export const useCards = () => useSuspenseQuery(cardsQuery()).data;

function refetchCards(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: walletKeys.cards() });
}

/**
 * POST /v1/me/user-cards {token}: the token the gateway's tokeniser gave for the card
 * (lib/card-tokenizer). The card itself never passes through here, so it is never kept in the
 * query client's mutation cache either.
 */
export const useAddCard = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (token: string): Promise<UserCard> =>
      (await load(walletApi().POST('/v1/me/user-cards', { body: { token } }))).data,
    onSuccess: () => refetchCards(client),
  });
};

/** DELETE /v1/me/user-cards/{id}: the server makes the newest other card main if needed. */
export const useDeleteCard = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<void> => {
      await load(walletApi().DELETE('/v1/me/user-cards/{id}', { params: { path: { id } } }));
    },
    onSuccess: () => refetchCards(client),
  });
};

/** PATCH /v1/me/user-cards/{id}/use: this card becomes the only main one. */
export const useSetMainCard = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<string> => {
      await load(walletApi().PATCH('/v1/me/user-cards/{id}/use', { params: { path: { id } } }));
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
    queryFn: async ({ signal }): Promise<PointBalance> =>
      (await load(walletApi().GET('/v1/me/points', { signal }))).data,
  });

export const pointHistoriesQuery = (page: number) =>
  queryOptions({
    queryKey: walletKeys.pointHistories(page),
    queryFn: async ({ signal }): Promise<PointHistoryPage> => {
      const { data, pagination } = await load(
        walletApi().GET('/v1/me/point-histories', {
          params: { query: { page: String(page), per: String(POINTS_PER_PAGE) } },
          signal,
        }),
      );
      const items = listItems(data);
      return {
        items,
        pagination: pagination ?? { total: items.length, per: POINTS_PER_PAGE, last: 1, current: page },
      };
    },
  });

export const usePoints = () => useSuspenseQuery(pointsQuery()).data;
export const usePointHistories = (page: number) => useSuspenseQuery(pointHistoriesQuery(page)).data;

// ---- Coupons ----------------------------------------------------------------------------------

export const couponsQuery = (member: boolean) =>
  queryOptions({
    queryKey: walletKeys.coupons(member),
    queryFn: async ({ signal }): Promise<Coupon[]> => {
      const options = { params: { query: { per: '50' } }, signal };
      const call = member ? walletApi().GET('/v1/me/coupons', options) : walletApi().GET('/v1/coupons', options);
      return listItems((await load(call)).data);
    },
  });

export const useCoupons = (member: boolean) => useSuspenseQuery(couponsQuery(member)).data;

/** POST /v1/me/coupons {coupon_id, page}: the coupon comes back with is_taken true. */
export const useTakeCoupon = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ couponId, page }: { couponId: string; page: string }): Promise<Coupon> =>
      (await load(walletApi().POST('/v1/me/coupons', { body: { coupon_id: couponId, page } }))).data,
    onSuccess: (taken, { couponId }) => {
      client.setQueryData<Coupon[]>(walletKeys.coupons(true), (list) =>
        list?.map((coupon) => (coupon.id === couponId ? { ...coupon, ...taken, is_taken: true } : coupon)),
      );
    },
  });
};
