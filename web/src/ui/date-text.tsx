import { formatDate, formatDateTime } from '../lib/format';

/** A date in Japan time as `YYYY.MM.DD` (or `YYYY.MM.DD H:mm` with `withTime`). */
export function DateText({
  value,
  withTime = false,
  className,
}: {
  value: string;
  withTime?: boolean;
  className?: string;
}) {
  const text = withTime ? formatDateTime(value) : formatDate(value);
  if (!text) return null;
  return (
    <time dateTime={value} className={className}>
      {text}
    </time>
  );
}
