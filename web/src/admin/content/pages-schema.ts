/**
 * ページ管理's form: its fields (タイトル, the 項目 as 見出し and 本文, 公開), their rules
 * (react-hook-form rules, as the rest of the back office: zod would weigh more than these few
 * fields) with the server's own words and limits (docs/contracts/pages-desk.md), the body 保存する
 * sends, and the server's 422 spread back onto the fields. A `【要入力：…】` left in a field is only
 * pointed out here: whether a page may be published with one is the server's rule (a draft may
 * keep them). The server trims and checks everything again.
 */
import type { RegisterOptions } from 'react-hook-form';
import { AdminApiError, errorText } from '../api/admin-client';
import { isBlank, maxLength } from '../../lib/validators';
import type { AdminPage, PageInput } from './pages-types';

export const TITLE_MAX = 100;
export const HEADING_MAX = 100;
export const BODY_MAX = 5_000;
export const SECTIONS_MAX = 50;

/** How a template marks what only the owner can write: `【要入力：販売業者名】`. */
export const PLACEHOLDER_OPENING = '【要入力：';

/** The server's messages (docs/contracts/pages-desk.md), said here before it is asked. */
export const MESSAGES = {
  titleRequired: 'タイトルを入力してください。',
  titleTooLong: 'タイトルは100文字以内で入力してください。',
  sectionsRequired: '項目を1つ以上入力してください。',
  sectionsTooMany: '項目は50個までです。',
  headingRequired: '見出しを入力してください。',
  headingTooLong: '見出しは100文字以内で入力してください。',
  bodyRequired: '本文を入力してください。',
  bodyTooLong: '本文は5,000文字以内で入力してください。',
  /** Under a field still holding a template's blank (the server says the same when publishing). */
  placeholder: '【要入力：…】を書き換えてください。',
  /** Beside 公開する when the page still holds a blank (the server's word; never said before asking). */
  publishRefused: '【要入力：…】の箇所が残っているため公開できません。内容を入力してから公開してください。',
  /** Above the form when a save was refused (with what no field shows). */
  summary: '入力内容を確認してください。',
} as const;

export interface SectionValues {
  heading: string;
  body: string;
}

export interface PageValues {
  title: string;
  sections: SectionValues[];
  is_published: boolean;
}

/** Whether the text still holds a template's blank. */
export function holdsPlaceholder(text: string): boolean {
  return text.includes(PLACEHOLDER_OPENING);
}

/** A text field's rule: required, and at most `max` characters (code points) once trimmed. */
function textRule(max: number, required: string, tooLong: string) {
  return (value: string): true | string => {
    if (isBlank(value)) return required;
    return maxLength(value.trim(), max) === null || tooLong;
  };
}

export const pageRules = {
  title: { validate: textRule(TITLE_MAX, MESSAGES.titleRequired, MESSAGES.titleTooLong) },
  heading: { validate: textRule(HEADING_MAX, MESSAGES.headingRequired, MESSAGES.headingTooLong) },
  body: { validate: textRule(BODY_MAX, MESSAGES.bodyRequired, MESSAGES.bodyTooLong) },
} satisfies {
  title: RegisterOptions<PageValues, 'title'>;
  heading: RegisterOptions<PageValues, `sections.${number}.heading`>;
  body: RegisterOptions<PageValues, `sections.${number}.body`>;
};

/** The 項目's own message (none, or too many), for a count of sections. */
export function sectionsMessage(count: number): string | null {
  if (count === 0) return MESSAGES.sectionsRequired;
  if (count > SECTIONS_MAX) return MESSAGES.sectionsTooMany;
  return null;
}

/** The page as the form shows it. */
export function pageValues(page: AdminPage): PageValues {
  return {
    title: page.title,
    sections: page.sections.map(({ heading, body }) => ({ heading, body })),
    is_published: page.is_published,
  };
}

/** A new, empty 項目 (項目を追加). */
export const emptySection = (): SectionValues => ({ heading: '', body: '' });

/** The whole form as 保存する sends it, with the version it was read at. */
export function pageBody(values: PageValues, version: number): PageInput {
  return {
    version,
    title: values.title,
    sections: values.sections.map(({ heading, body }) => ({ heading, body })),
    is_published: values.is_published,
  };
}

/** A form field the server names (`sections.2.body`, also written `sections[2].body`). */
export type PageField = 'title' | 'is_published' | `sections.${number}.heading` | `sections.${number}.body`;

export function pageFieldOf(key: string): PageField | null {
  if (key === 'title' || key === 'is_published') return key;
  const section = /^sections(?:\.(\d+)|\[(\d+)\])\.(heading|body)$/.exec(key);
  if (!section) return null;
  const index = Number(section[1] ?? section[2]);
  return section[3] === 'heading' ? `sections.${index}.heading` : `sections.${index}.body`;
}

/** Where a field stands in the form: タイトル, each 項目's 見出し then 本文, then 公開. */
function formOrder(name: PageField): number {
  if (name === 'title') return -1;
  if (name === 'is_published') return Number.MAX_SAFE_INTEGER;
  const [, index, field] = name.split('.');
  return Number(index) * 2 + (field === 'body' ? 1 : 0);
}

export interface PageErrors {
  /** Each field's first message, in the form's order. */
  fields: { name: PageField; message: string }[];
  /** The 項目's own message (none, or too many). */
  sections: string | null;
  /** The form's alert: the summary and what no field shows (the version's), or the failure's message. */
  alert: string;
}

/** A refused save (422) as messages for the fields and the form's alert; any other failure as its message. */
export function pageErrors(error: unknown): PageErrors {
  if (!(error instanceof AdminApiError) || Object.keys(error.errors).length === 0) {
    return { fields: [], sections: null, alert: errorText(error) };
  }
  const fields: PageErrors['fields'] = [];
  let sections: string | null = null;
  const other: string[] = [];
  for (const [key, messages] of Object.entries(error.errors)) {
    const message = messages[0];
    if (!message) continue;
    const name = pageFieldOf(key);
    if (name) fields.push({ name, message });
    else if (key === 'sections') sections = message;
    else if (!other.includes(message)) other.push(message);
  }
  // In the form's order (the server's keys come sorted by name): the first one takes the focus.
  fields.sort((a, b) => formOrder(a.name) - formOrder(b.name));
  return { fields, sections, alert: [MESSAGES.summary, ...other].join('\n') };
}

/** A 本文 as the storefront shows it: paragraphs split on blank lines (line breaks kept inside). */
export function splitParagraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
}
