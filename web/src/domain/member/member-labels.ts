/**
 * The member constants of spec 000 §3 / 001 §3 as the customer reads them: gender, security
 * questions and the newsletter choice. Registration, profile and reminder screens share them.
 */
export const GENDER_LABELS = {
  1: '男性',
  2: '女性',
  3: 'その他',
  4: '回答しない',
} as const satisfies Record<1 | 2 | 3 | 4, string>;

export const SECURITY_QUESTIONS = {
  1: '初めて飼ったペットの名前は？',
  2: '母親の旧姓は？',
  3: '卒業した小学校の名前は？',
  4: '好きな食べ物は？',
} as const satisfies Record<1 | 2 | 3 | 4, string>;

export const NEWSLETTER_LABELS = {
  1: '受け取る',
  0: '受け取らない',
} as const satisfies Record<0 | 1, string>;

/** The radio choices of forms, as [value, label] in the order shown. */
export const GENDER_CHOICES = Object.entries(GENDER_LABELS);
export const NEWSLETTER_CHOICES = [
  ['1', NEWSLETTER_LABELS[1]],
  ['0', NEWSLETTER_LABELS[0]],
] as const;

export type GenderCode = keyof typeof GENDER_LABELS;
export type QuestionCode = keyof typeof SECURITY_QUESTIONS;

export function genderLabel(code: number | null | undefined): string | null {
  return code !== null && code !== undefined && code in GENDER_LABELS ? GENDER_LABELS[code as GenderCode] : null;
}

export function questionLabel(code: number | null | undefined): string | null {
  return code !== null && code !== undefined && code in SECURITY_QUESTIONS
    ? SECURITY_QUESTIONS[code as QuestionCode]
    : null;
}
