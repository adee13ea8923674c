/**
 * Which popups this visitor has already been shown. A `once` popup is remembered by id in
 * localStorage and never shown again on this browser; an `always` popup comes back on every
 * visit, so it is remembered only for the visit (sessionStorage: this tab until it closes).
 */
import type { Popup } from '../../api/types';
import { local, readStorage, session, writeStorage } from '../../lib/storage';

export const POPUP_SEEN_KEY = 'shop.popupsSeen';
export const POPUP_VISIT_KEY = 'shop.popupsThisVisit';
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
