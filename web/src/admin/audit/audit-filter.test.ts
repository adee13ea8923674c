import { describe, expect, it } from 'vitest';
import { auditListQuery, auditSearch, EMPTY_AUDIT_FILTER, isFiltered, readAuditFilter } from './audit-filter';

describe('the audit log’s filter in the address', () => {
  it('reads every filter, trimmed, with the page', () => {
    expect(
      readAuditFilter(
        new URLSearchParams('staff_id=st-1&action=order_payment&q=%20RP0001%20&from=2026-11-01&to=2026-11-30&page=4'),
      ),
    ).toEqual({
      staff_id: 'st-1',
      action: 'order_payment',
      q: 'RP0001',
      from: '2026-11-01',
      to: '2026-11-30',
      page: 4,
    });
    expect(readAuditFilter(new URLSearchParams('page=nope'))).toEqual({ ...EMPTY_AUDIT_FILTER, page: 1 });
  });

  it('writes back only what is set, without the page', () => {
    expect(auditSearch({ ...EMPTY_AUDIT_FILTER, q: ' 送料 ', to: '2026-11-30' })).toBe(
      `?q=${encodeURIComponent('送料')}&to=2026-11-30`,
    );
    expect(auditSearch(EMPTY_AUDIT_FILTER)).toBe('');
  });

  it('tells a filtered list from the whole log', () => {
    expect(isFiltered(EMPTY_AUDIT_FILTER)).toBe(false);
    expect(isFiltered({ ...EMPTY_AUDIT_FILTER, staff_id: 'st-1' })).toBe(true);
  });

  it('asks the server with the page and only what is set', () => {
    expect(auditListQuery({ ...EMPTY_AUDIT_FILTER, page: 1 }, 50)).toEqual({ page: '1', per: '50' });
    expect(auditListQuery({ ...EMPTY_AUDIT_FILTER, action: 'login', from: '2026-11-01', page: 2 }, 50)).toEqual({
      page: '2',
      per: '50',
      action: 'login',
      from: '2026-11-01',
    });
  });
});
