/**
 * The two login steps' field rules, as react-hook-form rules: zod would add some 80 kB to the back
 * office's bundle for a handful of fields. The server checks everything again.
 */
import type { RegisterOptions } from 'react-hook-form';

export interface PasswordStepValues {
  email: string;
  password: string;
}

export interface CodeStepValues {
  code: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailRules = {
  validate: (value: string) => {
    if (value.trim() === '') return 'メールアドレスを入力してください';
    return EMAIL.test(value.trim()) || 'メールアドレスの形式で入力してください';
  },
} satisfies RegisterOptions<PasswordStepValues, 'email'>;

export const passwordRules = {
  required: 'パスワードを入力してください',
} satisfies RegisterOptions<PasswordStepValues, 'password'>;

/** Full-width digits (typed with a Japanese IME on), spaces and hyphens count as the plain code. */
export function normalizeCode(value: string): string {
  return value.replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0)).replace(/[\s-]/g, '');
}

export const codeRules = {
  validate: (value: string) => /^[0-9]{6}$/.test(normalizeCode(value)) || '確認コードは6桁の数字で入力してください',
} satisfies RegisterOptions<CodeStepValues, 'code'>;

export function isEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}
