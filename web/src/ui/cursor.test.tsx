import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CURSOR_VARIANTS, Cursor, followStep } from './cursor';

function media({ mouse = true, reduced = false } = {}) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: query === '(hover: hover) and (pointer: fine)' ? mouse : query.includes('reduced-motion') && reduced,
    })),
  );
}

function moveTo(x: number, y: number, pointerType = 'mouse') {
  const event = new MouseEvent('pointermove', { clientX: x, clientY: y, bubbles: true });
  Object.defineProperty(event, 'pointerType', { value: pointerType });
  act(() => {
    window.dispatchEvent(event);
  });
}

/** The translate of an element, as [x, y]. */
function placeOf(el: Element | null | undefined): [number, number] {
  const match = /translate3d\(([-\d.]+)px, ([-\d.]+)px/.exec((el as HTMLElement | null)?.style.transform ?? '');
  return match ? [Number(match[1]), Number(match[2])] : [Number.NaN, Number.NaN];
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the cursor set GCursor0001–0003', () => {
  it('covers a tenth of the remaining distance each frame, and rests on the pointer', () => {
    expect(followStep({ x: 0, y: 0 }, { x: 100, y: 50 }, 0.1)).toEqual({ x: 10, y: 5 });
    expect(followStep({ x: 10, y: 5 }, { x: 100, y: 50 }, 0.1)).toEqual({ x: 19, y: 9.5 });
    expect(followStep({ x: 99.6, y: 49.6 }, { x: 100, y: 50 }, 0.1)).toEqual({ x: 100, y: 50 });
    expect(CURSOR_VARIANTS).toEqual(['0001', '0002', '0003']);
  });

  it('defaults to GCursor0001 at 10 px, trailing the mouse by 0.1 per frame', async () => {
    media();
    const { container } = render(<Cursor />);
    const root = container.querySelector('[data-cursor]');
    expect(root).toHaveAttribute('data-cursor', 'GCursor0001');
    expect(root).toHaveAttribute('aria-hidden', 'true');
    expect((root as HTMLElement).style.getPropertyValue('--cursor-size')).toBe('10px');
    const mark = root?.firstElementChild;

    moveTo(0, 0);
    moveTo(100, 200);
    expect(placeOf(mark)).toEqual([0, 0]);
    await act(() => vi.advanceTimersByTimeAsync(16));
    expect(placeOf(mark)).toEqual([10, 20]);
    await act(() => vi.advanceTimersByTimeAsync(16));
    expect(placeOf(mark)).toEqual([19, 38]);
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(placeOf(mark)).toEqual([100, 200]);
  });

  it('GCursor0003 keeps a dot on the pointer while its ring trails', async () => {
    media();
    const { container } = render(<Cursor variant="0003" size={12} />);
    const [dot, ring] = [...(container.querySelector('[data-cursor="GCursor0003"]')?.children ?? [])];
    moveTo(0, 0);
    moveTo(50, 50);
    await act(() => vi.advanceTimersByTimeAsync(16));
    expect(placeOf(dot)).toEqual([50, 50]);
    expect(placeOf(ring)).toEqual([5, 5]);
  });

  it('is not drawn for touch screens or a visitor who asks for reduced motion', () => {
    media({ mouse: false });
    const touch = render(<Cursor />);
    expect(touch.container.querySelector('[data-cursor]')).toBeNull();
    touch.unmount();
    media({ reduced: true });
    const reduced = render(<Cursor />);
    expect(reduced.container.querySelector('[data-cursor]')).toBeNull();
  });
});
