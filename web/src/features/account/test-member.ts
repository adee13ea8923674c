/** A logged-in demo member and the fake server answers the member screens' tests share. */
import type { Member } from '../../api/types';
import { EXPIRY_KEY, TOKEN_KEY } from '../../api/session';
import { json, type FakeFetch } from '../../test/fake-fetch';
import { createSiteFake, demoSettings } from '../../test/render-app';

export const member: Member = {
  id: 'u1',
  code: 'M000123',
  email: 'member@example.com',
  username: 'member@example.com',
  is_receive_newsletter: 1,
  is_registered_member: true,
  has_password: true,
  is_invoice_approved: false,
  last_name: '山田',
  first_name: '太郎',
  last_name_kana: 'ヤマダ',
  first_name_kana: 'タロウ',
  gender_ct: 1,
  birthday: '1990-05-01',
  postal_code: '1000001',
  prefecture: '東京都',
  city: '千代田区千代田',
  address1: '1-1',
  address2: 'パレスビル101',
  phone_number: '03-1234-5678',
  cell_phone_number: '',
  question_ct: 1,
  created_at: '2026-01-10T01:00:00Z',
  corporation: null,
  department: null,
  business_type: null,
  store_name: null,
  url: null,
};

export function logIn(token = 'member-token'): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(EXPIRY_KEY, String(Date.now() + 600_000));
}

export const prefectures = [
  { code: '13', name: '東京都', kana: 'トウキョウト' },
  { code: '27', name: '大阪府', kana: 'オオサカフ' },
];

/** The demo site plus a member's profile; `corporate` switches the channel to the B2B rules. */
export function memberFake(user: Partial<Member> = {}, options: { corporate?: boolean } = {}): FakeFetch {
  const fake = createSiteFake()
    .on('GET', '/v1/me/user', { ...member, ...user })
    .on('GET', '/v1/postal-codes/prefectures', { data: prefectures });
  if (options.corporate) {
    fake.on('GET', '/v1/settings/front', { ...demoSettings, 'SITE.IS_CORPORATE': true });
  }
  return fake;
}

export function withMessages(
  fake: FakeFetch,
  messages: { code: string; title?: string | null; body: string }[],
): FakeFetch {
  return fake.on(
    'GET',
    '/v1/messages',
    json({ data: messages.map((m) => ({ title: null, ...m, updated_at: '2026-01-01T00:00:00Z' })) }),
  );
}
