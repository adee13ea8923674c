/**
 * The server's first view of this page load (server/src/seo/meta.rs: the home page's first
 * banner, the list's first cards, a product's picture, name and price), painted before any
 * script ran. It sits beside the app's root, so React never re-creates its nodes (a new picture
 * would count as a new, later largest paint); it goes when the app's own page is on screen.
 */
import { useLayoutEffect } from 'react';

export const FIRST_VIEW_ID = 'first-view';

export function hasFirstView(): boolean {
  return typeof document !== 'undefined' && document.getElementById(FIRST_VIEW_ID) !== null;
}

export function dropFirstView(): void {
  if (typeof document !== 'undefined') document.getElementById(FIRST_VIEW_ID)?.remove();
}

/** Removes the first view in the same frame as the screen that replaces it first paints. */
export function useDropFirstView(): void {
  useLayoutEffect(dropFirstView, []);
}
