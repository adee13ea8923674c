/** Money as the back office shows it: integer yen, `¥12,345` (the server computes every amount). */
const FORMAT = new Intl.NumberFormat('ja-JP');

export function formatYen(value: number): string {
  return `${value < 0 ? '-' : ''}¥${FORMAT.format(Math.abs(value))}`;
}

export function Yen({ value }: { value: number }) {
  return <span>{formatYen(value)}</span>;
}
