/**
 * Prefetch of the screens that links in view lead to (spec 000 §9, "prefetch idle timeout 2 s"):
 * once the page has loaded, when the browser is idle — or after 2 s at the latest — each site
 * link scrolled into view has its screen's code fetched, once per path, so following it does
 * not wait for the download. Links that appear later (lists that load, menus) are picked up at
 * the next idle moment. The screens are asked for while the idle moment lasts and the rest at
 * the next one, so a page full of links never becomes one long task (Lighthouse counted 140 ms
 * of blocking time for it on a phone). Nothing is fetched on a Save-Data or 2G connection.
 */
export const PREFETCH_IDLE_TIMEOUT_MS = 2_000;

/** Runs `callback` when the browser is idle, at the latest after `timeout`; returns a cancel. */
export function whenIdle(
  callback: (deadline?: IdleDeadline) => void,
  timeout: number = PREFETCH_IDLE_TIMEOUT_MS,
): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback((deadline) => callback(deadline), { timeout });
    return () => window.cancelIdleCallback(id);
  }
  // Safari has no idle callback: the timeout is the latest moment, so use it.
  const id = window.setTimeout(() => callback(), timeout);
  return () => window.clearTimeout(id);
}

/** Idle time kept back for the browser's own work, in ms. */
const IDLE_MARGIN_MS = 5;

interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

function onSlowConnection(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  return connection?.saveData === true || (connection?.effectiveType ?? '').includes('2g');
}

/** The path a link leads to on this site, or null (another site, a file, a new tab, this page's anchor). */
export function prefetchPathOf(link: HTMLAnchorElement, here: Location = window.location): string | null {
  if (link.hasAttribute('download') || (link.target && link.target !== '_self')) return null;
  const raw = link.getAttribute('href');
  if (!raw || raw.startsWith('#')) return null;
  let url: URL;
  try {
    url = new URL(raw, here.href);
  } catch {
    return null;
  }
  if (url.origin !== here.origin) return null;
  return url.pathname;
}

export interface LinkPrefetchOptions {
  /** Fetches the code of the screen at `pathname` (app/router's preloadScreen). */
  prefetch: (pathname: string) => void;
  root?: ParentNode & Node;
}

/** Starts watching; returns a stop. */
export function startLinkPrefetch({ prefetch, root = document.body }: LinkPrefetchOptions): () => void {
  if (onSlowConnection() || typeof IntersectionObserver === 'undefined') return () => undefined;
  const fetched = new Set<string>();
  const watched = new WeakSet<Element>();
  const stops: (() => void)[] = [];

  const queue: string[] = [];
  let draining: (() => void) | null = null;
  const drain = () => {
    if (draining) return;
    draining = whenIdle((deadline) => {
      draining = null;
      // Without an idle deadline (Safari) the queue goes at once, as before.
      do {
        const path = queue.shift();
        if (path !== undefined) prefetch(path);
      } while (queue.length > 0 && (!deadline || deadline.timeRemaining() > IDLE_MARGIN_MS));
      if (queue.length > 0) drain();
    });
  };

  const seen = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      seen.unobserve(entry.target);
      const path = prefetchPathOf(entry.target as HTMLAnchorElement);
      if (path === null || fetched.has(path)) continue;
      fetched.add(path);
      queue.push(path);
    }
    if (queue.length > 0) drain();
  });

  const scan = () => {
    for (const link of root.querySelectorAll<HTMLAnchorElement>('a[href]')) {
      if (watched.has(link)) continue;
      watched.add(link);
      if (prefetchPathOf(link) !== null) seen.observe(link);
    }
  };

  let scheduled: (() => void) | null = null;
  const scanWhenIdle = () => {
    if (scheduled) return;
    scheduled = whenIdle(() => {
      scheduled = null;
      scan();
    });
  };

  const start = () => {
    scanWhenIdle();
    const changes = new MutationObserver(scanWhenIdle);
    changes.observe(root, { childList: true, subtree: true });
    stops.push(() => changes.disconnect());
  };
  // After the load event: the first screen's own requests (its largest image) go first.
  if (document.readyState === 'complete') start();
  else {
    window.addEventListener('load', start, { once: true });
    stops.push(() => window.removeEventListener('load', start));
  }

  return () => {
    for (const stop of stops) stop();
    scheduled?.();
    draining?.();
    seen.disconnect();
  };
}
