import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSmoothAnchors } from './anchor-links';
import { SCROLL_SMOOTHING_MS } from './smooth-scroll';

let stop: () => void = () => undefined;
let scrollTo: ReturnType<typeof vi.fn>;

function page(): { link: HTMLAnchorElement; heading: HTMLElement } {
  document.body.innerHTML =
    '<nav><a href="#row-か">か</a></nav><section><h2 id="row-か" tabindex="-1">か</h2></section>';
  const heading = document.getElementById('row-か')!;
  // jsdom has no layout: the heading sits 1000 px down the page.
  heading.getBoundingClientRect = () => ({ top: 1_000 }) as DOMRect;
  return { link: document.querySelector('a')!, heading };
}

function reducedMotion(on: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({ matches: on && query === '(prefers-reduced-motion: reduce)' })),
  );
}

/** The last y the page was scrolled to. */
const lastY = () => (scrollTo.mock.calls.at(-1) as [number, number] | undefined)?.[1];

beforeEach(() => {
  vi.useFakeTimers();
  scrollTo = vi.fn();
  vi.stubGlobal('scrollTo', scrollTo);
  reducedMotion(false);
  stop = startSmoothAnchors();
});

afterEach(() => {
  stop();
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
  vi.useRealTimers();
});

describe('scroll smoothing (700 ms)', () => {
  it('glides to an anchor of the page in 700 ms, then focuses it', async () => {
    const { link, heading } = page();
    expect(SCROLL_SMOOTHING_MS).toBe(700);
    link.click();
    expect(window.location.hash).toBe(`#${encodeURIComponent('row-か')}`);
    // The first frame (16 ms later) starts the clock.
    await vi.advanceTimersByTimeAsync(16);
    expect(lastY()).toBe(0);
    // Halfway in time is halfway in distance (ease in and out).
    await vi.advanceTimersByTimeAsync(352);
    expect(lastY()).toBeGreaterThan(480);
    expect(lastY()).toBeLessThan(540);
    // Still under way at 600 ms, and the focus stays until it arrives.
    await vi.advanceTimersByTimeAsync(240);
    expect(lastY()).toBeGreaterThan(950);
    expect(lastY()).toBeLessThan(1_000);
    expect(document.activeElement).not.toBe(heading);
    await vi.advanceTimersByTimeAsync(128);
    expect(lastY()).toBe(1_000);
    expect(document.activeElement).toBe(heading);
    const calls = scrollTo.mock.calls.length;
    await vi.advanceTimersByTimeAsync(500);
    expect(scrollTo.mock.calls.length).toBe(calls);
  });

  it('jumps at once for a visitor who asks for reduced motion', async () => {
    reducedMotion(true);
    const { link, heading } = page();
    link.click();
    await vi.advanceTimersByTimeAsync(0);
    expect(scrollTo.mock.calls).toEqual([[0, 1_000]]);
    expect(document.activeElement).toBe(heading);
  });

  it('stops where it is when the visitor scrolls', async () => {
    const { link } = page();
    link.click();
    await vi.advanceTimersByTimeAsync(200);
    window.dispatchEvent(new Event('wheel'));
    const at = lastY()!;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(lastY()).toBe(at);
    expect(at).toBeLessThan(1_000);
  });

  it('leaves alone a click the page handles itself, a modified click and a missing target', async () => {
    const { link } = page();
    link.addEventListener('click', (event) => event.preventDefault(), { once: true });
    link.click();
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true }));
    link.setAttribute('href', '#nowhere');
    link.click();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
