/**
 * 支払方法設定's API shapes, picked from the generated schema by path (never written by hand,
 * docs/contracts/settings-payments.md): the shop's payment methods in the checkout's order with
 * the totals none of them can pay, the body saving one method sends, and the body saving the
 * order sends.
 */
import type { BodyOf, JsonOf } from '../../api/types';

/** Every method, enabled or not, in the checkout's order, and the gaps (GET /v1/admin/settings/payments). */
export type PaymentSettings = JsonOf<'/v1/admin/settings/payments'>;
/** One method as the desk shows it (its fee tiers, the totals it takes, its version). */
export type PaymentMethodSettings = PaymentSettings['data'][number];
/** A range of totals (before the fee) no enabled method takes, with the server's sentence. */
export type PaymentGap = PaymentSettings['gaps'][number];
/** One step of a fee: up to and including `up_to` yen (null: every total above the step before). */
export type FeeTier = PaymentMethodSettings['fee_tiers'][number];
/** 保存する (PUT /v1/admin/settings/payments/{id}): the whole method with the version read. */
export type PaymentMethodInput = BodyOf<'/v1/admin/settings/payments/{id}', 'put'>;
/** 上へ / 下へ (PUT /v1/admin/settings/payments/order): every id in the new order, and the order shown. */
export type PaymentOrderInput = BodyOf<'/v1/admin/settings/payments/order', 'put'>;

/** The method that cannot take a fee (the card companies' merchant rules) and needs a gateway. */
export const CARD_CODE = 'credit_card';

/** The list's address, and one method's editor. */
export const PAYMENTS_PATH = '/admin/settings/payments';
export const paymentEditorPath = (id: string): string => `${PAYMENTS_PATH}/${encodeURIComponent(id)}`;
