/**
 * 会員管理's API shapes (docs/contracts/member-desk.md), picked from the generated schema by path
 * (never written by hand): a member as the list shows them, one member with their purchase
 * figures, the bodies of ロックを解除 / 要注意 / ポイントを調整, the points ledger; with the closed
 * sets the screens offer (区分, 誕生月, the CSV's encodings).
 */
import type { paths } from '../../api/schema';
import type { BodyOf, JsonOf } from '../../api/types';

/** One row of 会員一覧 (GET /v1/admin/members, newest registration first). */
export type MemberRow = JsonOf<'/v1/admin/members'>['data'][number];
/** The list's query, as the API names it (every value a string; blank is "no filter"). */
export type MemberListQuery = NonNullable<paths['/v1/admin/members']['get']['parameters']['query']>;
/** One member with their purchase figures, lock, 要注意 and the desk's version (GET /v1/admin/members/{id}). */
export type MemberDetail = JsonOf<'/v1/admin/members/{id}'>;
/** ロックを解除 (POST /v1/admin/members/{id}/unlock): the version shown. */
export type UnlockBody = BodyOf<'/v1/admin/members/{id}/unlock', 'post'>;
/** 要注意 (PUT /v1/admin/members/{id}/caution): the version shown, the flag and its note. */
export type CautionBody = BodyOf<'/v1/admin/members/{id}/caution', 'put'>;
/** The points balance and one page of the ledger (GET /v1/admin/members/{id}/points, newest first). */
export type PointsAnswer = JsonOf<'/v1/admin/members/{id}/points'>;
export type PointEntry = PointsAnswer['data'][number];
/** ポイントを調整 (POST /v1/admin/members/{id}/points): signed points, the reason, the balance shown. */
export type PointsBody = BodyOf<'/v1/admin/members/{id}/points', 'post'>;

/** 区分: 個人, or 法人 (a company name is set). */
export type MemberKind = 'personal' | 'corporate';

export const KINDS: readonly { code: MemberKind; label: string }[] = [
  { code: 'personal', label: '個人' },
  { code: 'corporate', label: '法人' },
];

export const BIRTH_MONTHS: readonly number[] = Array.from({ length: 12 }, (_, index) => index + 1);

/** The CSV's encoding: UTF-8 with a BOM (the default), or Shift_JIS. */
export type MemberCsvEncoding = 'utf8' | 'sjis';

export const CSV_ENCODINGS: readonly { code: MemberCsvEncoding; label: string }[] = [
  { code: 'utf8', label: 'CSVダウンロード' },
  { code: 'sjis', label: 'CSV（Shift_JIS）' },
];

/** What a role without `members_view` reads on the desk's pages. */
export const FORBIDDEN_TEXT = '会員を閲覧する権限がありません。';
