/**
 * 振込先口座's answers shaped like the API's (docs/contracts/settings-bank-account.md), for the
 * screen's tests: the demo shop's account (ライド銀行 渋谷支店 普通 1234567 カ）ライドパーツ, 7 days)
 * or none, and a back office whose endpoint keeps what it is sent — saved at its version (409
 * otherwise), checked by the contract's rules (422 with its messages), normalised as the contract
 * says (trimmed, full-width digits and half-width katakana at their usual width). Written apart
 * from the screen's own rules.
 */
import type { BankAccountInput, BankAccountSettings } from '../admin/settings/bank-account-types';
import { type FakeFetch, json } from './fake-fetch';
import { createAdminFake, type Role } from './render-admin';

export const BANK_ACCOUNT_API = '/v1/admin/settings/bank-account';
export const BANK_ACCOUNT_STALE = 'この設定は他の画面で更新されました。画面を読み込み直してください。';

/** The server's field messages (422). */
export const BANK_ACCOUNT_MESSAGES = {
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
  version: '版番号がありません。画面を読み込み直してください。',
} as const;

/** The demo shop's account (seeded), saved twice. */
export function demoBankAccount(overrides: Partial<BankAccountSettings> = {}): BankAccountSettings {
  return {
    version: 2,
    account: {
      bank_name: 'ライド銀行',
      branch_name: '渋谷支店',
      account_type: '普通',
      account_number: '1234567',
      account_holder: 'カ）ライドパーツ',
    },
    due_days: 7,
    ...overrides,
  } as BankAccountSettings;
}

/** A shop that never saved one. */
export function noBankAccount(): BankAccountSettings {
  return { version: 0, account: null, due_days: 7 } as BankAccountSettings;
}

const chars = (text: string): number => [...text].length;

/** The holder as the contract's examples save it: one width, ASCII marks full-width, upper-case. */
function holderOf(typed: string): string {
  const marks: Record<string, string> = { '(': '（', ')': '）', '.': '．', '-': '－' };
  return [...typed.trim().normalize('NFKC')].map((c) => marks[c] ?? (c === ' ' ? '　' : c.toUpperCase())).join('');
}

function refusals(body: BankAccountInput): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (key: string, message: string) => {
    errors[key] = [...(errors[key] ?? []), message];
  };
  const m = BANK_ACCOUNT_MESSAGES;
  const bank = (body.bank_name ?? '').trim();
  if (bank === '') add('bank_name', m.bankNameRequired);
  else if (chars(bank) > 30) add('bank_name', m.bankNameTooLong);
  const branch = (body.branch_name ?? '').trim();
  if (branch === '') add('branch_name', m.branchNameRequired);
  else if (chars(branch) > 30) add('branch_name', m.branchNameTooLong);
  if (body.account_type !== '普通' && body.account_type !== '当座') add('account_type', m.accountType);
  if (!/^[0-9]{7}$/.test((body.account_number ?? '').trim().normalize('NFKC'))) add('account_number', m.accountNumber);
  const holder = holderOf(body.account_holder ?? '');
  if (holder === '') add('account_holder', m.holderRequired);
  else if (!/^[ァ-ヺー・　（）．－A-Z0-9]*[ァ-ヺ][ァ-ヺー・　（）．－A-Z0-9]*$/.test(holder)) {
    add('account_holder', m.holderKana);
  } else if (chars(holder) > 40) add('account_holder', m.holderTooLong);
  const days = body.due_days;
  if (typeof days !== 'number' || !Number.isInteger(days) || days < 1 || days > 30) add('due_days', m.dueDays);
  if (typeof body.version !== 'number') add('version', m.version);
  return errors;
}

/**
 * A signed-in back office: GET answers the account as the fake's saves have left it; PUT saves
 * it (version + 1, normalised) unless the contract refuses it (422) or the version is not the
 * current one (409).
 */
export function bankAccountFake(role: Role = 'owner', first: BankAccountSettings = demoBankAccount()) {
  let current = first;
  const fake = createAdminFake(role)
    .on('GET', BANK_ACCOUNT_API, () => json(current))
    .on('PUT', BANK_ACCOUNT_API, async (request) => {
      const body = (await request.clone().json()) as BankAccountInput;
      const errors = refusals(body);
      if (Object.keys(errors).length > 0) {
        return json({ message: Object.values(errors)[0]?.[0] ?? '', errors }, { status: 422 });
      }
      if (body.version !== current.version) {
        return json({ code: 'settings.stale', message: BANK_ACCOUNT_STALE }, { status: 409 });
      }
      current = {
        version: current.version + 1,
        account: {
          bank_name: body.bank_name.trim(),
          branch_name: body.branch_name.trim(),
          account_type: body.account_type,
          account_number: body.account_number.trim().normalize('NFKC'),
          account_holder: holderOf(body.account_holder),
        },
        due_days: body.due_days,
      } as BankAccountSettings;
      return json(current);
    });
  return Object.assign(fake, {
    /** The account as saved elsewhere (what the next GET answers). */
    change(next: BankAccountSettings) {
      current = next;
    },
  });
}

/** The bodies 保存する sent, in order. */
export async function sentBankAccount(fake: FakeFetch): Promise<BankAccountInput[]> {
  const puts = fake.callsTo(BANK_ACCOUNT_API).filter((request) => request.method === 'PUT');
  return Promise.all(puts.map((request) => request.clone().json() as Promise<BankAccountInput>));
}
