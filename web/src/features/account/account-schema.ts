/**
 * The member forms' rules. Field rules come from lib/validators (one rule set with the server,
 * shared/validation-vectors.json); demo and corporate channels differ as the contract says.
 */
import { z } from 'zod';
import { ADDRESS_MAX, profileShape, refineProfile } from '../../domain/member/profile-form';
import { maxLength, refinePasswordConfirmation, zMaxLength, zPassword, zRequired, zRule } from '../../lib/validators';

export const LEAVE_REASON_MAX = 1000;
/** The security answer's limit (the registration form's). */
export const ANSWER_MAX = ADDRESS_MAX;

// ---- パスワード変更 ----
export const passwordSchema = z
  .object({
    current_password: zRequired(),
    password: zPassword(),
    password_confirmation: zRequired(),
  })
  .superRefine(refinePasswordConfirmation());

export type PasswordFields = z.input<typeof passwordSchema>;

// ---- 秘密の質問の変更 ----
export const securityQuestionSchema = z.object({
  current_password: zRequired(),
  /** '1'..'4' from the select ('' until one is chosen). */
  question_ct: zRule(() => null),
  answer: zRule((value) => maxLength(value, ANSWER_MAX)),
});
export type SecurityQuestionFields = z.input<typeof securityQuestionSchema>;

// ---- 退会 ----
export const leaveReasonSchema = z.object({ reason: zMaxLength(LEAVE_REASON_MAX) });
export type LeaveReasonFields = z.input<typeof leaveReasonSchema>;

export const leavePasswordSchema = z.object({ password: zRequired() });
export type LeavePasswordFields = z.input<typeof leavePasswordSchema>;

/** A member without a password leaves with the 6-digit code mailed by POST /v1/me/leave-code. */
export const leaveCodeSchema = z.object({ code: zRequired() });
export type LeaveCodeFields = z.input<typeof leaveCodeSchema>;

// ---- 会員情報の変更: the profile of domain/member/profile-form ----
export function profileSchema(corporate: boolean) {
  return z.object(profileShape(corporate)).superRefine(refineProfile);
}
