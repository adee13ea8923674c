/**
 * The cart screens' calls (contract "Cart endpoints", S3 settings) through the one typed client
 * (the generated schema has the cart paths since the server merge). Every cart answer
 * passes through domain/cart/cart-store's `publishCart` (token, header count) and lands in the
 * current cart query; failures follow the error catalogue (`handleCartError`) in `useCartAction`.
 */
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { api, load, settle } from '../../api/client';
import { saveDownload } from '../../lib/download';
import type { paths } from '../../api/schema';
import type { BodyOf, JsonOf } from '../../api/types';
import { ensureCartToken, handleCartError, initCart, onCartAnswer, publishCart } from '../../domain/cart/cart-store';
import { MEMBER_QUERY_ROOT, queryClient } from '../../lib/query-client';
import { getCartToken, sessionStore } from '../../api/session';
import type {
  Cart,
  CartOrderSummary,
  CartPaymentOption,
  DecisionData,
  Decision,
  Leadtime,
  SavedCard,
} from './cart-types';

const cartClient = () => api();

export const cartKeys = {
  all: ['cart'] as const,
  current: () => ['cart', 'current'] as const,
  payments: (token: string) => ['cart', 'payments', token] as const,
  leadtimes: (token: string, keys: readonly string[]) => ['cart', 'leadtimes', token, ...keys] as const,
  order: (orderNo: string) => ['cart', 'order', orderNo] as const,
  addresses: () => [...MEMBER_QUERY_ROOT, 'user-addresses', 'cart'] as const,
  cards: () => [...MEMBER_QUERY_ROOT, 'user-cards', 'cart'] as const,
};

// Every cart answer, from whichever call, becomes the current cart (the lib's listener sees the
// shape its rules need; every real answer is the full cart JSON — the empty placeholder
// published after an order has no token and is skipped).
onCartAnswer((cart) => {
  if (cart.token) queryClient.setQueryData(cartKeys.current(), cart as Cart);
});

/** The cart's PATCH paths (each answers the cart). */
type PatchPath = Extract<
  | '/v1/carts/reset'
  | '/v1/carts/shippings/reset'
  | '/v1/carts/products/modify'
  | '/v1/carts/products/delete'
  | '/v1/carts/accessories/modify'
  | '/v1/carts/products/divide'
  | '/v1/carts/accessories/delete'
  | '/v1/carts/products/embroidery'
  | '/v1/carts/shippings/add'
  | '/v1/carts/shippings/modify'
  | '/v1/carts/shippings/delete'
  | '/v1/carts/packings/add'
  | '/v1/carts/packings/modify'
  | '/v1/carts/order/modify'
  | '/v1/carts/other/modify'
  | '/v1/carts/coupons/add'
  | '/v1/carts/coupons/delete'
  | '/v1/carts/point'
  | '/v1/carts/transaction/error/delete'
  | '/v1/carts/social/receiver',
  keyof paths
>;

/** A PATCH /v1/carts/… call; its answer is published. */
export async function patchCart<P extends PatchPath>(path: P, body: BodyOf<P, 'patch'>): Promise<Cart> {
  // openapi-fetch cannot check a body against a union of paths: each caller's body is checked
  // against its own path by the signature above.
  const { data } = await load(
    cartClient().PATCH(path as '/v1/carts/reset', { body: body as BodyOf<'/v1/carts/reset', 'patch'> }),
  );
  return publishCart(data);
}

/**
 * The cart of this browser (or member), re-initialised with `invalid_product` on every screen
 * visit so lines gone or no longer on sale drop out (their names come back in removed_products).
 * Null when there is no cart yet: a visitor who never added anything.
 */
export const currentCartQuery = () =>
  queryOptions({
    queryKey: cartKeys.current(),
    queryFn: async (): Promise<Cart | null> => {
      if (getCartToken() === null && !sessionStore.get().isLogin) return null;
      return initCart({ invalidProduct: true });
    },
    staleTime: 0,
  });

