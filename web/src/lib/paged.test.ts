import { describe, expect, it } from 'vitest';
import { pagedOf, withoutItems } from './paged';

const page = (ids: string[], total: number, per = 2, current = 1) => ({
  items: ids.map((id) => ({ id })),
  pagination: { total, per, last: Math.ceil(total / per), current },
});

describe('a page of a member list', () => {
  it('loses a deleted entry and the total drops by one', () => {
    const after = withoutItems(page(['a', 'b'], 3), (item) => item.id === 'a');
    expect(after.items).toEqual([{ id: 'b' }]);
    expect(after.pagination).toEqual({ total: 2, per: 2, last: 1, current: 1 });
  });

  it('stays the same when the entry is not on it', () => {
    const before = page(['a', 'b'], 3);
    expect(withoutItems(before, (item) => item.id === 'x')).toBe(before);
  });

  it('never goes below nothing', () => {
    const after = withoutItems(page(['a'], 0), () => true);
    expect(after.pagination).toMatchObject({ total: 0, last: 1 });
  });

  it('is one page when the server sent no headers', () => {
    expect(pagedOf([{ id: 'a' }], null, 1, 10).pagination).toEqual({ total: 1, per: 10, last: 1, current: 1 });
  });
});
