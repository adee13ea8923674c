/**
 * Screen class from the channel's breakpoints (spec 000 §4): phone when the width is at most
 * SITE.BREAKPOINT.SCREEN-SM, desktop above SCREEN-MD, tablet in between.
 */
import { useSyncExternalStore } from 'react';

export type ScreenClass = 'phone' | 'tablet' | 'desktop';

export const DEFAULT_BREAKPOINTS = { sm: 767, md: 1024 } as const;

export function screenClassFor(width: number, sm: number, md: number): ScreenClass {
  if (width <= sm) return 'phone';
  if (width > md) return 'desktop';
  return 'tablet';
}

function subscribe(listener: () => void): () => void {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}

const width = (): number => window.innerWidth;

/** The current screen class; re-renders only when the class changes. */
export function useScreenClass(breakpoints: { sm: number; md: number } = DEFAULT_BREAKPOINTS): ScreenClass {
  const { sm, md } = breakpoints;
  return useSyncExternalStore(
    subscribe,
    () => screenClassFor(width(), sm, md),
    () => 'desktop',
  );
}
