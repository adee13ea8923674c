/**
 * お知らせ管理's API shapes (docs/contracts/news-desk.md), picked from the generated schema by
 * path (never written by hand): the list's line (NewsDeskSummary), the item as the editor reads
 * it (NewsDesk) and the bodies 保存する sends (NewsDeskInput, with `key` on a create and
 * `version` on a save).
 */
import type { paths } from '../../api/schema';
import type { BodyOf, JsonOf } from '../../api/types';

/** One line of the list (GET /v1/admin/news), newest `published_at` first. */
export type NewsDeskSummary = JsonOf<'/v1/admin/news'>['data'][number];
/** 公開中 / 公開予約 / 下書き. */
export type NewsStatus = NewsDeskSummary['status'];
/** The item as the editor reads it (GET /v1/admin/news/{id}): the summary, `summary`, `body` and `body_html`. */
export type NewsDesk = JsonOf<'/v1/admin/news/{id}'>;
/** The list's query: `status`, `q`, `page`, `per`. */
export type NewsListQuery = NonNullable<paths['/v1/admin/news']['get']['parameters']['query']>;
/** 保存する on a new item (POST /v1/admin/news): `key` may be left out (the server makes one). */
export type NewsCreateInput = BodyOf<'/v1/admin/news', 'post'>;
/** 保存する on an item (PUT /v1/admin/news/{id}) with the version read; `key` is not changed. */
export type NewsUpdateInput = BodyOf<'/v1/admin/news/{id}', 'put'>;

/** The states in the order the filter offers them, with their words (the badge's too). */
export const NEWS_STATUSES: readonly { code: NewsStatus; label: string }[] = [
  { code: 'published', label: '公開中' },
  { code: 'scheduled', label: '公開予約' },
  { code: 'draft', label: '下書き' },
];

export function statusLabel(status: NewsStatus): string {
  return NEWS_STATUSES.find((entry) => entry.code === status)?.label ?? status;
}

/** What a role without `shop_settings` reads on the news desk. */
export const NEWS_FORBIDDEN = 'お知らせの編集は店舗オーナーまたは店長のみ行えます。';
