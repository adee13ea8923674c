/**
 * スタッフを招待 and 権限を変更: their fields and rules, with the server's own words and limits
 * (docs/contracts/staff-enrolment.md) — react-hook-form rules, as the rest of the back office: zod
 * would weigh more than these few fields — and the server's 422 spread back onto the fields. The
 * server trims and checks everything again.
 */
import type { FieldValues, Path, RegisterOptions, UseFormSetError } from 'react-hook-form';
import { errorText, fieldError } from '../api/admin-client';
import { isStaffRole, type InvitationBody, type StaffRole } from './staff-types';

/** お名前's limit, in characters (code points, as the server counts). */
export const NAME_MAX = 50;

export const MESSAGES = {
  email: 'メールアドレスを正しく入力してください。',
  name: 'お名前を入力してください。',
  nameTooLong: `お名前は${NAME_MAX}文字以内で入力してください。`,
  role: '権限を選んでください。',
} as const;

/** The invitation as typed: 権限 is '' until one is chosen. */
export interface InviteValues {
  email: string;
  name: string;
  role: StaffRole | '';
}

export interface RoleValues {
  role: StaffRole | '';
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const roleRule = {
  validate: (value: string) => isStaffRole(value) || MESSAGES.role,
};

export const inviteRules = {
  email: { validate: (value: string) => EMAIL.test(value.trim()) || MESSAGES.email },
  name: {
    validate: (value: string) => {
      const name = value.trim();
      if (name === '') return MESSAGES.name;
      return [...name].length <= NAME_MAX || MESSAGES.nameTooLong;
    },
  },
  role: roleRule,
} satisfies { [K in keyof InviteValues]: RegisterOptions<InviteValues, K> };

export const roleRules = { role: roleRule } satisfies { [K in keyof RoleValues]: RegisterOptions<RoleValues, K> };

/** What スタッフを招待 sends (the values have passed `inviteRules`, so 権限 is one of the roles). */
export function inviteBody(values: InviteValues): InvitationBody {
  return { email: values.email.trim(), name: values.name.trim(), role: values.role as StaffRole };
}

/**
 * A refused change onto its form: the server's field messages onto their fields (the first one
 * focused); what no field shows comes back for the form's alert.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): string | null {
  let shown = false;
  for (const name of fields) {
    const message = fieldError(error, name);
    if (message) {
      setError(name, { type: 'server', message }, { shouldFocus: !shown });
      shown = true;
    }
  }
  return shown ? null : errorText(error);
}
