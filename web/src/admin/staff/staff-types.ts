/**
 * スタッフ管理's API shapes, picked from the generated schema by path (never written by hand): a
 * staff member as the desk lists them, an entry of their login history, the body of 無効にする /
 * 有効にする, an invitation and the bodies of スタッフを招待 and 権限を変更; with the words the desk
 * shows for a member's state, the roles and a failed login's detail.
 */
import type { BodyOf, JsonOf } from '../../api/types';

/** A staff member with their state, 最終ログイン, version and whether it is the owner's own row (GET /v1/admin/staff). */
export type StaffMember = JsonOf<'/v1/admin/staff'>['data'][number];
/** A login, logout or failed login (GET /v1/admin/staff/{id}/logins, newest first, the last 50). */
export type LoginEntry = JsonOf<'/v1/admin/staff/{id}/logins'>['data'][number];
/** 無効にする / 有効にする (POST /v1/admin/staff/{id}/disable, …/enable): the version shown. */
export type StaffVersionBody = BodyOf<'/v1/admin/staff/{id}/disable', 'post'>;
/** A role as the API names it: owner, manager, order_clerk, shipping_clerk, viewer. */
export type StaffRole = StaffMember['role'];
/** 権限を変更 (PUT /v1/admin/staff/{id}/role): the version shown and the new role. */
export type StaffRoleBody = BodyOf<'/v1/admin/staff/{id}/role', 'put'>;
/** A pending invitation (GET /v1/admin/staff/invitations: unused, unexpired, newest first). */
export type Invitation = JsonOf<'/v1/admin/staff/invitations'>['data'][number];
/** スタッフを招待 (POST /v1/admin/staff/invitations). */
export type InvitationBody = BodyOf<'/v1/admin/staff/invitations', 'post'>;

/** The roles in the order the selects offer them, with the words the server uses for them. */
export const ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'オーナー',
  manager: '店長',
  order_clerk: '受注担当',
  shipping_clerk: '出荷担当',
  viewer: '閲覧のみ',
};

export const ROLES = Object.keys(ROLE_LABELS) as StaffRole[];

export function isStaffRole(value: string): value is StaffRole {
  return Object.hasOwn(ROLE_LABELS, value);
}

/**
 * 有効 / 無効 / ロック中 / 再設定待ち: a disabled account reads 無効 even while locked (enabling
 * clears the lock); one whose authenticator is being reset reads 再設定待ち (it is not active
 * until the person has enrolled again).
 */
export type StaffState = 'active' | 'disabled' | 'locked' | 'pending';

export function staffState(member: Pick<StaffMember, 'active' | 'locked' | 'enrolment_pending'>): StaffState {
  if (member.enrolment_pending) return 'pending';
  if (!member.active) return 'disabled';
  return member.locked ? 'locked' : 'active';
}

export const STATE_LABELS: Record<StaffState, string> = {
  active: '有効',
  disabled: '無効',
  locked: 'ロック中',
  pending: '再設定待ち',
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
