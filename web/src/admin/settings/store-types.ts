/**
 * ショップ情報's API shapes, picked from the generated schema by path (never written by hand): the
 * shop's details as the server has them (normalised) and the body 保存する sends.
 */
import type { BodyOf, JsonOf } from '../../api/types';

/** ショップ名, 所在地・電話番号, インボイス登録番号, お問い合わせ受付 and the group's version (GET /v1/admin/settings/store). */
export type StoreInfoSettings = JsonOf<'/v1/admin/settings/store'>;
/** 保存する (PUT /v1/admin/settings/store): the four fields as typed, with the version read. */
export type StoreInfoInput = BodyOf<'/v1/admin/settings/store', 'put'>;
