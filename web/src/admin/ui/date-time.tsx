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
