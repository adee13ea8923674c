/**
 * 送料設定's API shapes, picked from the generated schema by path (never written by hand): the
 * setting as the server has it and the body 保存する sends; with the six regions the screen
 * groups the 47 prefectures by (by name, in the JIS order of PREFECTURES).
 */
import type { BodyOf, JsonOf } from '../../api/types';
import { PREFECTURES } from '../orders/order-labels';

/** The carriage of the 47 prefectures (JIS order), 離島の追加送料, 送料無料 and the version (GET /v1/admin/settings/carriage). */
export type CarriageSettings = JsonOf<'/v1/admin/settings/carriage'>;
/** 保存する (PUT /v1/admin/settings/carriage): the whole setting with the version read. */
export type CarriageInput = BodyOf<'/v1/admin/settings/carriage', 'put'>;
/** One prefecture's carriage as the server has it. */
export type PrefectureFee = CarriageSettings['prefectures'][number];

export interface Region {
  name: string;
  /** The region's first and last prefecture in JIS order. */
  first: string;
  last: string;
}

export const REGIONS: readonly Region[] = [
  { name: '北海道・東北', first: '北海道', last: '福島県' },
  { name: '関東', first: '茨城県', last: '神奈川県' },
  { name: '中部', first: '新潟県', last: '愛知県' },
  { name: '近畿', first: '三重県', last: '和歌山県' },
  { name: '中国・四国', first: '鳥取県', last: '高知県' },
  { name: '九州・沖縄', first: '福岡県', last: '沖縄県' },
];

/** Where a name the server sends that is no prefecture of PREFECTURES goes (never, in practice). */
const OTHER_REGION = 'その他';

const jisIndex = (prefecture: string): number => (PREFECTURES as readonly string[]).indexOf(prefecture);

/** The region a prefecture belongs to, by its name. */
export function regionOf(prefecture: string): string {
  const at = jisIndex(prefecture);
  const region =
    at < 0 ? undefined : REGIONS.find((candidate) => jisIndex(candidate.first) <= at && at <= jisIndex(candidate.last));
  return region?.name ?? OTHER_REGION;
}

/** A prefecture of the form: its name and its place in the server's list (its field is `prefectures.<index>.fee`). */
export interface PrefectureRow {
  index: number;
  prefecture: string;
}

export interface RegionGroup {
  region: string;
  rows: PrefectureRow[];
}

/**
 * The server's rows (always 47, in JIS order) grouped by region, each keeping its place in the
 * list; the regions in their order, a group only when it has rows.
 */
export function groupByRegion(prefectures: readonly { prefecture: string }[]): RegionGroup[] {
  const groups = [...REGIONS.map((region) => region.name), OTHER_REGION].map(
    (region): RegionGroup => ({ region, rows: [] }),
  );
  prefectures.forEach(({ prefecture }, index) => {
    const region = regionOf(prefecture);
    groups.find((group) => group.region === region)?.rows.push({ index, prefecture });
  });
  return groups.filter((group) => group.rows.length > 0);
}
