/**
 * 登録's fields and rules, with the server's own words and limits
 * (docs/contracts/staff-enrolment.md) — react-hook-form rules, as the login's: zod would weigh
 * more than these few fields. The server checks everything again.
 */
import type { RegisterOptions } from 'react-hook-form';
import { normalizeCode } from './login-schema';

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;

export const MESSAGES = {
  password: `パスワードは${PASSWORD_MIN}文字以上${PASSWORD_MAX}文字以内で入力してください。`,
  mismatch: 'パスワードが一致しません。',
  code: '認証アプリに表示された6桁の数字を入力してください。',
} as const;

export interface EnrolValues {
  password: string;
  confirmation: string;
  code: string;
}

export const enrolRules = {
  password: {
    validate: (value: string) => {
      // Characters as the server counts them (code points), not UTF-16 units.
      const length = [...value].length;
      return (length >= PASSWORD_MIN && length <= PASSWORD_MAX) || MESSAGES.password;
    },
  },
  confirmation: {
    validate: (value: string, values: EnrolValues) => value === values.password || MESSAGES.mismatch,
  },
  code: {
    validate: (value: string) => /^[0-9]{6}$/.test(normalizeCode(value)) || MESSAGES.code,
  },
} satisfies { [K in keyof EnrolValues]: RegisterOptions<EnrolValues, K> };

/** The secret in groups of four (`ABCD EFGH …`), easier to copy by eye; authenticator apps ignore the spaces. */
export function groupSecret(secret: string): string {
  return secret.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}
