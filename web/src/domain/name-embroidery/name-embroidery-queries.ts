/**
 * The member's name embroidery presets (docs/member-area-api.md, "Name embroidery (名入れ刺繍)"):
 * the types picked from the generated schema and one list query shared by the preset screens and
 * the cart's 名入れ刺繍 select, so saving a preset refreshes both through the same key.
 */
import { queryOptions } from '@tanstack/react-query';
import { MEMBER_QUERY_ROOT } from '../../lib/query-client';
import { api, load } from '../../api/client';
import type { BodyOf, JsonOf } from '../../api/types';

type PresetListAnswer = JsonOf<'/v1/me/name-embroideries'>;
export type EmbroideryPreset = PresetListAnswer['data'][number];
/** `{ typefaces, colors, positions }`, each `{ value, label }[]` (ブロック体, 白, 左胸 …). */
export type EmbroideryOptions = PresetListAnswer['options'];
export type EmbroideryInput = BodyOf<'/v1/me/name-embroideries', 'post'>;

/** The contract's cap when the answer names no `x-limit`. */
export const DEFAULT_EMBROIDERY_LIMIT = 5;

export const embroideryKeys = {
  all: [...MEMBER_QUERY_ROOT, 'name-embroideries'] as const,
  list: () => [...embroideryKeys.all, 'list'] as const,
};

export interface EmbroideryPresetList {
  items: EmbroideryPreset[];
  options: EmbroideryOptions;
  /** How many presets the member may keep (`x-limit`). */
  limit: number;
}

export function readEmbroideryLimit(headers: Headers): number {
  const value = Number(headers.get('x-limit') ?? '');
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_EMBROIDERY_LIMIT;
}

export const embroideryPresetsQuery = () =>
  queryOptions({
    queryKey: embroideryKeys.list(),
    queryFn: async ({ signal }): Promise<EmbroideryPresetList> => {
      const call = api().GET('/v1/me/name-embroideries', { signal });
      const { data } = await load(call);
      const { response } = await call;
      return { items: data.data, options: data.options, limit: readEmbroideryLimit(response.headers) };
    },
  });
