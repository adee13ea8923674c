/** How the member desk writes what the server sends: Japan days, postal codes, counts, blanks. */
import { formatDateTime, formatDay } from '../ui/date-time';

/** What a blank profile field reads. */
export const BLANK = '未登録';

/** A moment as its Japan day, `2026/11/28`. */
export function japanDay(iso: string): string {
  return formatDateTime(iso).slice(0, 10);
}

/** `1000001` → `〒100-0001`. */
export function postal(code: string): string {
  return `〒${/^\d{7}$/.test(code) ? `${code.slice(0, 3)}-${code.slice(3)}` : code}`;
}

/** `1990-05-01` → `1990/05/01`. */
export function birthday(value: string): string {
  return formatDay(value);
}

const COUNT = new Intl.NumberFormat('ja-JP');

export function count(value: number): string {
  return COUNT.format(value);
}

/** Points as the desk shows them: `1,200pt`, an adjustment signed (`+300pt`, `-300pt`). */
export function points(value: number, signed = false): string {
  const sign = value > 0 && signed ? '+' : value < 0 ? '-' : '';
  return `${sign}${COUNT.format(Math.abs(value))}pt`;
}

/** A field's text, or 未登録 when the member left it blank. */
export function orBlank(value: string | null | undefined): string {
  return value?.trim() ? value : BLANK;
}
