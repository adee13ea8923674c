/**
 * Card data goes to the payment gateway's tokeniser only, never to the shop API (READING-NOTES:
 * "Card data never reaches the shop API"). The shop names its gateway in
 * GET /v1/settings/payment-service/credit_card: the in-process sandbox (`POST
 * /sandbox-gateway/tokens`, a JSON card form) or Stripe (`POST <api>/v1/tokens`, form-encoded
 * `card[…]` fields with the shop's publishable key); the browser posts the card there and hands
 * the shop the token. A shop no gateway serves answers 404: the query gives null and the card
 * screens say cards are not taken. Shared by /mypage/card/add and the cart's payment step.
 */
import { queryOptions } from '@tanstack/react-query';
import { api, apiInstance, load } from '../../api/client';
import { ApiError, isSilentError } from '../../lib/api-error';
import type { components } from '../../api/schema';

/** What the card form holds; the number may carry spaces or hyphens (the gateway drops them). */
export interface CardInput {
  number: string;
  /** Roman letters, as embossed on the card. */
  holder_name: string;
  exp_month: number;
  exp_year: number;
  security_code: string;
}

/** The token and what the form may show of the card: only this (never the card) goes to the shop. */
export interface CardToken {
  token: string;
  brand: string;
  masked_number: string;
  /** `YYYY-MM`. */
  expiration: string;
  holder_name: string;
}

/** GET /v1/settings/payment-service/{code}. */
export type CardService = components['schemas']['PaymentService'];

export const CARD_SERVICE_CODE = 'credit_card';

/** The message over the form when the gateway refuses without naming a field. */
export const CARD_REJECTED_MESSAGE = 'カード情報を確認できませんでした。入力内容をご確認ください。';

/** What the card screens say where the shop takes no cards (no gateway serves it). */
export const CARDS_UNAVAILABLE_MESSAGE = 'このショップでは現在クレジットカード決済をご利用いただけません。';

/** Form fields the gateway's refusal names: number, holder_name, expiration, security_code. */
export type CardErrorField = 'number' | 'holder_name' | 'expiration' | 'security_code';

/** The channel's card gateway, or null where the shop takes no cards (404). */
export const cardServiceQuery = () =>
  queryOptions({
    queryKey: ['settings', 'payment-service', CARD_SERVICE_CODE] as const,
    queryFn: async ({ signal }): Promise<CardService | null> => {
      try {
        return (
          await load(
            api().GET('/v1/settings/payment-service/{code}', { params: { path: { code: CARD_SERVICE_CODE } }, signal }),
          )
        ).data;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: 10 * 60_000,
  });

/** Digits only: what the tokeniser expects of a number typed with spaces or hyphens. */
export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, '').replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0));
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Where the card goes: `tokenize_url` against the API's origin. Only a same-origin path or an
 * https address is accepted (plain http only to this machine, for a local stand-in), so a
 * broken setting cannot send card data in clear text.
 */
