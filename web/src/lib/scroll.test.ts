import { describe, expect, it } from 'vitest';
import { scrollActionFor } from './scroll';

describe('scroll after navigation', () => {
  it('scrolls to the top on a new page', () => {
    expect(scrollActionFor('/news', '/news/abc', 'PUSH')).toBe('top');
    expect(scrollActionFor('/news?page=1', '/news?page=2', 'PUSH')).toBe('top');
    expect(scrollActionFor('/product/a', '/cart', 'REPLACE')).toBe('top');
  });

  it('stays put between product pages', () => {
    expect(scrollActionFor('/product/a', '/product/b', 'PUSH')).toBe('none');
    expect(scrollActionFor('/product?page=1', '/product/b/uos', 'PUSH')).toBe('none');
  });

  it('restores on back/forward and does nothing on the first load or the same location', () => {
    expect(scrollActionFor('/news/abc', '/news', 'POP')).toBe('restore');
    expect(scrollActionFor(null, '/news', 'POP')).toBe('none');
    expect(scrollActionFor('/news', '/news', 'PUSH')).toBe('none');
  });
});
