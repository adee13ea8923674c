/**
 * What the decision answered that the complete page needs after the cart is gone: the cart token
 * that made the order (GET /v1/carts/order/{no}?token=), the guest's receipt token and the bank
 * details. Kept in sessionStorage for this tab only, by order number.
 */
import { readStorage, session, writeStorage } from '../../lib/storage';
import type { BankAccount, Decision } from './cart-types';

export const DECISIONS_KEY = 'shop.cartDecisions';
const KEEP = 5;

export interface RememberedDecision {
  order_no: string;
  cart_token: string;
  guest_token: string | null;
  payment_code: string;
  total_payment: number;
  bank_account: BankAccount | null;
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

export function rememberDecision(decision: Decision, cartToken: string): void {
  const entry: RememberedDecision = {
    order_no: decision.order_no,
    cart_token: cartToken,
    guest_token: decision.guest_token ?? null,
    payment_code: decision.payment_code,
    total_payment: decision.total_payment,
    bank_account: decision.bank_account ?? null,
  };
  const rest = readAll().filter((d) => d.order_no !== decision.order_no);
  writeStorage(session(), DECISIONS_KEY, JSON.stringify([entry, ...rest].slice(0, KEEP)));
}

export function recallDecision(orderNo: string): RememberedDecision | null {
  return readAll().find((d) => d.order_no === orderNo) ?? null;
}
