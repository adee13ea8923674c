import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Member } from '../../api/types';
import { choiceCode, profileFieldsOf, profileShape, refineProfile, toProfileInput } from './profile-form';

const stored: Member = {
  id: 'u1',
  code: 'M1',
  email: 'member@example.com',
  username: 'member@example.com',
  is_receive_newsletter: 0,
  is_registered_member: true,
  has_password: true,
  is_invoice_approved: false,
  last_name: '山田',
  first_name: '太郎',
  last_name_kana: 'ヤマダ',
  first_name_kana: 'タロウ',
  gender_ct: 4,
  birthday: null,
  postal_code: '1000001',
  prefecture: '東京都',
  city: '千代田区',
  address1: '1-1',
  address2: '',
  phone_number: '03-1234-5678',
  cell_phone_number: '',
  created_at: '2026-01-10T01:00:00Z',
};

describe('the profile form', () => {
  it('shows a stored profile as text, the postal code hyphenated on the demo shop only', () => {
    expect(profileFieldsOf(stored, false)).toMatchObject({
      gender_ct: '4',
      birthday: '',
      postal_code: '100-0001',
      is_receive_newsletter: '0',
      corporation: '',
    });
    expect(profileFieldsOf(stored, true).postal_code).toBe('1000001');
  });

  it('reads only the codes 1–4 as choices', () => {
    expect([1, 4, 0, 5, null, undefined].map(choiceCode)).toEqual(['1', '4', '', '', '', '']);
  });

  it('sends codes as numbers, the postal code as 7 digits, and the company fields only for a corporate shop', () => {
    const fields = {
      ...profileFieldsOf(stored, false),
      postal_code: '１００－０００１',
      department: ' 購買部 ',
      gender_ct: '' as const,
    };
    const demo = toProfileInput(fields, false);
    expect(demo).toMatchObject({ postal_code: '1000001', gender_ct: null, is_receive_newsletter: 0, birthday: null });
    expect(demo).not.toHaveProperty('department');
    expect(toProfileInput({ ...fields, corporation: '株式会社つなぐ' }, true)).toMatchObject({
      corporation: '株式会社つなぐ',
      department: '購買部',
      url: null,
    });
  });

  it('needs one of the two phone numbers', () => {
    const schema = z.object(profileShape(false)).superRefine(refineProfile);
    const result = schema.safeParse({ ...profileFieldsOf(stored, false), phone_number: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toContain('phone_number');
    expect(schema.safeParse(profileFieldsOf(stored, false)).success).toBe(true);
  });
});

describe('the corporate company details', () => {
  const corporateStored = {
    ...stored,
    corporation: '株式会社つなぐ商事',
    establishment: '2008-04',
    capital: 0,
    employee_num: 35,
    delivery: 3,
    payment: 9,
  } as Member;

  it('are shown as text (an unknown code as none) and only on the corporate shop', () => {
    expect(profileFieldsOf(corporateStored, true)).toMatchObject({
      establishment: '2008-04',
      capital: '0',
      annual_sale: '',
      employee_num: '35',
      delivery: '3',
      payment: '',
    });
    expect(profileFieldsOf(corporateStored, false).establishment).toBe('');
  });

  it('are sent as numbers and codes, blanks as null, never from a consumer shop', () => {
    const fields = { ...profileFieldsOf(corporateStored, true), business_hours: ' ', order_no: ' PO-1 ' };
    expect(toProfileInput(fields, true)).toMatchObject({
      establishment: '2008-04',
      capital: 0,
      annual_sale: null,
      employee_num: 35,
      business_hours: null,
      delivery: 3,
      payment: null,
      order_no: 'PO-1',
    });
    expect(toProfileInput(fields, false)).not.toHaveProperty('capital');
  });

  it('follow the shared rules: year-month, whole numbers, lengths', () => {
    const schema = z.object(profileShape(true));
    const result = schema.safeParse({
      ...profileFieldsOf(corporateStored, true),
      establishment: '2008-13',
      capital: '-1',
      employee_num: '10000000',
      business_holiday: '休'.repeat(101),
      delivery: '4',
    });
    expect(result.success).toBe(false);
    const issues = Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(issues).toMatchObject({
      establishment: '年月は 2010-04 の形式で入力してください',
      capital: '0〜999999999999999の整数を半角数字で入力してください',
      employee_num: '0〜9999999の整数を半角数字で入力してください',
      business_holiday: '100文字以内で入力してください',
    });
    expect(issues.delivery).toBeDefined();
  });
});
