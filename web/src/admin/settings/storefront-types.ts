/**
 * ご利用設定's API shapes, picked from the generated schema by path (never written by hand): the
 * shop's switches as the server has them and the body 保存する sends.
 */
import type { BodyOf, JsonOf } from '../../api/types';

/** The switches (selling stopped, several addresses, member checks, login safety) and the group's version (GET /v1/admin/settings/storefront). */
export type StorefrontSettings = JsonOf<'/v1/admin/settings/storefront'>;
/** 保存する (PUT /v1/admin/settings/storefront): every switch, with the version read. */
export type StorefrontInput = BodyOf<'/v1/admin/settings/storefront', 'put'>;
