import { describe, expect, it } from 'vitest';
import {
  type BankAccountValues,
  bankAccountBody,
  bankAccountRules,
  bankAccountValues,
  MESSAGES,
  normaliseHolder,
  transferPreview,
  validDueDays,
  validNumber,
} from './bank-account-schema';
import type { BankAccountSettings } from './bank-account-types';

// The contract's words (docs/contracts/settings-bank-account.md), written apart from the schema's.
const SERVER = {
  bankNameRequired: '銀行名を入力してください。',
  bankNameTooLong: '銀行名は30文字以内で入力してください。',
  branchNameRequired: '支店名を入力してください。',
  branchNameTooLong: '支店名は30文字以内で入力してください。',
  accountType: '口座種別は普通か当座を選んでください。',
  accountNumber: '口座番号は7桁の数字で入力してください。',
  holderRequired: '口座名義を入力してください。',
  holderKana: '口座名義はカタカナで入力してください（英数字と（）．－・も使えます）。',
  holderTooLong: '口座名義は40文字以内で入力してください。',
  dueDays: 'お支払い期限は1日から30日までの日数で入力してください。',
};

const demo: BankAccountSettings = {
  version: 2,
  account: {
    bank_name: 'ライド銀行',
    branch_name: '渋谷支店',
    account_type: '普通',
    account_number: '1234567',
    account_holder: 'カ）ライドパーツ',
  },
  due_days: 7,
} as BankAccountSettings;

const values = (overrides: Partial<BankAccountValues> = {}): BankAccountValues => ({
  ...bankAccountValues(demo),
  ...overrides,
});

describe('振込先口座: the rules say the server’s words', () => {
  it('uses the contract’s messages', () => {
    expect(MESSAGES).toMatchObject(SERVER);
  });

  it('takes names of 1 to 30 characters, trimmed', () => {
    const bank = bankAccountRules.bank_name.validate;
    expect(bank('ライド銀行')).toBe(true);
    expect(bank('　 ')).toBe(SERVER.bankNameRequired);
    expect(bank('銀'.repeat(30))).toBe(true);
    expect(bank(` ${'銀'.repeat(30)} `)).toBe(true);
    expect(bank('銀'.repeat(31))).toBe(SERVER.bankNameTooLong);
    const branch = bankAccountRules.branch_name.validate;
    expect(branch('')).toBe(SERVER.branchNameRequired);
    expect(branch('支'.repeat(31))).toBe(SERVER.branchNameTooLong);
    // Characters, not UTF-16 units.
    expect(branch('𠮷'.repeat(30))).toBe(true);
  });

  it('takes 普通 or 当座', () => {
    const type = bankAccountRules.account_type.validate;
    expect(type('普通')).toBe(true);
    expect(type('当座')).toBe(true);
    expect(type('')).toBe(SERVER.accountType);
    expect(type('貯蓄')).toBe(SERVER.accountType);
  });

  it('takes 7 digits, full-width ones too', () => {
    const number = bankAccountRules.account_number.validate;
    expect(number('1234567')).toBe(true);
    expect(number('７６５４３２１')).toBe(true);
    expect(number(' 1234567 ')).toBe(true);
    expect(validNumber('７６５４３２１')).toBe('7654321');
    for (const bad of ['123456', '12345678', '123-4567', '１２３４５６', 'abcdefg', '']) {
      expect(number(bad)).toBe(SERVER.accountNumber);
    }
  });

  it('takes a holder in katakana with letters, digits and （）．－・, half-width kana too', () => {
    const holder = bankAccountRules.account_holder.validate;
    for (const good of [
      'カ）ライドパーツ',
      'ｶ)ﾗｲﾄﾞﾊﾟｰﾂ',
      'ヤマダ　タロウ',
      'abc ｼｮｳｼﾞ(ｶ',
      'ライド．パーツ－２・ショップ',
    ]) {
      expect(holder(good)).toBe(true);
    }
    expect(holder('  ')).toBe(SERVER.holderRequired);
    expect(holder('山田太郎')).toBe(SERVER.holderKana);
    expect(holder('やまだ')).toBe(SERVER.holderKana);
    // A name has some kana.
    expect(holder('1234')).toBe(SERVER.holderKana);
    expect(holder('ア'.repeat(40))).toBe(true);
    expect(holder('ア'.repeat(41))).toBe(SERVER.holderTooLong);
    // Half-width kana with its sound mark is one character, as the server counts it.
    expect(holder('ﾄﾞ'.repeat(40))).toBe(true);
  });

  it('takes 1 to 30 days', () => {
    const due = bankAccountRules.due_days.validate;
    expect(due('1')).toBe(true);
    expect(due('30')).toBe(true);
    expect(due('１０')).toBe(true);
    expect(validDueDays('１０')).toBe(10);
    for (const bad of ['0', '31', '', '7.5', '-1', '七']) expect(due(bad)).toBe(SERVER.dueDays);
  });
});

