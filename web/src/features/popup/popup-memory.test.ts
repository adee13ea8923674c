import { describe, expect, it } from 'vitest';
import {
  POPUP_MEMORY_LIMIT,
  POPUP_SEEN_KEY,
  POPUP_VISIT_KEY,
  landingPath,
  resetLanding,
  pickPopup,
  rememberPopup,
  shouldShowPopup,
} from './popup-memory';

const once = { id: 'p-once', display: 'once' as const };
const always = { id: 'p-always', display: 'always' as const };

/** A new visit: the tab's session storage is gone, local storage stays. */
const newVisit = () => window.sessionStorage.clear();

describe('popup memory', () => {
  it('shows a `once` popup a single time per browser', () => {
    expect(shouldShowPopup(once)).toBe(true);
    rememberPopup(once);
    expect(shouldShowPopup(once)).toBe(false);
    newVisit();
    expect(shouldShowPopup(once)).toBe(false);
    expect(JSON.parse(localStorage.getItem(POPUP_SEEN_KEY)!)).toEqual(['p-once']);
  });

  it('shows an `always` popup once per visit, again on the next visit', () => {
    rememberPopup(always);
    expect(shouldShowPopup(always)).toBe(false);
    expect(localStorage.getItem(POPUP_SEEN_KEY)).toBeNull();
    newVisit();
    expect(shouldShowPopup(always)).toBe(true);
  });

  it('picks the first popup still to be shown, in the shop order', () => {
    const other = { id: 'p-2', display: 'once' as const };
    expect(pickPopup([once, other])).toBe(once);
    rememberPopup(once);
    expect(pickPopup([once, other])).toBe(other);
    rememberPopup(other);
    expect(pickPopup([once, other])).toBeNull();
    expect(pickPopup([])).toBeNull();
  });

  it('treats a new id as a new popup', () => {
    rememberPopup(once);
    expect(shouldShowPopup({ id: 'p-once-v2', display: 'once' })).toBe(true);
  });

  it('survives broken storage values and keeps the list bounded', () => {
    localStorage.setItem(POPUP_SEEN_KEY, '{not json');
    sessionStorage.setItem(POPUP_VISIT_KEY, '"a string"');
    expect(shouldShowPopup(once)).toBe(true);
    for (let i = 0; i < POPUP_MEMORY_LIMIT + 10; i += 1) rememberPopup({ id: `p-${i}`, display: 'once' });
    const ids = JSON.parse(localStorage.getItem(POPUP_SEEN_KEY)!) as string[];
    expect(ids).toHaveLength(POPUP_MEMORY_LIMIT);
    expect(ids.at(-1)).toBe(`p-${POPUP_MEMORY_LIMIT + 9}`);
    expect(shouldShowPopup({ id: 'p-0', display: 'once' })).toBe(true);
  });
});

describe('the landing page of a visit', () => {
  it('is the first page load of the visit only, and stays decided for that page load', () => {
    expect(landingPath()).toBe('/');
    expect(landingPath()).toBe('/');
    resetLanding(); // the next page load of the same visit (same tab)
    expect(landingPath()).toBeNull();
    sessionStorage.clear(); // a new visit
    resetLanding();
    expect(landingPath()).toBe('/');
  });
});