export function tokenizeEndpoint(tokenizeUrl: string, baseUrl: string): string {
  const base = baseUrl || window.location.origin;
  const url = new URL(tokenizeUrl, `${base.replace(/\/+$/, '')}/`);
  const sameOrigin = url.origin === new URL(base, window.location.href).origin;
  const loopback = url.protocol === 'http:' && LOOPBACK.has(url.hostname);
  if (!sameOrigin && url.protocol !== 'https:' && !loopback) {
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

async function readBody(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

/**
 * The sandbox: a JSON card form, sent with the channel header the sandbox is scoped by but
 * without the member's bearer token or cookies (the gateway is not the shop). A refusal is an
 * `ApiError` whose `errors` name the form's fields (422), so lib/form-errors can put them on
 * the fields; other failures carry the gateway's message.
 */
async function tokenizeAtSandbox(card: CardInput, endpoint: string): Promise<CardToken> {
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
  const response = await deps.fetch(endpoint, { method: 'POST', headers, body, credentials: 'omit' });
  const raw = await readBody(response);
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

/** Stripe's brand names (`Visa`, `MasterCard`, `American Express`, …) as the shop names them. */
export function stripeBrand(brand: string): string {
  const key = brand.toLowerCase().replace(/\s+/g, '');
  const brands: Record<string, string> = {
    visa: 'VISA',
    mastercard: 'MASTER',
    jcb: 'JCB',
    amex: 'AMEX',
    americanexpress: 'AMEX',
    diners: 'DINERS',
    dinersclub: 'DINERS',
  };
  return brands[key] ?? 'OTHER';
}

/** Stripe's card error codes (HTTP 402 `card_error`) as the form's field and Japanese message. */
const STRIPE_CARD_ERRORS: Record<string, [CardErrorField, string]> = {
  incorrect_number: ['number', 'カード番号が正しくありません。'],
  invalid_number: ['number', 'カード番号が正しくありません。'],
  invalid_expiry_month: ['expiration', '有効期限が正しくありません。'],
  invalid_expiry_year: ['expiration', '有効期限が正しくありません。'],
  expired_card: ['expiration', 'カードの有効期限が切れています。'],
  invalid_cvc: ['security_code', 'セキュリティコードが正しくありません。'],
  incorrect_cvc: ['security_code', 'セキュリティコードが正しくありません。'],
};

/**
 * Stripe: the card as Stripe's token endpoint takes it (form-encoded `card[…]`), authorised by
 * the shop's publishable key; no shop header, no cookies. Stripe's English refusals become the
 * form's Japanese field errors.
 */
async function tokenizeAtStripe(card: CardInput, endpoint: string, publicKey: string): Promise<CardToken> {
  const { deps } = apiInstance();
  const body = new URLSearchParams({
    'card[number]': cardDigits(card.number),
    'card[exp_month]': String(card.exp_month),
    'card[exp_year]': String(card.exp_year),
    'card[cvc]': card.security_code.trim(),
    'card[name]': card.holder_name.trim().toUpperCase(),
  });
  const headers = new Headers({
    'Content-Type': 'application/x-www-form-urlencoded',
    Accept: 'application/json',
    Authorization: `Bearer ${publicKey}`,
  });
  const response = await deps.fetch(endpoint, { method: 'POST', headers, body: body.toString(), credentials: 'omit' });
  const raw = (await readBody(response)) as {
    id?: unknown;
    card?: { brand?: string; last4?: string; exp_month?: number; exp_year?: number; name?: string | null };
    error?: { type?: string; code?: string };
  } | null;
  if (!response.ok) {
    const known = raw?.error?.code ? STRIPE_CARD_ERRORS[raw.error.code] : undefined;
    if (known) {
      const [field, message] = known;
      throw new ApiError(422, { message, errors: { [field]: [message] } });
    }
    const message =
      raw?.error?.type === 'card_error'
        ? 'カードが承認されませんでした。別のカードをお使いください。'
        : CARD_REJECTED_MESSAGE;
    throw new ApiError(response.status, { message });
  }
  if (!raw || typeof raw.id !== 'string' || raw.id === '' || !raw.card) {
    throw new ApiError(response.status, { message: CARD_REJECTED_MESSAGE });
  }
  const { brand = '', last4 = '', exp_month: month = 0, exp_year: year = 0, name } = raw.card;
  return {
    token: raw.id,
    brand: stripeBrand(brand),
    masked_number: `************${last4}`,
    expiration: `${year}-${String(month).padStart(2, '0')}`,
    holder_name: name ?? card.holder_name.trim().toUpperCase(),
  };
}

/** POSTs the card to the channel's gateway and answers its token (see the module comment). */
export async function tokenizeCard(
  card: CardInput,
  service: Pick<CardService, 'gateway' | 'tokenize_url' | 'public_key'>,
): Promise<CardToken> {
  const endpoint = tokenizeEndpoint(service.tokenize_url, apiInstance().deps.baseUrl);
  return service.gateway === 'stripe'
    ? tokenizeAtStripe(card, endpoint, service.public_key)
    : tokenizeAtSandbox(card, endpoint);
}

/** The tokeniser's and the shop's failures alike, in words for the card form (null: already handled). */
export function cardErrorMessage(error: unknown): string | null {
  if (isSilentError(error)) return null;
  return error instanceof ApiError && error.message ? error.message : CARD_REJECTED_MESSAGE;
}
