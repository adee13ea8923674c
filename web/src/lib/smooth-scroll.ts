/**
 * Scroll smoothing (spec 000 §9, 700 ms): a link to an anchor of the page glides there in 700 ms
 * (ease in and out) instead of jumping, then moves focus to the target when it can take it. A
 * visitor who asks for reduced motion gets the jump. Scrolling by the visitor (wheel, touch,
 * keys) stops the glide where it is. Navigation between pages keeps its own rules (lib/scroll).
 * Loaded at the first anchor click (lib/anchor-links decides which clicks glide).
 */
export const SCROLL_SMOOTHING_MS = 700;

export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

const easeInOutCubic = (t: number): number => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);

const INTERRUPTIONS = ['wheel', 'touchstart', 'keydown'] as const;

let cancelRunning: (() => void) | null = null;

/** Scrolls the window to `top`; resolves when there (or when stopped by the visitor or a newer scroll). */
export function smoothScrollTo(top: number, duration: number = SCROLL_SMOOTHING_MS): Promise<void> {
  cancelRunning?.();
  const target = Math.max(0, Math.round(top));
  if (duration <= 0 || prefersReducedMotion()) {
    window.scrollTo(0, target);
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const from = window.scrollY;
    let startedAt: number | null = null;
    let frame = 0;
    const stop = () => {
      window.cancelAnimationFrame(frame);
      for (const name of INTERRUPTIONS) window.removeEventListener(name, stop);
      if (cancelRunning === stop) cancelRunning = null;
      resolve();
    };
    const step = (now: number) => {
      startedAt ??= now;
      const progress = Math.min(1, (now - startedAt) / duration);
      window.scrollTo(0, Math.round(from + (target - from) * easeInOutCubic(progress)));
      if (progress < 1) frame = window.requestAnimationFrame(step);
      else stop();
    };
    for (const name of INTERRUPTIONS) window.addEventListener(name, stop, { passive: true });
    cancelRunning = stop;
    frame = window.requestAnimationFrame(step);
  });
}

/** Glides to `target` (its scroll-margin kept), then focuses it when it can take focus. */
export async function glideTo(target: HTMLElement): Promise<void> {
  const margin = Number.parseFloat(getComputedStyle(target).scrollMarginTop) || 0;
  await smoothScrollTo(target.getBoundingClientRect().top + window.scrollY - margin);
  if (target.tabIndex >= 0 || target.hasAttribute('tabindex')) target.focus({ preventScroll: true });
}
