/**
 * The small auth forms' rules: login, sibling-shop login and the one-time code. The registration
 * form's rules (from lib/validators) are in register-schema.ts.
 */
import { z } from 'zod';
import { normalizeCode } from './auth-flow';

export const USERNAME_REQUIRED = 'メールアドレスまたはユーザー名を入力してください';
export const PASSWORD_REQUIRED = 'パスワードを入力してください';
export const CODE_REQUIRED = '確認コードを入力してください';
export const CODE_FORMAT = '確認コードは6桁の数字で入力してください';

export const loginSchema = z.object({
  username: z.string().trim().min(1, USERNAME_REQUIRED),
  password: z.string().min(1, PASSWORD_REQUIRED),
});

export type LoginFields = z.input<typeof loginSchema>;

export const codeSchema = z.object({
  code: z
    .string()
    .transform(normalizeCode)
    .pipe(
      z
        .string()
        .min(1, CODE_REQUIRED)
        .regex(/^\d{6}$/, CODE_FORMAT),
    ),
});

export type CodeFields = z.input<typeof codeSchema>;
