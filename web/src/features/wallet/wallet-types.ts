/**
 * Saved cards and points as the generated schema (api/schema.d.ts) describes them, picked by path
 * so they cannot drift from what the server answers; the calls go through the one client, `api()`.
 * Coupons are the shop's (domain/coupons): landing pages show them too.
 */
import type { JsonOf } from '../../api/types';

export type UserCard = JsonOf<'/v1/me/user-cards', 'post'>;
export type PointBalance = JsonOf<'/v1/me/points'>;
export type PointHistory = JsonOf<'/v1/me/point-histories'>['data'][number];
