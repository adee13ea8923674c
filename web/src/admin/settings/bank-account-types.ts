/**
 * 振込先口座's API shapes, picked from the generated schema by path (never written by hand,
 * docs/contracts/settings-bank-account.md): the account as the server has it (none until one is
 * saved) with the days a customer has to pay, and the body 保存する sends. Also the screen's
 * address, which 支払方法設定 links to while 銀行振込 lacks an account.
 */
import type { BodyOf, JsonOf } from '../../api/types';

/** The account (null while none was saved), お支払い期限 in days and the version (GET /v1/admin/settings/bank-account). */
export type BankAccountSettings = JsonOf<'/v1/admin/settings/bank-account'>;
/** 保存する (PUT /v1/admin/settings/bank-account): every field as typed, with the version read. */
export type BankAccountInput = BodyOf<'/v1/admin/settings/bank-account', 'put'>;

/** 口座種別: what the server takes, in the order the radios show them. */
export const ACCOUNT_TYPES = ['普通', '当座'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** The screen's address. */
export const BANK_ACCOUNT_PATH = '/admin/settings/bank-account';
