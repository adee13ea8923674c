/**
 * レビュー管理's API shapes, picked from the generated schema by the contract's names (never
 * written by hand): a review as the desk lists it, the counts of the tabs and the bodies of the
 * changes; with the labels of a review's states and the tabs.
 */
import type { components, paths } from '../../api/schema';
import type { BodyOf } from '../../api/types';

type Schemas = components['schemas'];

/** A review with its product (name, 商品コード), 購入者, state and version (GET /v1/admin/reviews). */
export type AdminReview = Schemas['AdminReview'];
/** 承認待ち / 公開中 / 非公開. */
export type ReviewState = AdminReview['status'];
/** How many reviews each state holds (GET /v1/admin/reviews/counts). */
export type ReviewCounts = Schemas['ReviewCounts'];
/** The list's query: status, q, page, per. */
export type ReviewListQuery = NonNullable<paths['/v1/admin/reviews']['get']['parameters']['query']>;
/** 公開する / 非公開にする (PUT /v1/admin/reviews/{id}/status), with the version shown. */
export type ReviewStatusBody = BodyOf<'/v1/admin/reviews/{id}/status', 'put'>;

export const STATE_LABELS: Record<ReviewState, string> = {
  pending: '承認待ち',
  published: '公開中',
  hidden: '非公開',
};

/** The list's tabs: the reviews waiting for the shop first (the default), then each state, then all. */
export const REVIEW_TABS = [
  { code: 'pending', label: STATE_LABELS.pending },
  { code: 'published', label: STATE_LABELS.published },
  { code: 'hidden', label: STATE_LABELS.hidden },
  { code: 'all', label: 'すべて' },
] as const satisfies readonly { code: ReviewState | 'all'; label: string }[];

export type ReviewTab = (typeof REVIEW_TABS)[number]['code'];
