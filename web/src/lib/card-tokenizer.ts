/**
 * Card data goes to the payment gateway's tokeniser only, never to the shop API (READING-NOTES:
 * "Card data never reaches the shop API"). The shop names its gateway in
 * GET /v1/settings/payment-service/credit_card (`tokenize_url`, normally the sandbox's
 * POST /sandbox-gateway/tokens); the browser posts the card there and hands the shop the token.
 * Shared by the card screens (/mypage/card/add) and the cart's payment step.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Client } from 'openapi-fetch';
import { ApiError, api, apiInstance, isSilentError, load } from '../api/client';

/** What the card form holds; the number may carry spaces or hyphens (the gateway drops them). */
export interface CardInput {
  number: string;
  /** Roman letters, as embossed on the card. */
  holder_name: string;
  exp_month: number;
  exp_year: number;
  security_code: string;
}

/** The tokeniser's 201 answer: only this (never the card) is sent to the shop. */
export interface CardToken {
  token: string;
  brand: string;
  masked_number: string;
  /** `YYYY-MM`. */
  expiration: string;
  holder_name: string;
}

/** GET /v1/settings/payment-service/{code} (contract: S3 wallet endpoints). */
export interface CardService {
  code: string;
  gateway: string;
  tokenize_url: string;
  public_key: string;
  brands: string[];
  test_cards: unknown[];
}

/**
 * The settings path is not in the generated schema yet: its type lives here, cast once, so the
 * generated `paths` can replace it later.
 */
interface CardServicePaths {
  '/v1/settings/payment-service/{code}': {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: {
      parameters: { query?: never; header?: never; path: { code: string }; cookie?: never };
      requestBody?: never;
      responses: { 200: { headers: { [name: string]: unknown }; content: { 'application/json': CardService } } };
    };
  };
}

const serviceClient = () => api() as unknown as Client<CardServicePaths>;

export const CARD_SERVICE_CODE = 'credit_card';

/** The message over the form when the gateway refuses without naming a field. */
export const CARD_REJECTED_MESSAGE = 'カード情報を確認できませんでした。入力内容をご確認ください。';

/** Form fields the gateway's 422 names: number, holder_name, expiration, security_code. */
export type CardErrorField = 'number' | 'holder_name' | 'expiration' | 'security_code';

export const cardServiceQuery = () =>
  queryOptions({
    queryKey: ['settings', 'payment-service', CARD_SERVICE_CODE] as const,
    queryFn: async ({ signal }): Promise<CardService> =>
      (
        await load(
          serviceClient().GET('/v1/settings/payment-service/{code}', {
            params: { path: { code: CARD_SERVICE_CODE } },
            signal,
          }),
        )
      ).data,
    staleTime: 10 * 60_000,
  });

/** Digits only: what the tokeniser expects of a number typed with spaces or hyphens. */
export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, '').replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0));
}

/**
 * Where the card goes: `tokenize_url` against the API's origin. Only a same-origin path or an
 * https address is accepted, so a broken setting cannot send card data in clear text.
 */
export function tokenizeEndpoint(tokenizeUrl: string, baseUrl: string): string {
  const base = baseUrl || window.location.origin;
  const url = new URL(tokenizeUrl, `${base.replace(/\/+$/, '')}/`);
  const sameOrigin = url.origin === new URL(base, window.location.href).origin;
  if (!sameOrigin && url.protocol !== 'https:') {
    throw new Error(`refusing to send card data to ${url.origin}`);
  }
  return url.toString();
}

function errorsOf(raw: unknown): Record<string, string[]> {
  if (!raw || typeof raw !== 'object') return {};
  const errors = (raw as { errors?: unknown }).errors;
  if (!errors || typeof errors !== 'object') return {};
  const out: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(errors as Record<string, unknown>)) {
    const list = (Array.isArray(value) ? value : [value]).filter((m): m is string => typeof m === 'string');
    if (list.length > 0) out[key] = list;
  }
  return out;
}

/**
 * POSTs the card to the gateway's tokeniser and answers its token. Sent with the channel header
 * the gateway is scoped by, but without the member's bearer token or cookies: the gateway is not
 * the shop. A refusal is an `ApiError` whose `errors` name the form's fields (422), so
 * lib/form-errors can put them on the fields; other failures carry the gateway's message.
 */
export async function tokenizeCard(card: CardInput, tokenizeUrl: string): Promise<CardToken> {
  const { deps } = apiInstance();
  const headers = new Headers({ 'Content-Type': 'application/json', Accept: 'application/json' });
  if (deps.channel) headers.set('X-Channel', deps.channel);
  const body = JSON.stringify({
    number: cardDigits(card.number),
    holder_name: card.holder_name.trim().toUpperCase(),
    exp_month: card.exp_month,
    exp_year: card.exp_year,
    security_code: card.security_code.trim(),
  });
  const response = await deps.fetch(tokenizeEndpoint(tokenizeUrl, deps.baseUrl), {
    method: 'POST',
    headers,
    body,
    credentials: 'omit',
  });
  let raw: unknown = null;
  try {
    raw = await response.json();
  } catch {
    raw = null;
  }
  if (!response.ok) {
    const message =
      raw && typeof raw === 'object' && typeof (raw as { message?: unknown }).message === 'string'
        ? (raw as { message: string }).message
        : CARD_REJECTED_MESSAGE;
    throw new ApiError(response.status, { message, errors: errorsOf(raw) });
  }
  const token = raw as CardToken | null;
  if (!token || typeof token.token !== 'string' || token.token === '') {
    throw new ApiError(response.status, { message: CARD_REJECTED_MESSAGE });
  }
  return token;
}

/** The tokeniser's and the shop's failures alike, in words for the card form (null: already handled). */
export function cardErrorMessage(error: unknown): string | null {
  if (isSilentError(error)) return null;
  return error instanceof ApiError && error.message ? error.message : CARD_REJECTED_MESSAGE;
}
