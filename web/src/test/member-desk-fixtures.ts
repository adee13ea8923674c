/** 会員管理's answers shaped like the API's (docs/contracts/member-desk.md), for the desk's tests. */
import { json } from './fake-fetch';
import { createAdminFake, type Role, staffMember } from './render-admin';
import type { MemberDetail, MemberRow, PointEntry } from '../admin/members/members-types';

/**
 * A signed-in back office whose staff member holds `role`'s permissions (render-admin's copy of
 * the server's table), `without` taken away.
 */
export function memberDeskFake(role: Role = 'owner', { without = [] as string[] } = {}) {
  const staff = staffMember(role);
  const permissions = staff.permissions.filter((permission) => !without.includes(permission));
  return createAdminFake(role).on('GET', '/v1/admin/auth/me', {
    staff: { ...staff, permissions },
    is_corporate_shop: false,
  });
}

export function memberRow(id: string, overrides: Partial<MemberRow> = {}): MemberRow {
  return {
    id,
    code: '12',
    name: '山田 太郎',
    kana: 'ヤマダ タロウ',
    email: 'taro@example.jp',
    phone_number: '09012345678',
    prefecture: '東京都',
    corporation: null,
    order_count: 3,
    spent: 12800,
    last_ordered_at: '2026-11-28T01:00:00Z',
    registered_at: '2026-01-10T00:00:00Z',
    locked: false,
    caution: false,
    ...overrides,
  } as MemberRow;
}

export function memberDetail(id: string, overrides: Partial<MemberDetail> = {}): MemberDetail {
  return {
    id,
    code: '12',
    name: '山田 太郎',
    kana: 'ヤマダ タロウ',
    email: 'taro@example.jp',
    phone_number: '0312345678',
    cell_phone_number: '09012345678',
    postal_code: '1000001',
    prefecture: '東京都',
    address: '千代田区千代田1-1 千代田ハイツ101',
    birthday: '1990-05-01',
    gender_label: '男性',
    corporation: null,
    department: null,
    newsletter: true,
    registered_at: '2026-01-10T00:00:00Z',
    order_count: 3,
    spent: 12800,
    last_ordered_at: '2026-11-28T01:00:00Z',
    locked: false,
    failed_logins: 0,
    mail_error_count: 0,
    mail_error_over: false,
    caution: false,
    caution_note: '',
    version: 3,
    ...overrides,
  } as MemberDetail;
}

export function pointEntry(id: string, overrides: Partial<PointEntry> = {}): PointEntry {
  return {
    id,
    kind: 'earn',
    kind_label: '獲得',
    points: 120,
    description: 'ご注文によるポイント獲得',
    order_no: 'RP00000007',
    created_at: '2026-11-28T01:00:00Z',
    ...overrides,
  } as PointEntry;
}

/** GET …/points: the balance and one page of the ledger, with the pagination headers. */
export function pointsPage(balance: number, entries: PointEntry[], total = entries.length, current = 1) {
  const per = 20;
  return json(
    { balance, data: entries },
    {
      headers: {
        'x-total': String(total),
        'x-per-page': String(per),
        'x-last-page': String(Math.max(1, Math.ceil(total / per))),
        'x-current-page': String(current),
      },
    },
  );
}
