/**
 * ポイント設定's API shapes, picked from the generated schema by path (never written by hand): the
 * setting as the server has it and the body 保存する sends.
 */
import type { BodyOf, JsonOf } from '../../api/types';

/** The earn rate (a whole percent, 0: points are off) and the version (GET /v1/admin/settings/points). */
export type PointSettings = JsonOf<'/v1/admin/settings/points'>;
/** 保存する (PUT /v1/admin/settings/points): the rate with the version read. */
export type PointSettingsInput = BodyOf<'/v1/admin/settings/points', 'put'>;
