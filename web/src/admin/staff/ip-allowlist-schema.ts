/**
 * IPアドレス制限's form: one textarea, one address or network per line, sent as typed (split on
 * newlines, empty lines too, so that the server's `entries.N` is the line N + 1). Its rule (a
 * react-hook-form rule with the server's own words) refuses only the lines the server surely
 * refuses — a character no address or CIDR has (a letter past f, a space inside, full-width
 * digits) — and leaves the rest to the server: the exact syntax (IPv6 included), the limit of 50
 * and the lock-out check. The field's message is the list of problems, one per line of text
 * (「3行目: …」), the client's or the server's 422.
 */
import type { RegisterOptions } from 'react-hook-form';
import { AdminApiError, errorText } from '../api/admin-client';
import type { IpAllowlist, IpAllowlistInput } from './ip-allowlist-types';

/** The server's messages (docs/contracts/ip-allowlist.md), said here before it is asked. */
export const MESSAGES = {
  entry: 'IPアドレスまたはCIDR（例：203.0.113.0/24）で入力してください。',
  /** Above the form when a save was refused (with what the textarea does not show). */
  summary: '入力内容を確認してください。',
} as const;

export interface IpAllowlistValues {
  /** The textarea as typed. */
  entries: string;
}

/** The textarea's lines, as 保存する sends them. */
export function textLines(text: string): string[] {
  return text.split('\n');
}

/** 「3行目: …」 for the line at `index` (0-based, as `entries.N` counts). */
export function lineProblem(index: number, message: string): string {
  return `${index + 1}行目: ${message}`;
}

/** A character that no address or CIDR has: hexadecimal digits, 「:」「.」「/」 only. */
const NOT_AN_ADDRESS = /[^0-9A-Fa-f:./]/;

/** The field's message as a list: one problem per line of the message. */
export function problemsOf(message: string | undefined): string[] {
  return message ? message.split('\n') : [];
}

export const ipAllowlistRules = {
  entries: {
    validate: (text: string): true | string => {
      const problems = textLines(text).flatMap((line, index) => {
        const typed = line.trim();
        return typed !== '' && NOT_AN_ADDRESS.test(typed) ? [lineProblem(index, MESSAGES.entry)] : [];
      });
      return problems.length === 0 || problems.join('\n');
    },
  },
} satisfies { entries: RegisterOptions<IpAllowlistValues, 'entries'> };

/** The list as the form shows it: one entry a line. */
export function ipAllowlistValues(list: IpAllowlist): IpAllowlistValues {
  return { entries: list.entries.join('\n') };
}

/** The form as 保存する sends it: every line as typed, with the version it was read at. */
export function ipAllowlistBody(values: IpAllowlistValues, version: number): IpAllowlistInput {
  return { version, entries: textLines(values.entries) };
}

/** `text` with `line` added as its last line (in place of nothing but blanks). */
export function withLine(text: string, line: string): string {
  if (text.trim() === '') return line;
  return text.endsWith('\n') ? `${text}${line}` : `${text}\n${line}`;
}

/** 「現在: 制限なし」 or 「現在: 2件の接続元に制限中」, for the list as saved. */
export function stateText(list: IpAllowlist): string {
  return list.entries.length === 0 ? '現在: 制限なし' : `現在: ${list.entries.length}件の接続元に制限中`;
}

export interface IpAllowlistErrors {
  /** What goes under the textarea: each line's message (「3行目: …」, in line order), then the list's. */
  entries: string[];
  /** The form's alert: the summary and what the textarea does not show (the version's), or the failure's message. */
  alert: string;
}

/** A refused save (422) as the textarea's problems and the form's alert; any other failure as its message. */
export function ipAllowlistErrors(error: unknown): IpAllowlistErrors {
  if (!(error instanceof AdminApiError) || Object.keys(error.errors).length === 0) {
    return { entries: [], alert: errorText(error) };
  }
  const lines: { index: number; text: string }[] = [];
  const list: string[] = [];
  const other: string[] = [];
  for (const [key, messages] of Object.entries(error.errors)) {
    const message = messages[0];
    if (!message) continue;
    const line = /^entries\.(\d+)$/.exec(key);
    if (line) {
      const index = Number(line[1]);
      lines.push({ index, text: lineProblem(index, message) });
    } else if (key === 'entries') {
      list.push(...messages);
    } else if (!other.includes(message)) {
      other.push(message);
    }
  }
  lines.sort((a, b) => a.index - b.index);
  return { entries: [...lines.map((line) => line.text), ...list], alert: [MESSAGES.summary, ...other].join('\n') };
}
