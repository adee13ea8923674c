/**
 * The reminder forms' rules, built from lib/validators (the rule set the server shares through
 * shared/validation-vectors.json).
 */
import { z } from 'zod';
import { refinePasswordConfirmation, zEmail, zPassword, zRequired, zUsername } from '../../lib/validators';

export const emailSchema = z.object({ email: zEmail() });
export type EmailFields = z.input<typeof emailSchema>;

/** New password twice; the security answer only when the member set a question. */
export const resetSchema = (hasQuestion: boolean) =>
  z
    .object({
      password: zPassword(),
      password_confirmation: zRequired(),
      answer: hasQuestion ? zRequired() : z.string(),
    })
    .superRefine(refinePasswordConfirmation());

export type ResetFields = z.input<ReturnType<typeof resetSchema>>;

export const usernameSchema = z.object({ username: zUsername() });
export type UsernameFields = z.input<typeof usernameSchema>;
