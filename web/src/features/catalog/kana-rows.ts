/** Groups names by the row of the kana syllabary (あ行, か行 …) of their reading, as Japanese indexes do. */
const ROWS: readonly [string, string][] = [
  ['あ行', 'あいうえおぁぃぅぇぉゔ'],
  ['か行', 'かきくけこがぎぐげごゕゖ'],
  ['さ行', 'さしすせそざじずぜぞ'],
  ['た行', 'たちつてとだぢづでどっ'],
  ['な行', 'なにぬねの'],
  ['は行', 'はひふへほばびぶべぼぱぴぷぺぽ'],
  ['ま行', 'まみむめも'],
  ['や行', 'やゆよゃゅょ'],
  ['ら行', 'らりるれろ'],
  ['わ行', 'わをんゎゐゑ'],
];

export const OTHER_ROW = '英数字・その他';

/** The row of a reading's first character; katakana count as hiragana. */
export function kanaRow(reading: string): string {
  const first = reading.trim().charAt(0);
  const code = first.charCodeAt(0);
  const hiragana = code >= 0x30a1 && code <= 0x30f6 ? String.fromCharCode(code - 0x60) : first;
  return ROWS.find(([, chars]) => chars.includes(hiragana))?.[0] ?? OTHER_ROW;
}

/** Items grouped by row in syllabary order (the other row last), sorted by reading within a row. */
export function groupByKanaRow<T>(items: readonly T[], reading: (item: T) => string): { row: string; items: T[] }[] {
  const order = [...ROWS.map(([row]) => row), OTHER_ROW];
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const row = kanaRow(reading(item));
    groups.set(row, [...(groups.get(row) ?? []), item]);
  }
  const byReading = (a: T, b: T) => reading(a).localeCompare(reading(b), 'ja');
  return order
    .filter((row) => groups.has(row))
    .map((row) => ({ row, items: [...(groups.get(row) ?? [])].sort(byReading) }));
}
