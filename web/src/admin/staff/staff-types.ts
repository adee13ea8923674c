/**
 * スタッフ管理's API shapes, picked from the generated schema by path (never written by hand): a
 * staff member as the desk lists them, an entry of their login history and the body of 無効にする /
 * 有効にする; with the words the desk shows for a member's state and a failed login's detail.
 */
import type { BodyOf, JsonOf } from '../../api/types';

/** A staff member with their state, 最終ログイン, version and whether it is the owner's own row (GET /v1/admin/staff). */
export type StaffMember = JsonOf<'/v1/admin/staff'>['data'][number];
/** A login, logout or failed login (GET /v1/admin/staff/{id}/logins, newest first, the last 50). */
export type LoginEntry = JsonOf<'/v1/admin/staff/{id}/logins'>['data'][number];
/** 無効にする / 有効にする (POST /v1/admin/staff/{id}/disable, …/enable): the version shown. */
export type StaffVersionBody = BodyOf<'/v1/admin/staff/{id}/disable', 'post'>;

/** 有効 / 無効 / ロック中: a disabled account reads 無効 even while locked (enabling clears the lock). */
export type StaffState = 'active' | 'disabled' | 'locked';

export function staffState(member: Pick<StaffMember, 'active' | 'locked'>): StaffState {
  if (!member.active) return 'disabled';
  return member.locked ? 'locked' : 'active';
}

export const STATE_LABELS: Record<StaffState, string> = {
  active: '有効',
  disabled: '無効',
  locked: 'ロック中',
};

/** What failed at a login, as the server names it (` (locked)` added when the failure locked the account). */
const DETAIL_WORDS: Record<string, string> = {
  password: 'パスワードの誤り',
  code: '確認コードの誤り',
  'code (used before)': '使用済みの確認コード',
};

const LOCKED_SUFFIX = ' (locked)';

/** A login entry's detail in words: 「パスワードの誤り・ロック」; '' for none; an unknown one as it came. */
export function loginDetail(detail: string): string {
  const locked = detail.endsWith(LOCKED_SUFFIX);
  const what = locked ? detail.slice(0, -LOCKED_SUFFIX.length) : detail;
  const words = DETAIL_WORDS[what] ?? what;
  if (!locked) return words;
  return words ? `${words}・アカウントをロック` : 'アカウントをロック';
}
