/**
 * メンテナンスモード's API shapes, picked from the generated schema by path (never written by
 * hand): the switch and its texts as the server has them, and the body 保存する sends.
 */
import type { BodyOf, JsonOf } from '../../api/types';

/** Whether the shop is closed, the maintenance page's title and message, and the group's version (GET /v1/admin/settings/maintenance). */
export type MaintenanceSettings = JsonOf<'/v1/admin/settings/maintenance'>;
/** 保存する (PUT /v1/admin/settings/maintenance): the switch and both texts, with the version read. */
export type MaintenanceInput = BodyOf<'/v1/admin/settings/maintenance', 'put'>;
