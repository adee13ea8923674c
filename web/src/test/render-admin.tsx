/** The back office on a memory router against a scripted fetch, with data shaped like the API's. */
import { render } from '@testing-library/react';
import { createAdminApp } from '../admin/app/admin-app';
import { createFakeFetch, json, type FakeFetch } from './fake-fetch';

export const BASE = 'http://shop.test';

export type Role = 'owner' | 'manager' | 'order_clerk' | 'shipping_clerk' | 'viewer';

/** The server's table (server/src/staff/permission.rs): what each role may do. */
const ROLES: Record<Role, { label: string; permissions: string[] }> = {
  owner: {
    label: 'オーナー',
    permissions: [
      'orders_view',
      'orders_edit',
      'payments_confirm',
      'shipping',
      'orders_cancel',
      'personal_data_export',
      'inquiries',
      'shop_settings',
      'audit_log',
      'catalog_view',
      'stock',
      'catalog_edit',
      'staff_manage',
      'refund',
      'reports',
      'members_view',
      'members_edit',
      'points_adjust',
    ],
  },
  manager: {
    label: '店長',
    permissions: [
      'orders_view',
      'orders_edit',
      'payments_confirm',
      'shipping',
      'orders_cancel',
      'personal_data_export',
      'inquiries',
      'shop_settings',
      'catalog_view',
      'stock',
      'catalog_edit',
      'refund',
      'reports',
      'members_view',
      'members_edit',
      'points_adjust',
    ],
  },
  order_clerk: {
    label: '受注担当',
    permissions: [
      'orders_view',
      'orders_edit',
      'payments_confirm',
      'shipping',
      'inquiries',
      'catalog_view',
      'members_view',
      'members_edit',
    ],
  },
  shipping_clerk: { label: '出荷担当', permissions: ['orders_view', 'shipping', 'catalog_view', 'stock'] },
  viewer: { label: '閲覧のみ', permissions: ['orders_view', 'catalog_view', 'members_view'] },
};

export function staffMember(role: Role = 'order_clerk') {
  const { label, permissions } = ROLES[role];
  const person =
    role === 'owner'
      ? { id: 'st-owner', name: '店長 太郎', email: 'owner@example.jp' }
      : { id: `st-${role}`, name: '佐藤 花子', email: `${role}@example.jp` };
  return { ...person, role, role_label: label, permissions };
}

export function paged(data: unknown[], total = data.length, per = 20, current = 1) {
  const last = Math.max(1, Math.ceil(total / per));
  return json(
    { data },
    {
      headers: {
        'x-total': String(total),
        'x-per-page': String(per),
        'x-last-page': String(last),
        'x-current-page': String(current),
      },
    },
  );
}

export const topics = [
  { id: 'tp-1', key: 'order', name: 'ご注文について', position: 1 },
  { id: 'tp-2', key: 'catalog', name: 'カタログ請求', position: 2 },
  { id: 'tp-3', key: 'other', name: 'その他', position: 3 },
];

export function summary(n: number, overrides: Record<string, unknown> = {}) {
  return {
    key: `inq-${n}`,
    number: `Q-20261126-000${n}`,
    topic: { id: 'tp-1', name: 'ご注文について' },
    status: 'open',
    status_label: '未対応',
    subject: `件名${n}`,
    created_at: '2026-11-26T01:00:00Z',
    last_message_at: '2026-11-26T02:30:00Z',
    has_unread_reply: false,
    name: `山田 ${n}郎`,
    email: `yamada${n}@example.jp`,
    is_member: n % 2 === 1,
    last_author: 'customer',
    ...overrides,
  };
}

export function inquiry(overrides: Record<string, unknown> = {}) {
  return {
    ...summary(1),
    name_kana: 'ヤマダ イチロウ',
    phone: '03-1234-5678',
    company: '',
    department: '',
    job: '',
    fax: '',
    postal_code: '100-0001',
    prefecture: '東京都',
    city: '千代田区',
    address1: '千代田1-1',
    address2: '',
    order_number: '',
    messages: [
      {
        id: 'm-1',
        author: 'customer',
        author_name: '山田 1郎',
        body: '届いた商品が違います。\n写真を添付します。',
        created_at: '2026-11-26T01:00:00Z',
        files: [
          { key: 'f-img', name: 'photo.png', content_type: 'image/png', size: 2048, url: '/v1/upload-files/f-img' },
          {
            key: 'f-pdf',
            name: 'receipt.pdf',
            content_type: 'application/pdf',
            size: 4096,
            url: '/v1/upload-files/f-pdf',
          },
        ],
      },
    ],
    notes: [{ id: 'n-1', staff_name: '店長 太郎', body: '在庫を確認中', created_at: '2026-11-26T03:00:00Z' }],
    ...overrides,
  };
}

/**
 * A signed-in back office: /auth/me answers `role` (of a consumer shop unless `corporate`), the
 * inbox's calls answer two inquiries.
 */
export function createAdminFake(role: Role | null = 'order_clerk', { corporate = false } = {}): FakeFetch {
  return createFakeFetch()
    .on(
      'GET',
      '/v1/admin/auth/me',
      role
        ? { staff: staffMember(role), is_corporate_shop: corporate }
        : json({ message: 'ログインしてください' }, { status: 401 }),
    )
    .on('GET', '/v1/admin/inquiries/counts', { open: 2, in_progress: 1, closed: 5 })
    .on('GET', '/v1/admin/inquiry-topics', { data: topics })
    .on('GET', '/v1/admin/inquiries', () => paged([summary(1), summary(2)]));
}

export function renderAdmin(path: string, fake: FakeFetch = createAdminFake()) {
  const app = createAdminApp({ baseUrl: BASE, fetch: fake.fetch, initialPath: path });
  const view = render(app.element);
  return { ...view, ...app, fake };
}
