/**
 * The review form (docs/member-area-api.md, "Reviews"): rating 1–5, title 1–50, body 10–1000,
 * nickname 0–20 (blank: the server writes the member's family name + 「さん」). Lengths in
 * characters, as the server counts them.
 */
import { z } from 'zod';
import type { ReviewInput } from '../../api/memorial-size-review-types';
import { maxLength, required, zMaxLength } from '../../lib/validators';

export const TITLE_MAX = 50;
export const BODY_MIN = 10;
export const BODY_MAX = 1000;
export const NICKNAME_MAX = 20;

export const REVIEW_MESSAGES = {
  rating: '評価を選択してください',
  bodyMin: `${BODY_MIN}文字以上で入力してください`,
} as const;

export interface ReviewFields {
  rating: string | null;
  title: string;
  body: string;
  nickname: string;
}

export const REVIEW_FIELD_NAMES = ['rating', 'title', 'body', 'nickname'] as const;

export const EMPTY_REVIEW: ReviewFields = { rating: '', title: '', body: '', nickname: '' };

const RATINGS = ['1', '2', '3', '4', '5'];

export const reviewSchema = z.object({
  // Radio buttons with none chosen read as null.
  rating: z
    .string()
    .nullable()
    .refine((value) => value !== null && RATINGS.includes(value), { message: REVIEW_MESSAGES.rating }),
  title: z.string().superRefine((value, ctx) => {
    const message = required(value) ?? maxLength(value, TITLE_MAX);
    if (message !== null) ctx.addIssue({ code: 'custom', message });
  }),
  body: z.string().superRefine((value, ctx) => {
    const message =
      required(value) ?? ([...value].length < BODY_MIN ? REVIEW_MESSAGES.bodyMin : maxLength(value, BODY_MAX));
    if (message !== null) ctx.addIssue({ code: 'custom', message });
  }),
  nickname: zMaxLength(NICKNAME_MAX),
});

export function toReviewInput(fields: ReviewFields): ReviewInput {
  return { rating: Number(fields.rating), title: fields.title, body: fields.body, nickname: fields.nickname };
}
