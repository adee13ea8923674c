import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { RESTORE_DELAY_MS, scrollActionFor } from '../lib/scroll';

/**
 * Scroll after navigation (spec 000 §2): top on a new page, except between product pages;
 * back/forward restores the position the entry had, after 500 ms (content is in place by then).
 */
export function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef(new Map<string, number>());
  const previous = useRef<string | null>(null);

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);

  // Remember where this entry is scrolled to, for a later back/forward.
  useEffect(() => {
    const key = location.key;
    const record = () => positions.current.set(key, window.scrollY);
    window.addEventListener('scroll', record, { passive: true });
    return () => window.removeEventListener('scroll', record);
  }, [location.key]);

  useLayoutEffect(() => {
    const next = location.pathname + location.search;
    const action = scrollActionFor(previous.current, next, navigationType);
    previous.current = next;
    if (action === 'top') {
      window.scrollTo(0, 0);
    } else if (action === 'restore') {
      const y = positions.current.get(location.key) ?? 0;
      const timer = window.setTimeout(() => window.scrollTo(0, y), RESTORE_DELAY_MS);
      return () => window.clearTimeout(timer);
    }
    return undefined;
  }, [location.key, location.pathname, location.search, navigationType]);

  return null;
}
