import { describe, expect, it } from 'vitest';
import { REGISTER_DEFAULTS, registerSchema, toRegisterInput, type RegisterFields } from './register-schema';

const valid: RegisterFields = {
  ...REGISTER_DEFAULTS,
  email: 'new@example.com',
  password: 'abcd1234',
  password_confirmation: 'abcd1234',
  last_name: '山田',
  first_name: '花子',
  last_name_kana: 'ヤマダ',
  first_name_kana: 'ハナコ',
  postal_code: '100-0001',
  prefecture: '東京都',
  city: '千代田区',
  address1: '千代田1-1',
  phone_number: '03-1234-5678',
};

function errorsOf(corporate: boolean, fields: Partial<RegisterFields>): Record<string, string> {
  const result = registerSchema(corporate).safeParse({ ...valid, ...fields });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('registration rules', () => {
  it('accept a complete demo form', () => {
    expect(errorsOf(false, {})).toEqual({});
  });

  it('need kana on the demo shop but not on the corporate one, where names are full-width', () => {
    expect(errorsOf(false, { last_name_kana: '' })).toEqual({ last_name_kana: '必須項目です' });
    const corporate = { corporation: '株式会社つなぐ', postal_code: '1000001', phone_number: '0312345678' };
    expect(errorsOf(true, { ...corporate, last_name_kana: '', first_name_kana: '' })).toEqual({});
    expect(errorsOf(true, { ...corporate, last_name: 'Yamada' })).toEqual({ last_name: '全角で入力してください' });
  });

  it('apply the corporate postal code, phone and company rules', () => {
    expect(errorsOf(true, {})).toEqual({
      corporation: '必須項目です',
      postal_code: '半角数字7桁で入力してください',
      phone_number: '半角数字（ハイフンなし）11桁以内で入力してください',
    });
  });

  it('want one of the phone numbers, and the answer of a chosen question', () => {
    expect(errorsOf(false, { phone_number: '' })).toEqual({
      phone_number: 'いずれかは必須項目です',
      cell_phone_number: 'いずれかは必須項目です',
    });
    expect(errorsOf(false, { phone_number: '', cell_phone_number: '090-1234-5678' })).toEqual({});
    expect(errorsOf(false, { question_ct: '2', answer: '　' })).toEqual({ answer: '必須項目です' });
  });

  it('check the password and its confirmation', () => {
    expect(errorsOf(false, { password: 'abcdefgh', password_confirmation: 'abcdefgh' })).toEqual({
      password: 'パスワードは8〜128文字で、半角英字と数字を両方含めてください（記号は - _ . のみ使えます）',
    });
    expect(errorsOf(false, { password_confirmation: 'abcd1235' })).toEqual({
      password_confirmation: 'パスワードが一致しません',
    });
  });
});

describe('the POST /v1/users body', () => {
  it('sends codes as numbers, the postal code as 7 digits and leaves out what was not given', () => {
    const body = toRegisterInput({ ...valid, gender_ct: '4', is_receive_newsletter: '0' }, false);
    expect(body).toMatchObject({
      gender_ct: 4,
      postal_code: '1000001',
      is_receive_newsletter: 0,
      question_ct: null,
      birthday: null,
    });
    expect(body).not.toHaveProperty('username');
    expect(body).not.toHaveProperty('answer');
    expect(body).not.toHaveProperty('corporation');
  });

  it('adds the username, the answer and the company fields when there are some', () => {
    const body = toRegisterInput(
      {
        ...valid,
        username: 'hanako_01',
        question_ct: '3',
        answer: 'さくら小',
        corporation: ' 株式会社つなぐ ',
        birthday: '1990-05-01',
      },
      true,
    );
    expect(body).toMatchObject({
      username: 'hanako_01',
      question_ct: 3,
      answer: 'さくら小',
      corporation: '株式会社つなぐ',
      birthday: '1990-05-01',
    });
  });
});
