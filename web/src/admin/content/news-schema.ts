/**
 * お知らせ管理's form (docs/contracts/news-desk.md): its fields (URL on a new item, タイトル, 要約,
 * カテゴリ, 画像, 本文, 公開日時, 公開), their rules (react-hook-form rules, as the page desk: zod
 * would weigh more than these few fields) in the server's own words and limits, the bodies
 * 保存する sends, and the server's 422 spread back onto the fields. The server trims, cleans the
 * markup and checks everything again.
 */
import type { RegisterOptions } from 'react-hook-form';
import { isBlank, maxLength } from '../../lib/validators';
import { AdminApiError, errorText } from '../api/admin-client';
import { toLocalInput } from '../ui/date-time';
import type { NewsCreateInput, NewsDesk, NewsUpdateInput } from './news-types';

export const TITLE_MAX = 100;
export const SUMMARY_MAX = 200;
export const CATEGORY_MAX = 20;
export const BODY_MAX = 20_000;
export const KEY_MAX = 64;

/** The カテゴリ box's suggestions (any other words may be typed). */
export const CATEGORY_SUGGESTIONS = ['お知らせ', '重要', 'キャンペーン', 'メンテナンス'] as const;

/** The server's messages (docs/contracts/news-desk.md), said here before it is asked. */
export const MESSAGES = {
  titleRequired: 'タイトルを入力してください。',
  titleTooLong: 'タイトルは100文字以内で入力してください。',
  summaryTooLong: '要約は200文字以内で入力してください。',
  categoryTooLong: 'カテゴリは20文字以内で入力してください。',
  bodyRequired: '本文を入力してください。',
  bodyTooLong: '本文は20,000文字以内で入力してください。',
  publishedAtRequired: '公開日時を入力してください。',
  publishedAtShape: '日時の形式が正しくありません（例: 2026-12-01T10:00）。',
  keyShape: 'URLは半角英小文字・数字・ハイフン（64文字以内）で入力してください。',
  /** Above the form when a save was refused (with what no field shows). */
  summary: '入力内容を確認してください。',
} as const;

export interface NewsValues {
  /** A new item's URL (`/news/{key}`); blank: the server makes one. Not sent on a save. */
  key: string;
  title: string;
  summary: string;
  category: string;
  body: string;
  /** The picture's URL ('' for none) and its variants for `srcSet` ('' for none). */
  image_url: string;
  image_srcset: string;
  /** `YYYY-MM-DDTHH:mm` in Japan time (a datetime-local box). */
  published_at: string;
  is_published: boolean;
}

const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const KEY_SHAPE = /^[a-z0-9-]+$/;

/** A text's rule: at most `max` characters (code points) once trimmed; `required` when it may not be blank. */
function textRule(max: number, tooLong: string, required?: string) {
  return (value: string): true | string => {
    if (isBlank(value)) return required ?? true;
    return maxLength(value.trim(), max) === null || tooLong;
  };
}

export const newsRules = {
  key: {
    validate: (value: string): true | string => {
      const key = value.trim();
      return key === '' || (KEY_SHAPE.test(key) && [...key].length <= KEY_MAX) || MESSAGES.keyShape;
    },
  },
  title: { validate: textRule(TITLE_MAX, MESSAGES.titleTooLong, MESSAGES.titleRequired) },
  summary: { validate: textRule(SUMMARY_MAX, MESSAGES.summaryTooLong) },
  category: { validate: textRule(CATEGORY_MAX, MESSAGES.categoryTooLong) },
  body: { validate: textRule(BODY_MAX, MESSAGES.bodyTooLong, MESSAGES.bodyRequired) },
  published_at: {
    validate: (value: string): true | string => {
      if (isBlank(value)) return MESSAGES.publishedAtRequired;
      return LOCAL_TIME.test(value.trim()) || MESSAGES.publishedAtShape;
    },
  },
} satisfies {
  [Name in 'key' | 'title' | 'summary' | 'category' | 'body' | 'published_at']: RegisterOptions<NewsValues, Name>;
};

/** Now in Japan time as a datetime-local box takes it, to the minute (a new item's 公開日時). */
export function nowForInput(now: Date = new Date()): string {
  return toLocalInput(now.toISOString());
}

/** A new item: a draft, to be published now. */
export function emptyNews(now: Date = new Date()): NewsValues {
  return {
    key: '',
    title: '',
    summary: '',
    category: '',
    body: '',
    image_url: '',
    image_srcset: '',
    published_at: nowForInput(now),
    is_published: false,
  };
}

/** The item as the form shows it. */
export function newsValues(news: NewsDesk): NewsValues {
  return {
    key: news.key,
    title: news.title,
    summary: news.summary,
    category: news.category,
    body: news.body,
    image_url: news.image_url ?? '',
    image_srcset: news.image_srcset ?? '',
    published_at: toLocalInput(news.published_at),
    is_published: news.is_published,
  };
}

/** What a create and a save both send (NewsDeskInput). */
function inputOf(values: NewsValues) {
  return {
    title: values.title.trim(),
    summary: values.summary.trim(),
    category: values.category.trim(),
    body: values.body.trim(),
    image_url: values.image_url === '' ? null : values.image_url,
    // Japan time as the box gives it: the contract's own form.
    published_at: values.published_at.trim(),
    is_published: values.is_published,
  };
}

/** The body of POST /v1/admin/news: `key` only when one was typed (blank: the server makes one). */
export function createBody(values: NewsValues): NewsCreateInput {
  const key = values.key.trim();
  return key === '' ? inputOf(values) : { ...inputOf(values), key };
}

/** The body of PUT /v1/admin/news/{id}: the whole item with the version read (the key stays). */
export function updateBody(values: NewsValues, version: number): NewsUpdateInput {
  return { ...inputOf(values), version };
}

/** A form field the server names. */
export type NewsField = 'key' | 'title' | 'summary' | 'category' | 'body' | 'published_at' | 'is_published';

/** The form's fields in its order (the first refused one takes the focus). */
const FORM_ORDER: readonly NewsField[] = [
  'key',
  'title',
  'summary',
  'category',
  'body',
  'published_at',
  'is_published',
];

export interface NewsErrors {
  /** Each field's first message, in the form's order. */
  fields: { name: NewsField; message: string }[];
  /** The picture's message (`image_url`): said beside the picture. */
  image: string | null;
  /** The form's alert: the summary and what no field shows (the version's), or the failure's message. */
  alert: string;
}

/** A refused save (422) as messages for the fields and the form's alert; any other failure as its message. */
export function newsErrors(error: unknown): NewsErrors {
  if (!(error instanceof AdminApiError) || Object.keys(error.errors).length === 0) {
    return { fields: [], image: null, alert: errorText(error) };
  }
  const fields: NewsErrors['fields'] = [];
  let image: string | null = null;
  const other: string[] = [];
  for (const [key, messages] of Object.entries(error.errors)) {
    const message = messages[0];
    if (!message) continue;
    const name = FORM_ORDER.find((field) => field === key);
    if (name) fields.push({ name, message });
    else if (key === 'image_url') image = message;
    else if (!other.includes(message)) other.push(message);
  }
  fields.sort((a, b) => FORM_ORDER.indexOf(a.name) - FORM_ORDER.indexOf(b.name));
  return { fields, image, alert: [MESSAGES.summary, ...other].join('\n') };
}

/** A datetime-local value as the storefront writes a day: `2026.12.01`. */
export function storefrontDay(local: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})/.exec(local);
  return day ? `${day[1]}.${day[2]}.${day[3]}` : '';
}
