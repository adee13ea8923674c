/**
 * The registration form's rules (spec 001 §5, contract "Field rules"): one schema, built for the
 * shop's variant — the demo rules, or the corporate (Tsunagu) rules with the company fields.
 * The profile part is domain/member/profile-form's, the same as on the profile edit.
 */
import { z } from 'zod';
import type { RegisterInput } from '../../api/types';
import {
  ADDRESS_MAX,
  CHOICE_CODES,
  EMPTY_PROFILE,
  profileShape,
  refineProfile,
  toProfileInput,
  type ChoiceCode,
  type ProfileFields,
} from '../../domain/member/profile-form';
import { maxLength, password, refinePasswordConfirmation, required, username, zRule } from '../../lib/validators';

/** The profile (domain/member/profile-form) and what only registration asks: login, password, security question. */
export interface RegisterFields extends ProfileFields {
  username: string;
  password: string;
  password_confirmation: string;
  question_ct: ChoiceCode;
  answer: string;
}

export const REGISTER_DEFAULTS: RegisterFields = {
  ...EMPTY_PROFILE,
  username: '',
  password: '',
  password_confirmation: '',
  question_ct: '',
  answer: '',
};

export const REGISTER_FIELD_NAMES = Object.keys(REGISTER_DEFAULTS) as (keyof RegisterFields)[];

const optional = { optional: true } as const;

/** The schema for the demo (`corporate` false) or the corporate (Tsunagu) shop's form. */
export function registerSchema(corporate: boolean) {
  return z
    .object({
      ...profileShape(corporate),
      username: zRule(username, optional),
      password: zRule(password),
      password_confirmation: zRule(() => null),
      question_ct: z.enum(CHOICE_CODES),
      answer: zRule((value) => maxLength(value, ADDRESS_MAX), optional),
    })
    .superRefine(refinePasswordConfirmation())
    .superRefine(refineProfile)
    .superRefine((values, ctx) => {
      // A chosen security question needs its answer.
      const message = values.question_ct === '' ? null : required(values.answer);
      if (message !== null) ctx.addIssue({ code: 'custom', message, path: ['answer'] });
    });
}

/** The body of POST /v1/users from the checked form. */
export function toRegisterInput(fields: RegisterFields, corporate: boolean): RegisterInput {
  const question = fields.question_ct === '' ? null : Number(fields.question_ct);
  return {
    ...toProfileInput(fields, corporate),
    password: fields.password,
    password_confirmation: fields.password_confirmation,
    question_ct: question,
    ...(fields.username !== '' ? { username: fields.username } : {}),
    ...(question !== null ? { answer: fields.answer } : {}),
  };
}
