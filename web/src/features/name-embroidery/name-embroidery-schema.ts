/**
 * The preset form (docs/member-area-api.md, "Name embroidery (名入れ刺繍)"): 刺繍する文字 1–12
 * characters of letters, digits, kana, kanji, spaces and `& . - '`; 書体, 糸の色, 刺繍の位置 one of
 * the answer's `options`. The server checks the same and answers 422 on the field.
 */
import { z } from 'zod';
import type { EmbroideryInput, EmbroideryPreset } from '../../domain/name-embroidery/name-embroidery-queries';

export const TEXT_MAX = 12;

/** One of the answer's `options` (typefaces, colours and positions each have their own value type). */
export interface EmbroideryChoice {
  value: string;
  label: string;
}

export const EMBROIDERY_MESSAGES = {
  text: '刺繍する文字を入力してください。',
  textMax: `刺繍する文字は${TEXT_MAX}文字以内で入力してください。`,
  typeface: '書体を選択してください。',
  color: '糸の色を選択してください。',
  position: '刺繍する位置を選択してください。',
} as const;

/**
 * Letters (kana and kanji are letters too), digits, spaces and & . - ' (and ・ ー, as in names):
 * the server's `embroiderable` (server/src/embroidery/rules.rs), Rust's is_alphanumeric.
 */
const ALLOWED = /^[\p{Alphabetic}\p{N} \u3000&.\-'ー・]$/u;

/** Characters counted as code points, as the server counts (𠮷 is one). */
export function textLength(text: string): number {
  return [...text].length;
}

/** 「6/12文字」; the spaces around the text are not embroidered, so not counted. */
export function countText(text: string, max: number = TEXT_MAX): string {
  return `${textLength(text.trim())}/${max}文字`;
}

/** Each character that cannot be embroidered, once, in the order typed. */
export function unsupportedChars(text: string): string[] {
  return [...new Set([...text].filter((c) => !ALLOWED.test(c)))];
}

/** The server's order: empty, too long, then 「刺繍できない文字が含まれています: ＠」; else null. */
export function embroideryText(value: string): string | null {
  const text = value.trim();
  if (text === '') return EMBROIDERY_MESSAGES.text;
  if (textLength(text) > TEXT_MAX) return EMBROIDERY_MESSAGES.textMax;
  const bad = unsupportedChars(text);
  return bad.length > 0 ? `刺繍できない文字が含まれています: ${bad.join('')}` : null;
}

export interface EmbroideryFields {
  text: string;
  typeface: string | null;
  color: string | null;
  position: string | null;
}

export const EMBROIDERY_FIELD_NAMES = ['text', 'typeface', 'color', 'position'] as const;

export const EMPTY_EMBROIDERY: EmbroideryFields = { text: '', typeface: null, color: null, position: null };

/** A radio group's value (none chosen reads as null). */
const chosen = (message: string) =>
  z
    .string()
    .nullable()
    .refine((value) => value !== null && value !== '', { message });

export const embroiderySchema = z.object({
  text: z.string().superRefine((value, ctx) => {
    const message = embroideryText(value);
    if (message !== null) ctx.addIssue({ code: 'custom', message });
  }),
  typeface: chosen(EMBROIDERY_MESSAGES.typeface),
  color: chosen(EMBROIDERY_MESSAGES.color),
  position: chosen(EMBROIDERY_MESSAGES.position),
});

export function toEmbroideryInput(fields: EmbroideryFields): EmbroideryInput {
  return {
    text: fields.text,
    typeface: fields.typeface,
    color: fields.color,
    position: fields.position,
  } as EmbroideryInput;
}

export function embroideryFieldsOf(preset: EmbroideryPreset): EmbroideryFields {
  return { text: preset.text, typeface: preset.typeface, color: preset.color, position: preset.position };
}

/** The options as radio choices: [value, label]. */
export function choicesOf(options: readonly EmbroideryChoice[]): [string, string][] {
  return options.map((option) => [option.value, option.label]);
}

const labelOf = (options: readonly EmbroideryChoice[], value: string | null) =>
  options.find((option) => option.value === value)?.label ?? null;

/**
 * 「YAMADA（ブロック体・白・左胸）」 as the cart and receipt show it; the parts not chosen yet are
 * left out, and nothing until there is text.
 */
export function previewText(
  fields: EmbroideryFields,
  options: {
    typefaces: readonly EmbroideryChoice[];
    colors: readonly EmbroideryChoice[];
    positions: readonly EmbroideryChoice[];
  },
): string | null {
  if (fields.text.trim() === '') return null;
  const parts = [
    labelOf(options.typefaces, fields.typeface),
    labelOf(options.colors, fields.color),
    labelOf(options.positions, fields.position),
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? `${fields.text}（${parts.join('・')}）` : fields.text;
}

/** 「5件まで登録できます」 */
export function limitText(limit: number): string {
  return `${limit}件まで登録できます`;
}
