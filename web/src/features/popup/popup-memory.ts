/**
 * Which popups this visitor has already been shown. A `once` popup is remembered by id in
 * localStorage and never shown again on this browser; an `always` popup comes back on every
 * visit, so it is remembered only for the visit (sessionStorage: this tab until it closes).
 */
import type { Popup } from '../../api/types';
import { local, readStorage, session, writeStorage } from '../../lib/storage';

export const POPUP_SEEN_KEY = 'shop.popupsSeen';
export const POPUP_VISIT_KEY = 'shop.popupsThisVisit';
/** Set on the first page of a visit: the page the visitor landed on. */
export const POPUP_LANDED_KEY = 'shop.landedThisVisit';
/** Old ids beyond this many are forgotten (popups end; the list must not grow forever). */
export const POPUP_MEMORY_LIMIT = 50;

function readIds(storage: Storage | undefined, key: string): string[] {
  const raw = readStorage(storage, key);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function addId(storage: Storage | undefined, key: string, id: string): void {
  const ids = readIds(storage, key).filter((known) => known !== id);
  ids.push(id);
  writeStorage(storage, key, JSON.stringify(ids.slice(-POPUP_MEMORY_LIMIT)));
}

export function shouldShowPopup(popup: Pick<Popup, 'id' | 'display'>): boolean {
  if (readIds(session(), POPUP_VISIT_KEY).includes(popup.id)) return false;
  if (popup.display === 'once' && readIds(local(), POPUP_SEEN_KEY).includes(popup.id)) return false;
  return true;
}

/** The first popup of the shop's list this visitor should see now, if any. */
export function pickPopup<P extends Pick<Popup, 'id' | 'display'>>(popups: readonly P[]): P | null {
  return popups.find(shouldShowPopup) ?? null;
}

/** Called when a popup is shown: a `once` popup for good, any popup for the rest of the visit. */
export function rememberPopup(popup: Pick<Popup, 'id' | 'display'>): void {
  addId(session(), POPUP_VISIT_KEY, popup.id);
  if (popup.display === 'once') addId(local(), POPUP_SEEN_KEY, popup.id);
}

/** The path this page load landed on, when it is a visit's first; decided once per page load. */
let landing: { path: string | null } | null = null;

/** The path of the document this page load fetched (the app may have moved on since). */
function documentPath(): string {
  const entry =
    typeof performance.getEntriesByType === 'function' ? performance.getEntriesByType('navigation')[0] : undefined;
  return new URL(entry?.name ?? window.location.href).pathname;
}

/**
 * The path of the page a visit landed on, or null after the visit's first page load. The shop's
 * popups never cover that page (it is what the visitor came for, often from a search or an ad);
 * they wait for the next page. Decided once per page load, however late the popup's code comes
 * and whatever remounts it. Without storage every page load counts as a landing.
 */
export function landingPath(): string | null {
  if (!landing) {
    const first = !readStorage(session(), POPUP_LANDED_KEY);
    writeStorage(session(), POPUP_LANDED_KEY, '1');
    landing = { path: first ? documentPath() : null };
  }
  return landing.path;
}

/** Tests: the next render is a new page load. */
export function resetLanding(): void {
  landing = null;
}