export const useCurrentCart = () => useQuery(currentCartQuery());

export const paymentsQuery = (token: string) =>
  queryOptions({
    queryKey: cartKeys.payments(token),
    queryFn: async ({ signal }): Promise<CartPaymentOption[]> =>
      (await load(cartClient().GET('/v1/payments/carts/{token}', { params: { path: { token } }, signal }))).data,
    staleTime: 0,
  });

export const leadtimesQuery = (token: string, keys: readonly string[]) =>
  queryOptions({
    queryKey: cartKeys.leadtimes(token, keys),
    queryFn: async ({ signal }): Promise<Leadtime[]> =>
      (
        await load(
          cartClient().GET('/v1/shipping-leadtime/carts/{token}', {
            params: { path: { token }, query: { 'keys[]': [...keys], choiceMode: 'date' } },
            signal,
          }),
        )
      ).data,
    staleTime: 60_000,
  });

export type CartAddress = JsonOf<'/v1/me/user-addresses'>['data'][number];

/** The member's address book (first page of 100; the book's limit is smaller). */
export const addressesQuery = () =>
  queryOptions({
    queryKey: cartKeys.addresses(),
    queryFn: async ({ signal }): Promise<CartAddress[]> =>
      (await load(api().GET('/v1/me/user-addresses', { params: { query: { page: 1, per: 100 } }, signal }))).data.data,
  });

export const savedCardsQuery = () =>
  queryOptions({
    queryKey: cartKeys.cards(),
    queryFn: async ({ signal }): Promise<SavedCard[]> => {
      const { data } = await load(cartClient().GET('/v1/me/user-cards', { signal }));
      return Array.isArray(data) ? data : data.data;
    },
  });

export const orderSummaryQuery = (orderNo: string, token: string) =>
  queryOptions({
    queryKey: cartKeys.order(orderNo),
    queryFn: async ({ signal }): Promise<CartOrderSummary> =>
      (
        await load(
          cartClient().GET('/v1/carts/order/{order_no}', {
            params: { path: { order_no: orderNo }, query: { token } },
            signal,
          }),
        )
      ).data,
    retry: false,
  });

/** POST /v1/carts/{token}/decision. */
export async function decide(token: string): Promise<Decision> {
  return (await load(cartClient().POST('/v1/carts/{token}/decision', { params: { path: { token } }, body: {} }))).data;
}

/** GET /v1/carts/{token}/download/quotation → the cart's 御見積書 (PDF), saved under its suggested name. */
export async function downloadQuotation(token: string): Promise<string | null> {
  const outcome = await settle(
    cartClient().GET('/v1/carts/{token}/download/quotation', { params: { path: { token } }, parseAs: 'blob' }),
  );
  if (outcome.kind !== 'ok') return null;
  return saveDownload(outcome.data as Blob, outcome.response, '御見積書.pdf');
}

/** GET /v1/ecommerce_events/{id}?token= (the purchase event's decision data). */
export async function decisionData(id: string, token: string | null): Promise<DecisionData> {
  return (
    await load(
      cartClient().GET('/v1/ecommerce_events/{id}', {
        params: { path: { id }, query: token ? { token } : {} },
      }),
    )
  ).data;
}

/**
 * A cart change as a mutation: the token is the stored one (or a new cart's), failures go
 * through the error catalogue with the screen's path (field errors stay with the form).
 */
export function useCartAction<V>(fn: (token: string, vars: V) => Promise<Cart>) {
  const { pathname } = useLocation();
  return useMutation({
    mutationFn: async (vars: V) => fn(await ensureCartToken(), vars),
    onError: (error) => {
      void handleCartError(error, pathname);
    },
    onSuccess: (_cart, _vars) => {
      void queryClient.invalidateQueries({ queryKey: ['cart', 'payments'] });
    },
  });
}
