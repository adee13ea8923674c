import { beforeEach, describe, expect, it } from 'vitest';
import {
  PRODUCT_HISTORY_KEY,
  PRODUCT_HISTORY_MAX,
  clearViewedProducts,
  parseHistory,
  productHistoryStore,
  recordViewedProduct,
  withViewed,
} from './product-history';

describe('withViewed', () => {
  it('puts the viewed product first', () => {
    expect(withViewed(['a', 'b'], 'c')).toEqual(['c', 'a', 'b']);
  });

  it('keeps each product once, moving a repeat view to the front', () => {
    expect(withViewed(['a', 'b', 'c'], 'b')).toEqual(['b', 'a', 'c']);
  });

  it('keeps at most 10, dropping the oldest', () => {
    const ids = Array.from({ length: PRODUCT_HISTORY_MAX }, (_, i) => `p${i}`);
    const next = withViewed(ids, 'new');
    expect(next).toHaveLength(10);
    expect(next[0]).toBe('new');
    expect(next).not.toContain('p9');
  });

  it('ignores an empty id', () => {
    expect(withViewed(['a'], '')).toEqual(['a']);
  });
});

describe('parseHistory', () => {
  it('reads a stored list and drops junk', () => {
    expect(parseHistory(JSON.stringify(['a', 1, '', 'b', 'a']))).toEqual(['a', 'b']);
    expect(parseHistory('{"a":1}')).toEqual([]);
    expect(parseHistory('not json')).toEqual([]);
    expect(parseHistory(null)).toEqual([]);
  });
});

describe('recordViewedProduct', () => {
  beforeEach(() => {
    window.localStorage.clear();
    productHistoryStore.set([]);
  });

  it('stores views newest first in localStorage and the store', () => {
    recordViewedProduct('a');
    recordViewedProduct('b');
    recordViewedProduct('a');
    expect(productHistoryStore.get()).toEqual(['a', 'b']);
    expect(JSON.parse(window.localStorage.getItem(PRODUCT_HISTORY_KEY) ?? '[]')).toEqual(['a', 'b']);
  });

  it('builds on what another tab stored', () => {
    window.localStorage.setItem(PRODUCT_HISTORY_KEY, JSON.stringify(['x']));
    recordViewedProduct('y');
    expect(productHistoryStore.get()).toEqual(['y', 'x']);
  });

  it('clears the list', () => {
    recordViewedProduct('a');
    clearViewedProducts();
    expect(productHistoryStore.get()).toEqual([]);
    expect(window.localStorage.getItem(PRODUCT_HISTORY_KEY)).toBeNull();
  });
});
