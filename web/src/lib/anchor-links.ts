/**
 * Same-page anchor links glide to their target (lib/smooth-scroll, 700 ms, loaded at the first
 * such click) instead of jumping. This part stays in the first bundle: it must take the click
 * before the browser jumps.
 */

/** The element a same-page anchor link points at, or null (other pages, missing targets). */
function anchorTarget(link: HTMLAnchorElement): HTMLElement | null {
  const href = link.getAttribute('href') ?? '';
  if (!href.startsWith('#') || href.length < 2) return null;
  try {
    return document.getElementById(decodeURIComponent(href.slice(1)));
  } catch {
    return null;
  }
}

/** Document click handler: a plain click on a same-page anchor link glides there. */
export function onAnchorClick(event: MouseEvent): void {
  if (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  ) {
    return;
  }
  const link = (event.target as Element | null)?.closest?.('a[href^="#"]');
  if (!(link instanceof HTMLAnchorElement)) return;
  const target = anchorTarget(link);
  if (!target) return;
  event.preventDefault();
  // The address shows the anchor (to share it) without a history entry the router would follow.
  window.history.replaceState(window.history.state, '', link.getAttribute('href'));
  import('./smooth-scroll').then(
    ({ glideTo }) => glideTo(target),
    () => target.scrollIntoView(),
  );
}

/** Starts smoothing anchor links in the document; returns a stop. */
export function startSmoothAnchors(): () => void {
  document.addEventListener('click', onAnchorClick);
  return () => document.removeEventListener('click', onAnchorClick);
}
