import { describe, expect, it } from 'vitest';
import { productListParams, productSearch, readProductFilter } from './product-filter';

describe('the product list’s search in the address', () => {
  it('reads the tab, keyword, category, order and page, with defaults for what is missing or malformed', () => {
    expect(readProductFilter(new URLSearchParams(''))).toEqual({
      status: 'all',
      q: '',
      category: '',
      sort: 'updated',
      dir: 'desc',
      page: 1,
    });
    expect(
      readProductFilter(new URLSearchParams('status=scheduled&q=+JK-100+&category=c-2&sort=price&dir=asc&page=3')),
    ).toEqual({ status: 'scheduled', q: 'JK-100', category: 'c-2', sort: 'price', dir: 'asc', page: 3 });
    expect(readProductFilter(new URLSearchParams('status=gone&sort=stock&dir=up&page=-1'))).toMatchObject({
      status: 'all',
      sort: 'updated',
      dir: 'desc',
      page: 1,
    });
  });

  it('writes a search without the defaults (and without the page)', () => {
    const base = { status: 'all', q: '', category: '', sort: 'updated', dir: 'desc' } as const;
    expect(productSearch(base)).toBe('');
    expect(productSearch({ ...base, status: 'ended', q: ' ジャケット ' })).toBe(
      `?status=ended&q=${encodeURIComponent('ジャケット')}`,
    );
    expect(productSearch({ ...base, category: 'c-1', sort: 'name', dir: 'asc' })).toBe(
      '?category=c-1&sort=name&dir=asc',
    );
    // A round trip keeps it.
    const search = productSearch({ ...base, status: 'published', q: 'JK', sort: 'price', dir: 'desc' });
    expect(readProductFilter(new URLSearchParams(search))).toEqual({
      status: 'published',
      q: 'JK',
      category: '',
      sort: 'price',
      dir: 'desc',
      page: 1,
    });
  });

  it('asks the API with the page, the order and only what is set', () => {
    expect(productListParams(readProductFilter(new URLSearchParams('page=2')), 50)).toEqual({
      page: '2',
      per: '50',
      sort: 'updated',
      dir: 'desc',
    });
    expect(
      productListParams(readProductFilter(new URLSearchParams('status=unpublished&q=x&category=c-9')), 50),
    ).toEqual({ page: '1', per: '50', status: 'unpublished', q: 'x', category: 'c-9', sort: 'updated', dir: 'desc' });
  });
});