describe('振込先口座: the holder in the widths banks print', () => {
  it('normalises as the server does', () => {
    expect(normaliseHolder('ｶ)ﾗｲﾄﾞﾊﾟｰﾂ')).toBe('カ）ライドパーツ');
    expect(normaliseHolder(' ヤマダ  タロウ ')).toBe('ヤマダ　タロウ');
    expect(normaliseHolder('abc ｼｮｳｼﾞ(ｶ')).toBe('ABC　ショウジ（カ');
    expect(normaliseHolder('カ）ライドパーツ')).toBe('カ）ライドパーツ');
  });
});

describe('振込先口座: the form and its body', () => {
  it('shows a saved account as it is, and none as empty boxes with 普通 and 7 days', () => {
    expect(bankAccountValues(demo)).toEqual({
      bank_name: 'ライド銀行',
      branch_name: '渋谷支店',
      account_type: '普通',
      account_number: '1234567',
      account_holder: 'カ）ライドパーツ',
      due_days: '7',
    });
    expect(bankAccountValues({ version: 0, account: null, due_days: 7 } as BankAccountSettings)).toEqual({
      bank_name: '',
      branch_name: '',
      account_type: '普通',
      account_number: '',
      account_holder: '',
      due_days: '7',
    });
  });

  it('sends the texts as typed (the server normalises) and the days as a number, with the version', () => {
    expect(
      bankAccountBody(values({ account_number: '７６５４３２１', account_holder: 'ｶ)ﾗｲﾄﾞﾊﾟｰﾂ', due_days: '１０' }), 2),
    ).toEqual({
      version: 2,
      bank_name: 'ライド銀行',
      branch_name: '渋谷支店',
      account_type: '普通',
      account_number: '７６５４３２１',
      account_holder: 'ｶ)ﾗｲﾄﾞﾊﾟｰﾂ',
      due_days: 10,
    });
  });
});

describe('振込先口座: the preview', () => {
  it('says what the customer reads, as the server will save it', () => {
    expect(transferPreview(values())).toEqual({
      account: 'ライド銀行 渋谷支店 普通 1234567 カ）ライドパーツ',
      due: 'お支払い期限：ご注文日から7日以内',
    });
    expect(
      transferPreview(
        values({
          account_type: '当座',
          account_number: '７６５４３２１',
          account_holder: 'ｶ)ﾗｲﾄﾞﾊﾟｰﾂ',
          due_days: '１０',
        }),
      ),
    ).toEqual({
      account: 'ライド銀行 渋谷支店 当座 7654321 カ）ライドパーツ',
      due: 'お支払い期限：ご注文日から10日以内',
    });
  });

  it('leaves out what is not typed, and the due date while the days are none the server takes', () => {
    expect(
      transferPreview({
        bank_name: '',
        branch_name: ' ',
        account_type: '普通',
        account_number: '',
        account_holder: '',
        due_days: '31',
      }),
    ).toEqual({ account: '普通', due: null });
  });
});
