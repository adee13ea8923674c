import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatCount, formatDate, formatDateTime, formatYen } from './format';

describe('dates in Japan time', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('formats YYYY.MM.DD in +09:00 (UTC 15:00 is already the next day in Japan)', () => {
    expect(formatDate('2026-11-20T14:59:00Z')).toBe('2026.11.20');
    expect(formatDate('2026-11-20T15:00:00Z')).toBe('2026.11.21');
    expect(formatDate('2026-12-31T15:30:00Z')).toBe('2027.01.01');
  });

  it('formats YYYY.MM.DD H:mm with an unpadded hour', () => {
    expect(formatDateTime('2026-11-20T00:05:00Z')).toBe('2026.11.20 9:05');
    expect(formatDateTime('2026-11-20T14:30:00Z')).toBe('2026.11.20 23:30');
    expect(formatDateTime('2026-11-20T15:00:00+09:00')).toBe('2026.11.20 15:00');
  });

  it('does not depend on the browser time zone', () => {
    // Date#toString would use the process zone; the helper must not.
    const instant = Date.parse('2026-03-01T16:00:00Z');
    expect(formatDate(instant)).toBe('2026.03.02');
    expect(formatDate(new Date(instant))).toBe('2026.03.02');
  });

  it('shows a calendar day (YYYY-MM-DD, no time) as that day, without a zone shift', () => {
    expect(formatDate('2027-05-01')).toBe('2027.05.01');
    expect(formatDate('2027-01-01')).toBe('2027.01.01');
  });

  it('gives an empty string for missing or unreadable values', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('yen', () => {
  it('formats integer yen with thousands separators', () => {
    expect(formatYen(0)).toBe('¥0');
    expect(formatYen(999)).toBe('¥999');
    expect(formatYen(1234)).toBe('¥1,234');
    expect(formatYen(12345678)).toBe('¥12,345,678');
    expect(formatYen(-1500)).toBe('-¥1,500');
  });

  it('refuses non-integers', () => {
    expect(() => formatYen(12.5)).toThrow(RangeError);
    expect(() => formatYen(Number.NaN)).toThrow(RangeError);
  });
});

describe('counts', () => {
  it('groups digits as toLocaleString("ja-JP") does', () => {
    for (const n of [0, 7, 999, 1000, 1234, 288, 100000, 12345678, -1500, Number.MAX_SAFE_INTEGER]) {
      expect(formatCount(n)).toBe(n.toLocaleString('ja-JP'));
    }
  });
});
