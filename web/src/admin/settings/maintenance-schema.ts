/**
 * メンテナンスモード's form: 状態 (two radios, sent as a boolean), タイトル and お客様へのメッセージ,
 * their rules (react-hook-form rules with the server's own words,
 * docs/contracts/settings-maintenance.md: both texts needed while the shop is closed, at most 100
 * and 1,000 characters), the texts a shop that never wrote any starts from, the body 保存する sends
 * (texts as typed: the server trims) and the fields a 422 may name.
 */
import type { RegisterOptions } from 'react-hook-form';
import { isBlank, maxLength } from '../../lib/validators';
import type { MaintenanceInput, MaintenanceSettings } from './maintenance-types';

export const TITLE_MAX = 100;
export const MESSAGE_MAX = 1000;

/** The server's messages, said here before it is asked, and what the screen says. */
export const MESSAGES = {
  titleRequired: 'メンテナンス中はタイトルを入力してください。',
  titleTooLong: 'タイトルは100文字以内で入力してください。',
  messageRequired: 'メンテナンス中はお客様へのメッセージを入力してください。',
  messageTooLong: 'メッセージは1,000文字以内で入力してください。',
  /** The status line while the shop is open (as saved). */
  open: '現在: 営業中',
  /** The warning box while the shop is closed (as saved). */
  closed: '現在: メンテナンス中 — お客様はお店を利用できません。管理画面はそのまま使えます。',
  started: 'メンテナンスを開始しました。',
  ended: 'メンテナンスを終了し、お店を再開しました。',
  saved: '設定を保存しました。',
} as const;

/** What a shop that never wrote its texts finds in the form (saved only by 保存する). */
export const DEFAULT_TITLE = 'メンテナンス中です';
export const DEFAULT_MESSAGE =
  'ただいまメンテナンスのため、一時的にご利用いただけません。ご不便をおかけしますが、再開まで今しばらくお待ちください。';

/** 状態's radios: the shop open, or closed for maintenance. */
export type MaintenanceState = 'off' | 'on';

export interface MaintenanceValues {
  is_on: MaintenanceState;
  title: string;
  message: string;
}

/** The fields, in the form's order (a refused save focuses the first one named). */
export const MAINTENANCE_FIELDS = ['is_on', 'title', 'message'] as const satisfies readonly (keyof MaintenanceValues)[];

/** A text as the server keeps it: trimmed, counted in characters. */
function text(value: string, max: number, closing: boolean, required: string, tooLong: string): true | string {
  if (closing && isBlank(value)) return required;
  return maxLength(value.trim(), max) === null || tooLong;
}

export const maintenanceRules = {
  title: {
    validate: (value: string, values: MaintenanceValues): true | string =>
      text(value, TITLE_MAX, values.is_on === 'on', MESSAGES.titleRequired, MESSAGES.titleTooLong),
  },
  message: {
    validate: (value: string, values: MaintenanceValues): true | string =>
      text(value, MESSAGE_MAX, values.is_on === 'on', MESSAGES.messageRequired, MESSAGES.messageTooLong),
  },
} satisfies {
  title: RegisterOptions<MaintenanceValues, 'title'>;
  message: RegisterOptions<MaintenanceValues, 'message'>;
};

/** The settings as the form shows them: empty texts as the defaults, to be saved by 保存する. */
export function maintenanceValues(settings: MaintenanceSettings): MaintenanceValues {
  return {
    is_on: settings.is_on ? 'on' : 'off',
    title: settings.title === '' ? DEFAULT_TITLE : settings.title,
    message: settings.message === '' ? DEFAULT_MESSAGE : settings.message,
  };
}

/** The form as 保存する sends it (texts as typed: the server trims), with the version it was read at. */
export function maintenanceBody(values: MaintenanceValues, version: number): MaintenanceInput {
  return { version, is_on: values.is_on === 'on', title: values.title, message: values.message };
}

/** Whether saving these values closes a shop that is open now: asked first. */
export function closesShop(values: MaintenanceValues, shown: MaintenanceSettings): boolean {
  return values.is_on === 'on' && !shown.is_on;
}

/** What the status region says after a save: the shop closed, opened again, or only its texts saved. */
export function savedText(saved: MaintenanceSettings, before: MaintenanceSettings): string {
  if (saved.is_on && !before.is_on) return MESSAGES.started;
  if (!saved.is_on && before.is_on) return MESSAGES.ended;
  return MESSAGES.saved;
}

/** The message as /maintenance draws it: paragraphs at blank lines, single line breaks kept. */
export function previewParagraphs(message: string): string[] {
  return message
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
}
