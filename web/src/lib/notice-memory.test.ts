import { describe, expect, it } from 'vitest';
import { NOTICE_MEMORY_KEY, hideNotice, isNoticeHidden } from './notice-memory';

describe('notice memory', () => {
  it('hides a closed notice until its updated_at changes', () => {
    expect(isNoticeHidden('caution', '2026-11-20T01:00:00Z')).toBe(false);

    hideNotice('caution', '2026-11-20T01:00:00Z');

    expect(isNoticeHidden('caution', '2026-11-20T01:00:00Z')).toBe(true);
    expect(isNoticeHidden('caution', '2026-11-21T01:00:00Z')).toBe(false);
    expect(isNoticeHidden('point', '2026-11-20T01:00:00Z')).toBe(false);
  });

  it('keeps other codes when remembering one', () => {
    hideNotice('caution', 'a');
    hideNotice('point', 'b');
    expect(isNoticeHidden('caution', 'a')).toBe(true);
    expect(isNoticeHidden('point', 'b')).toBe(true);
  });

  it('survives a corrupted memory', () => {
    localStorage.setItem(NOTICE_MEMORY_KEY, '{oops');
    expect(isNoticeHidden('caution', 'a')).toBe(false);
    hideNotice('caution', 'a');
    expect(isNoticeHidden('caution', 'a')).toBe(true);
  });
});
