/** `?page=` as a page number: a positive integer, otherwise 1. */
export function parsePageParam(value: string | null): number {
  if (value === null || !/^\d{1,6}$/.test(value)) return 1;
  const page = Number(value);
  return Math.max(page, 1);
}

/** A short key from the URL (`?category=`): trimmed, at most 100 characters, else null. */
export function parseKeyParam(value: string | null): string | null {
  const key = value?.trim() ?? '';
  return key !== '' && key.length <= 100 ? key : null;
}
