import { describe, expect, it } from 'vitest';
import { readStockFilter, stockListParams, stockSearch } from './stock-filter';

describe('the stock list’s search in the address', () => {
  it('reads what it knows and drops what it does not', () => {
    expect(readStockFilter(new URLSearchParams('filter=nope&q=%20KT-8%20&page=3'))).toEqual({
      filter: 'all',
      q: 'KT-8',
      page: 3,
    });
    expect(readStockFilter(new URLSearchParams('filter=out')).filter).toBe('out');
  });

  it('writes back only what is set, page 1 and すべて left out', () => {
    expect(stockSearch({ filter: 'low', q: ' バルブ ' })).toBe(`?filter=low&q=${encodeURIComponent('バルブ')}`);
    expect(stockSearch({ filter: 'all', q: '' })).toBe('');
  });

  it('asks the server with the page and only what is set', () => {
    expect(stockListParams({ filter: 'all', q: '', page: 1 }, 50)).toEqual({ page: '1', per: '50' });
    expect(stockListParams({ filter: 'out', q: 'S25', page: 2 }, 50)).toEqual({
      page: '2',
      per: '50',
      filter: 'out',
      q: 'S25',
    });
  });
});
