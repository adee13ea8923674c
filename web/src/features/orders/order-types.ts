/**
 * The member's orders as the generated schema (api/schema.d.ts) describes them, picked by path so
 * they cannot drift from what the server answers; the calls go through the one client, `api()`.
 */
import type { paths } from '../../api/schema';
import type { BodyOf, JsonOf } from '../../api/types';

export type Order = JsonOf<'/v1/me/orders/{id}'>;
export type OrderShipping = Order['shippings'][number];
export type TaxAmount = Order['amount_by_tax_rate'][number];
/** An order's memo as the order shows it; saving one answers it too. */
export type OrderMemo = NonNullable<Order['memo']>;
/** GET /v1/me/orders: one page, plus the total of the member's orders that are not cancelled. */
export type OrderListBody = JsonOf<'/v1/me/orders'>;
export type OrderSearchQuery = NonNullable<paths['/v1/me/orders']['get']['parameters']['query']>;
/** The receipt's 宛名 and 但し書き (member and guest alike). */
export type ReceiptInput = BodyOf<'/v1/me/orders/{id}/download/receipt', 'put'>;
