import { describe, expect, it } from 'vitest';
import { activeFilters, EMPTY_FILTER, filterSearch, listQuery, readFilter } from './order-filter';

describe('the order list’s filter in the address', () => {
  it('reads what it knows and drops what it does not', () => {
    const filter = readFilter(new URLSearchParams('queue=nope&q=%20山田%20&payment=cod&page=3&extra=1'));
    expect(filter).toEqual({ ...EMPTY_FILTER, queue: '', q: '山田', member: '', payment: 'cod', page: 3 });
    expect(readFilter(new URLSearchParams('queue=to_ship')).queue).toBe('to_ship');
  });

  it('writes back only the set values, page 1 left out', () => {
    const filter = readFilter(new URLSearchParams('queue=to_ship&planned_to=2026-11-30&page=2'));
    expect(filterSearch(filter)).toBe('?queue=to_ship&planned_to=2026-11-30');
    expect(filterSearch({ ...filter, queue: '', planned_to: '' })).toBe('');
    expect(activeFilters(filter)).toBe(1);
  });

  it('asks the server with the page and only what is set', () => {
    const filter = readFilter(new URLSearchParams('queue=new&customer=guest'));
    expect(listQuery(filter, 20)).toEqual({ page: '1', per: '20', queue: 'new', customer: 'guest' });
  });

  it('keeps and sends the member the member desk filtered by', () => {
    const filter = readFilter(new URLSearchParams('member=%20mem-1%20&queue=new&page=2'));
    expect(filter.member).toBe('mem-1');
    expect(filterSearch(filter)).toBe('?queue=new&member=mem-1');
    expect(filterSearch({ ...filter, member: '' })).toBe('?queue=new');
    expect(listQuery(filter, 20)).toEqual({ page: '2', per: '20', queue: 'new', member: 'mem-1' });
    // Not one of the panel's filters.
    expect(activeFilters(filter)).toBe(0);
  });
});
