import { describe, expect, it } from 'vitest';
import { EMPTY_SEARCH, jstDateMonthsAgo, searchFromParams, searchQuery, searchToParams } from './order-queries';

// 2026-11-20 23:30 UTC is already 2026-11-21 in Japan.
const NOW = Date.parse('2026-11-20T23:30:00Z');

describe('order search', () => {
  it('reads a period as a Japan date months back', () => {
    expect(jstDateMonthsAgo(0, NOW)).toBe('2026-11-21');
    expect(jstDateMonthsAgo(3, NOW)).toBe('2026-08-21');
    expect(jstDateMonthsAgo(12, NOW)).toBe('2025-11-21');
  });

  it('turns a search into the API query', () => {
    expect(searchQuery(EMPTY_SEARCH, NOW)).toEqual({ page: 1, per: 10 });
    expect(searchQuery({ page: 2, order_no: 'RP00000001', period: '6m' }, NOW)).toEqual({
      page: 2,
      per: 10,
      order_no: 'RP00000001',
      from: '2026-05-21',
    });
  });

  it('reads and writes the URL, ignoring what it does not know', () => {
    expect(searchFromParams(new URLSearchParams('order_no=%20RP1%20&period=1y&page=3'))).toEqual({
      page: 3,
      order_no: 'RP1',
      period: '1y',
    });
    expect(searchFromParams(new URLSearchParams('period=forever&page=-1'))).toEqual(EMPTY_SEARCH);
    expect(searchToParams({ page: 1, order_no: '', period: 'all' }).toString()).toBe('');
    expect(searchToParams({ page: 2, order_no: 'RP1', period: '3m' }).toString()).toBe('order_no=RP1&period=3m&page=2');
  });
});
