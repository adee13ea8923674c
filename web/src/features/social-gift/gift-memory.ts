/**
 * The recipient's way through the steps (/social-gift → shipping → delivery → confirm →
 * /social-gift/<token>/complete): the link's token and what the person entered, kept in
 * sessionStorage — this tab only, gone when it closes, never in localStorage — so a reload or a
 * step back keeps them. An address and a date are kept only once the server has checked them;
 * each step sends the person back to the first one not done yet.
 */
import { readStorage, session, writeStorage } from '../../lib/storage';
import type { GiftAddress } from './gift-types';

export const GIFT_MEMORY_KEY = 'shop.socialGift';

export interface GiftDeliveryChoice {
  /** `YYYY-MM-DD`, or null for 指定なし. */
  delivery_at: string | null;
  delivery_timezone: string | null;
  /** The labels the lead time gave, for the confirm page. */
  date_label: string | null;
  timezone_label: string | null;
}

export interface GiftMemory {
  token: string;
  /** The checked address (POST …/check/shipping answered ok). */
  shipping: GiftAddress | null;
  /** The checked date and slot (POST …/check/delivery answered ok). */
  delivery: GiftDeliveryChoice | null;
}

export type GiftStep = 'gift' | 'shipping' | 'delivery' | 'confirm';

export const GIFT_PATHS = {
  gift: '/social-gift',
  shipping: '/social-gift/shipping',
  delivery: '/social-gift/delivery',
  confirm: '/social-gift/confirm',
} as const satisfies Record<GiftStep, string>;

/** The completion page of a link: its token is in the path, so the page works from any tab. */
export const completePath = (token: string) => `/social-gift/${encodeURIComponent(token)}/complete`;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

export function readGiftMemory(): GiftMemory | null {
  const raw = readStorage(session(), GIFT_MEMORY_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as unknown;
    if (!isRecord(value) || typeof value.token !== 'string' || value.token === '') return null;
    return {
      token: value.token,
      shipping: isRecord(value.shipping) ? (value.shipping as unknown as GiftAddress) : null,
      delivery: isRecord(value.delivery) ? (value.delivery as unknown as GiftDeliveryChoice) : null,
    };
  } catch {
    return null;
  }
}

function write(memory: GiftMemory): GiftMemory {
  writeStorage(session(), GIFT_MEMORY_KEY, JSON.stringify(memory));
  return memory;
}

/** The link's token: a different link starts afresh (nothing of another gift carries over). */
export function rememberGiftToken(token: string): GiftMemory {
  const memory = readGiftMemory();
  if (memory && memory.token === token) return memory;
  return write({ token, shipping: null, delivery: null });
}

/**
 * The checked address. The date stays only while the postal code and prefecture are the same:
 * the dates offered depend on them.
 */
export function saveGiftShipping(shipping: GiftAddress): GiftMemory | null {
  const memory = readGiftMemory();
  if (!memory) return null;
  const same =
    memory.shipping?.postal_code === shipping.postal_code && memory.shipping?.prefecture === shipping.prefecture;
  return write({ ...memory, shipping, delivery: same ? memory.delivery : null });
}

export function saveGiftDelivery(delivery: GiftDeliveryChoice): GiftMemory | null {
  const memory = readGiftMemory();
  if (!memory?.shipping) return null;
  return write({ ...memory, delivery });
}

/** After the gift is accepted: nothing of the person's stays in the tab. */
export function forgetGift(): void {
  writeStorage(session(), GIFT_MEMORY_KEY, null);
}

/** Where a step sends the person when an earlier one is not done, or null when it may show. */
export function stepRedirect(memory: GiftMemory | null, step: GiftStep): string | null {
  if (step === 'gift') return null;
  if (!memory) return GIFT_PATHS.gift;
  if (step === 'shipping') return null;
  if (!memory.shipping) return GIFT_PATHS.shipping;
  if (step === 'delivery') return null;
  if (!memory.delivery) return GIFT_PATHS.delivery;
  return null;
}

/** The address fields of the form and the API (also the server's 422 keys). */
export const ADDRESS_FIELDS = [
  'shipping_last_name',
  'shipping_first_name',
  'shipping_last_name_kana',
  'shipping_first_name_kana',
  'postal_code',
  'prefecture',
  'city',
  'address1',
  'address2',
  'phone_number',
  'cell_phone_number',
  'email',
] as const satisfies readonly (keyof GiftAddress)[];

export const DELIVERY_FIELDS = ['delivery_at', 'delivery_timezone'] as const;

/**
 * The step whose field a 422 of the final PUT names: the address step for an address field
 * (`shipping_last_name`, `shipping.postal_code` …), the delivery step for the date or slot, else none.
 */
export function stepOfErrors(errors: Record<string, unknown>): 'shipping' | 'delivery' | null {
  const keys = Object.keys(errors).map((key) => key.split('.').pop() ?? key);
  if (keys.some((key) => (ADDRESS_FIELDS as readonly string[]).includes(key))) return 'shipping';
  if (keys.some((key) => (DELIVERY_FIELDS as readonly string[]).includes(key))) return 'delivery';
  return null;
}
