/**
 * The recipient's calls (docs/social-gift-api.md, "Recipient side") as query-option factories and
 * plain calls, and what their failures mean for the screens: a 404 `social_gift.accepted` goes to
 * the completion, any other 404 (wrong or replaced link, expired, cancelled) is a full page in the
 * server's words.
 */
import { queryOptions } from '@tanstack/react-query';
import { api, load } from '../../api/client';
import { ApiError } from '../../lib/api-error';
import type {
  GiftAcceptBody,
  GiftAddress,
  GiftCheckDeliveryBody,
  GiftCompletion,
  GiftLeadtime,
  GiftProducts,
} from './gift-types';

export const GIFT_CODES = {
  notFound: 'social_gift.not_found',
  expired: 'social_gift.expired',
  cancelled: 'social_gift.cancelled',
  accepted: 'social_gift.accepted',
} as const;

/** The contract's words for a wrong link, for a page that has no token to ask about. */
export const GIFT_NOT_FOUND_MESSAGE = 'ギフトが見つかりません。URLをご確認ください。';

export const giftKeys = {
  all: ['social-gift'] as const,
  products: (token: string) => [...giftKeys.all, token, 'products'] as const,
  completion: (token: string) => [...giftKeys.all, token, 'complete'] as const,
  leadtimes: (token: string, postal: string, pref: string) =>
    [...giftKeys.all, token, 'leadtimes', postal, pref] as const,
};

export const giftProductsQuery = (token: string) =>
  queryOptions({
    queryKey: giftKeys.products(token),
    queryFn: async ({ signal }): Promise<GiftProducts> =>
      (
        await load(
          api().GET('/v1/social-gifts/{token}/products', {
            params: { path: { token } },
            signal,
          }),
        )
      ).data,
    retry: false,
  });

export const giftCompletionQuery = (token: string) =>
  queryOptions({
    queryKey: giftKeys.completion(token),
    queryFn: async ({ signal }): Promise<GiftCompletion> =>
      (
        await load(
          api().GET('/v1/social-gifts/{token}/complete', {
            params: { path: { token } },
            signal,
          }),
        )
      ).data,
    retry: false,
  });

export const giftLeadtimesQuery = (token: string, postal: string, pref: string) =>
  queryOptions({
    queryKey: giftKeys.leadtimes(token, postal, pref),
    queryFn: async ({ signal }): Promise<GiftLeadtime[]> =>
      (
        await load(
          api().GET('/v1/shipping-leadtime/input/{token}', {
            params: { path: { token }, query: { postal, pref } },
            signal,
          }),
        )
      ).data,
    retry: false,
    staleTime: 60_000,
  });

/** POST /v1/social-gifts/check/shipping: resolves when the address is fine, else throws the ApiError. */
export async function checkGiftShipping(token: string, shipping: GiftAddress): Promise<void> {
  await load(api().POST('/v1/social-gifts/check/shipping', { body: { token, shipping } }));
}

/** POST /v1/social-gifts/check/delivery. */
export async function checkGiftDelivery(body: GiftCheckDeliveryBody): Promise<void> {
  await load(api().POST('/v1/social-gifts/check/delivery', { body }));
}

/** PUT /v1/social-gifts/{token}: everything checked again, then the gift is accepted. */
export async function acceptGift(token: string, body: GiftAcceptBody): Promise<GiftCompletion> {
  return (await load(api().PUT('/v1/social-gifts/{token}', { params: { path: { token } }, body }))).data;
}

/** What a failed call means for the recipient's screens. */
export type GiftFailure =
  /** The address is already registered: show the completion. */
  | { kind: 'accepted' }
  /** Wrong or replaced link, expired, cancelled: a full page with the server's message. */
  | { kind: 'gone'; code: string; message: string };

export function giftFailure(error: unknown): GiftFailure | null {
  if (!(error instanceof ApiError) || error.handled || error.status !== 404) return null;
  if (error.code === GIFT_CODES.accepted) return { kind: 'accepted' };
  return { kind: 'gone', code: error.code ?? GIFT_CODES.notFound, message: error.message || GIFT_NOT_FOUND_MESSAGE };
}
