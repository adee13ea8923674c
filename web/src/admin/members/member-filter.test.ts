import { describe, expect, it } from 'vitest';
import { activeFilters, csvPath, EMPTY_FILTER, filterSearch, listQuery, readFilter } from './member-filter';
import { parsePoints, pointsRules, searchFilter, searchValues } from './member-schema';

describe('会員一覧’s filter in the address', () => {
  it('reads what it knows, trimmed, and drops what it does not', () => {
    const filter = readFilter(new URLSearchParams('q=%20山田%20&kind=corporate&page=3&extra=1'));
    expect(filter).toEqual({ ...EMPTY_FILTER, q: '山田', kind: 'corporate', page: 3 });
  });

  it('writes back only the set values, page 1 left out', () => {
    const filter = readFilter(new URLSearchParams('birth_month=5&caution=true&page=2'));
    expect(filterSearch(filter)).toBe('?birth_month=5&caution=true');
    expect(filterSearch({ ...filter, birth_month: '', caution: '' })).toBe('');
    expect(activeFilters(filter)).toBe(2);
  });

  it('asks the list with the page, and the CSV with every page and the encoding', () => {
    const filter = readFilter(new URLSearchParams('orders_min=1&spent_max=5000&page=4'));
    expect(listQuery(filter, 20)).toEqual({ page: '4', per: '20', orders_min: '1', spent_max: '5000' });
    expect(csvPath(filter, 'sjis')).toBe('/v1/admin/members.csv?orders_min=1&spent_max=5000&encoding=sjis');
  });

  it('turns 要注意のみ into the checkbox and back', () => {
    const values = searchValues(readFilter(new URLSearchParams('caution=true&q=a')));
    expect(values.caution).toBe(true);
    expect(searchFilter({ ...values, caution: false })).toEqual({ ...EMPTY_FILTER, q: 'a' });
  });
});

describe('ポイントを調整’s points', () => {
  it('reads signed whole numbers as typed, full-width and with commas too', () => {
    expect(parsePoints('300')).toBe(300);
    expect(parsePoints('+1,000')).toBe(1000);
    expect(parsePoints('−３００')).toBe(-300);
    expect(parsePoints('-50pt')).toBe(-50);
    expect(Number.isNaN(parsePoints('1.5'))).toBe(true);
    expect(Number.isNaN(parsePoints('abc'))).toBe(true);
  });

  it('refuses zero, out-of-range amounts and going below zero', () => {
    const { validate } = pointsRules(1200).points;
    expect(validate('0')).toBe('0以外のポイントを入力してください。');
    expect(validate('1000001')).toMatch(/範囲で入力してください/);
    expect(validate('-1201')).toBe('保有ポイントを超えて減算できません。');
    expect(validate('-1200')).toBe(true);
    expect(validate('1000000')).toBe(true);
  });
});
