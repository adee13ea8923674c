/**
 * IPアドレス制限's API shapes, picked from the generated schema by path (never written by hand): the
 * list as the server has it (with the caller's own address) and the body 保存する sends.
 */
import type { BodyOf, JsonOf } from '../../api/types';

/** The entries, the version and `current_ip` (GET /v1/admin/settings/ip-allowlist). */
export type IpAllowlist = JsonOf<'/v1/admin/settings/ip-allowlist'>;
/** 保存する (PUT /v1/admin/settings/ip-allowlist): the lines as typed, with the version read. */
export type IpAllowlistInput = BodyOf<'/v1/admin/settings/ip-allowlist', 'put'>;
