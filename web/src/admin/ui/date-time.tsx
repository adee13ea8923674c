/** Times as the shop reads them: Japan time, `2026/11/26 14:05`. */
const FORMAT = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : FORMAT.format(date);
}

export function DateTime({ value }: { value: string }) {
  return <time dateTime={value}>{formatDateTime(value)}</time>;
}

const DAY_FORMAT = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today in Japan as `YYYY-MM-DD` (what date inputs and the API take). */
export function todayInJapan(now: Date = new Date()): string {
  return DAY_FORMAT.format(now);
}

/** `2026-11-26` → `2026/11/26` (a Japan date the server sends as it is). */
export function formatDay(value: string): string {
  return value.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$1/$2/$3');
}

const LOCAL_INPUT_PARTS = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An API time as a datetime-local box shows it: Japan time, `2026-12-01T10:00`. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const part = (type: string) => LOCAL_INPUT_PARTS.formatToParts(date).find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`;
}

/** A datetime-local box's value (Japan time) as the API takes it; null when blank. */
export function fromLocalInput(value: string): string | null {
  const text = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text)) return null;
  return `${text.length === 16 ? `${text}:00` : text}+09:00`;
}
