import { describe, expect, it } from 'vitest';
import type { ReportFigures } from './report-types';
import { addDays, averageOrder, changeText, periodPresets, periodText, readView, viewSearch } from './report-view';

const ZERO: ReportFigures = { orders: 0, items: 0, gross: 0, discounts: 0, points: 0, fees: 0, returns: 0, net: 0 };

describe('売上: the period', () => {
  it('offers 今日, 昨日, 今月, 先月, 過去30日 and 今年 as Japan days', () => {
    expect(periodPresets('2026-03-01')).toEqual([
      { label: '今日', from: '2026-03-01', to: '2026-03-01' },
      { label: '昨日', from: '2026-02-28', to: '2026-02-28' },
      { label: '今月', from: '2026-03-01', to: '2026-03-01' },
      { label: '先月', from: '2026-02-01', to: '2026-02-28' },
      { label: '過去30日', from: '2026-01-31', to: '2026-03-01' },
      { label: '今年', from: '2026-01-01', to: '2026-03-01' },
    ]);
    // Across a year, and a leap February.
    expect(periodPresets('2028-01-01').find((p) => p.label === '先月')).toEqual({
      label: '先月',
      from: '2027-12-01',
      to: '2027-12-31',
    });
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });

  it('reads the view from the address, this month by day and by product when it says nothing', () => {
    expect(readView(new URLSearchParams(''), '2026-11-26')).toEqual({
      from: '2026-11-01',
      to: '2026-11-26',
      grain: 'day',
      by: 'product',
    });
    const view = readView(new URLSearchParams('from=2026-10-01&to=2026-10-31&grain=week&by=payment'), '2026-11-26');
    expect(view).toEqual({ from: '2026-10-01', to: '2026-10-31', grain: 'week', by: 'payment' });
    expect(viewSearch(view)).toBe('?from=2026-10-01&to=2026-10-31&grain=week&by=payment');
    // A grain or breakdown the screen does not offer falls back; the dates go to the server as written.
    expect(readView(new URLSearchParams('from=2026-13-01&grain=year&by=colour'), '2026-11-26')).toEqual({
      from: '2026-13-01',
      to: '2026-11-26',
      grain: 'day',
      by: 'product',
    });
  });

  it('writes a period as the screen shows it', () => {
    expect(periodText('2026-11-01', '2026-11-30')).toBe('2026/11/01〜2026/11/30');
    expect(periodText('2026-11-26', '2026-11-26')).toBe('2026/11/26');
  });
});

describe('売上: what the cards derive', () => {
  it('rounds 客単価 down, and has none without orders', () => {
    expect(averageOrder({ ...ZERO, orders: 3, net: 10_000 })).toBe(3333);
    expect(averageOrder(ZERO)).toBeNull();
  });

  it('says the change against the previous period, or nothing when there is nothing to compare', () => {
    expect(changeText(11_230, 10_000)).toBe('前期間比 +12.3%');
    expect(changeText(8_000, 10_000)).toBe('前期間比 -20.0%');
    expect(changeText(10_000, 10_000)).toBe('前期間比 ±0.0%');
    // A negative previous figure (more given back than sold): the change is against its size.
    expect(changeText(1_000, -1_000)).toBe('前期間比 +200.0%');
    expect(changeText(5_000, 0)).toBeNull();
    expect(changeText(null, 3_000)).toBeNull();
    expect(changeText(3_000, null)).toBeNull();
  });
});
