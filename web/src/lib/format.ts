/**
 * Display formats (spec 000 §9): dates `YYYY.MM.DD`, date-times `YYYY.MM.DD H:mm`, always in
 * Japan time whatever the browser's zone, and yen `¥1,234`. Japan has used a fixed +09:00 with
 * no daylight saving since 1951, so a constant offset is exact.
 */
import { isValid, parseISO } from 'date-fns';

const JST_OFFSET_MS = 9 * 60 * 60 * 1000;

function toInstant(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : typeof value === 'number' ? new Date(value) : parseISO(value);
  return isValid(date) ? date : null;
}

interface JstParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

export function jstParts(value: string | number | Date): JstParts | null {
  const date = toInstant(value);
  if (!date) return null;
  const shifted = new Date(date.getTime() + JST_OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
  };
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

/**
 * `2026.11.20`, or '' for a missing or unreadable value. A calendar day without a time
 * (`2026-11-20`) is that day as it is: read as an instant, it would be local midnight, which
 * is the day before in Japan for a browser east of +09:00.
 */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(value)) return value.replaceAll('-', '.');
  const p = jstParts(value);
  return p ? `${p.year}.${pad2(p.month)}.${pad2(p.day)}` : '';
}

/** `2026.11.20 9:05` (hour without padding, minutes padded). */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const p = jstParts(value);
  return p ? `${p.year}.${pad2(p.month)}.${pad2(p.day)} ${p.hour}:${pad2(p.minute)}` : '';
}

/** `¥1,234`; money is integer yen, so anything else is a bug upstream and throws. */
export function formatYen(amount: number): string {
  if (!Number.isSafeInteger(amount)) {
    throw new RangeError(`yen amounts are integers, got ${amount}`);
  }
  return `${amount < 0 ? '-' : ''}¥${groupDigits(Math.abs(amount))}`;
}

/**
 * A count as `1,234` — what `toLocaleString('ja-JP')` gives for an integer, without loading the
 * browser's Intl number data (tens of milliseconds on a slow phone, on the product list's first paint).
 */
export function formatCount(count: number): string {
  if (!Number.isSafeInteger(count)) return count.toLocaleString('ja-JP');
  return `${count < 0 ? '-' : ''}${groupDigits(Math.abs(count))}`;
}

function groupDigits(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
