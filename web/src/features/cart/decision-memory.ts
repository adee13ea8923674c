/**
 * What the decision answered that the complete page needs after the cart is gone: the cart token
 * that made the order (GET /v1/carts/order/{no}?token=), the guest's receipt token, the bank
 * details and a social gift's URL (the server shows it once and keeps only its hash). Kept in
 * sessionStorage for this tab only, by order number, so a reload of the complete page still
 * shows them.
 */
import { readStorage, session, writeStorage } from '../../lib/storage';
import type { BankAccount, Decision, DecisionGift } from './cart-types';

export const DECISIONS_KEY = 'shop.cartDecisions';
const KEEP = 5;

export interface RememberedDecision {
  order_no: string;
  cart_token: string;
  guest_token: string | null;
  payment_code: string;
  total_payment: number;
  bank_account: BankAccount | null;
  /** Absent in entries written before social gifts. */
  social_gift?: DecisionGift | null;
}

function readAll(): RememberedDecision[] {
  const raw = readStorage(session(), DECISIONS_KEY);
  if (!raw) return [];
  try {
    const parsed = JSON.parse(raw) as unknown;
    return Array.isArray(parsed) ? (parsed as RememberedDecision[]) : [];
  } catch {
    return [];
  }
}

/**
 * Keeps the decision's answer. A retried decision of a settled order answers the one-time values
 * (guest token, gift URL) as null: the ones kept from the first answer stay.
 */
export function rememberDecision(decision: Decision, cartToken: string): void {
  const all = readAll();
  const before = all.find((d) => d.order_no === decision.order_no);
  const entry: RememberedDecision = {
    order_no: decision.order_no,
    cart_token: cartToken,
    guest_token: decision.guest_token ?? before?.guest_token ?? null,
    payment_code: decision.payment_code,
    total_payment: decision.total_payment,
    bank_account: decision.bank_account ?? null,
    social_gift: decision.social_gift ?? before?.social_gift ?? null,
  };
  const rest = all.filter((d) => d.order_no !== decision.order_no);
  writeStorage(session(), DECISIONS_KEY, JSON.stringify([entry, ...rest].slice(0, KEEP)));
}

export function recallDecision(orderNo: string): RememberedDecision | null {
  return readAll().find((d) => d.order_no === orderNo) ?? null;
}

/** A re-issued gift URL replaces the one kept (the old one no longer works). */
export function rememberGiftLink(orderNo: string, link: DecisionGift): void {
  const all = readAll();
  if (!all.some((d) => d.order_no === orderNo)) return;
  const next = all.map((d) => (d.order_no === orderNo ? { ...d, social_gift: link } : d));
  writeStorage(session(), DECISIONS_KEY, JSON.stringify(next));
}
