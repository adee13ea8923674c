/**
 * The browser's checks on a review, with the server's limits and wording (docs/member-area-api.md,
 * "Reviews"): rating 1–5, title 1–50, body 10–1000, nickname 0–20 (blank: the server writes the
 * member's family name + 「さん」). Lengths in characters after trimming, as the server counts.
 * Plain functions rather than zod: the product page stays free of the form libraries.
 */
import type { ReviewInput } from '../../api/types';

export interface ReviewFields {
  /** '' until a star is chosen. */
  rating: string;
  title: string;
  body: string;
  nickname: string;
}

export type ReviewErrors = Partial<Record<keyof ReviewFields, string>>;

export const REVIEW_FIELDS = ['rating', 'title', 'body', 'nickname'] as const;

export const TITLE_MAX = 50;
export const BODY_MIN = 10;
export const BODY_MAX = 1000;
export const NICKNAME_MAX = 20;

export const EMPTY_REVIEW: ReviewFields = { rating: '', title: '', body: '', nickname: '' };

export const REVIEW_MESSAGES = {
  rating: '評価を1〜5の星で選んでください。',
  title: 'タイトルを入力してください。',
  titleMax: `タイトルは${TITLE_MAX}文字以内で入力してください。`,
  bodyMin: `レビュー本文は${BODY_MIN}文字以上で入力してください。`,
  bodyMax: `レビュー本文は${BODY_MAX}文字以内で入力してください。`,
  nicknameMax: `ニックネームは${NICKNAME_MAX}文字以内で入力してください。`,
} as const;

const length = (s: string): number => [...s.trim()].length;

/** Errors by field; an empty object when the review may be sent. Pure. */
export function checkReview(fields: ReviewFields): ReviewErrors {
  const errors: ReviewErrors = {};
  if (!['1', '2', '3', '4', '5'].includes(fields.rating)) errors.rating = REVIEW_MESSAGES.rating;
  if (length(fields.title) === 0) errors.title = REVIEW_MESSAGES.title;
  else if (length(fields.title) > TITLE_MAX) errors.title = REVIEW_MESSAGES.titleMax;
  if (length(fields.body) < BODY_MIN) errors.body = REVIEW_MESSAGES.bodyMin;
  else if (length(fields.body) > BODY_MAX) errors.body = REVIEW_MESSAGES.bodyMax;
  if (length(fields.nickname) > NICKNAME_MAX) errors.nickname = REVIEW_MESSAGES.nicknameMax;
  return errors;
}

export function toReviewInput(fields: ReviewFields): ReviewInput {
  return { rating: Number(fields.rating), title: fields.title, body: fields.body, nickname: fields.nickname };
}

/**
 * A 422's `errors` by form field (`title` or `review.title`), and what no field can show.
 */
export function serverReviewErrors(errors: Record<string, string[]>): { fields: ReviewErrors; rest: string[] } {
  const fields: ReviewErrors = {};
  const rest: string[] = [];
  for (const [key, messages] of Object.entries(errors)) {
    const message = messages.find((m) => m !== '');
    if (!message) continue;
    const name = key.split('.').pop() as keyof ReviewFields;
    if ((REVIEW_FIELDS as readonly string[]).includes(name)) fields[name] ??= message;
    else rest.push(message);
  }
  return { fields, rest };
}
