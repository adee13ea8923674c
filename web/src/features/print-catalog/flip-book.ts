/**
 * What the flip-book viewer shows: single pages on a phone; on larger screens the cover alone,
 * then facing pages (2–3, 4–5 …) like an open booklet. Pure, tested beside it.
 */

/** Page numbers (1-based) grouped as they are shown together. */
export function spreadsOf(pageCount: number, twoUp: boolean): number[][] {
  const count = Math.max(0, Math.floor(pageCount));
  if (count === 0) return [];
  if (!twoUp) return Array.from({ length: count }, (_, i) => [i + 1]);
  const spreads: number[][] = [[1]];
  for (let left = 2; left <= count; left += 2) spreads.push(left + 1 <= count ? [left, left + 1] : [left]);
  return spreads;
}

/** The index of the spread holding `page` (clamped into the book). */
export function spreadIndexOf(spreads: number[][], page: number): number {
  const index = spreads.findIndex((spread) => spread.includes(page));
  if (index >= 0) return index;
  return page < 1 ? 0 : Math.max(0, spreads.length - 1);
}

/** 「3 / 12」, or 「2–3 / 12」 for facing pages. */
export function pageCounter(spread: number[], pageCount: number): string {
  const first = spread[0];
  const last = spread[spread.length - 1];
  if (first === undefined || last === undefined) return `0 / ${pageCount}`;
  return first === last ? `${first} / ${pageCount}` : `${first}–${last} / ${pageCount}`;
}
