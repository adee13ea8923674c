import { describe, expect, it } from 'vitest';
import { pageCounter, spreadIndexOf, spreadsOf } from './flip-book';

describe('spreadsOf', () => {
  it('shows one page at a time on a phone', () => {
    expect(spreadsOf(3, false)).toEqual([[1], [2], [3]]);
  });

  it('shows the cover alone, then facing pages', () => {
    expect(spreadsOf(6, true)).toEqual([[1], [2, 3], [4, 5], [6]]);
    expect(spreadsOf(5, true)).toEqual([[1], [2, 3], [4, 5]]);
  });

  it('has nothing for an empty book', () => {
    expect(spreadsOf(0, true)).toEqual([]);
  });
});

describe('spreadIndexOf', () => {
  const spreads = spreadsOf(12, true);

  it('finds the spread that holds a page', () => {
    expect(spreadIndexOf(spreads, 1)).toBe(0);
    expect(spreadIndexOf(spreads, 3)).toBe(1);
    expect(spreadIndexOf(spreads, 12)).toBe(6);
  });

  it('clamps pages outside the book', () => {
    expect(spreadIndexOf(spreads, 0)).toBe(0);
    expect(spreadIndexOf(spreads, 99)).toBe(6);
  });
});

describe('pageCounter', () => {
  it('counts single and facing pages', () => {
    expect(pageCounter([3], 12)).toBe('3 / 12');
    expect(pageCounter([2, 3], 12)).toBe('2–3 / 12');
  });
});
