import { useEffect, useRef, useState, type CSSProperties } from 'react';
import styles from './cursor.module.css';

/**
 * The spec's cursor set GCursor0001–GCursor0003 (000 §9): a mark that trails the mouse pointer,
 * each frame covering `frame` (0.1) of the distance still to go, at `size` (10 px). GCursor0001
 * at 10 px with frame 0.1 is the default. Read as a decoration over the system pointer, which
 * stays what people point and click with:
 * - 0001 a dot that trails the pointer;
 * - 0002 a ring (three times the size) that trails it;
 * - 0003 a dot on the pointer with the ring trailing it.
 * Only for a mouse (a fine pointer that hovers); never for touch or with reduced motion. A theme
 * that wants one sets it as its `Cursor` (themes/registry); Simple has none.
 */
export const CURSOR_VARIANTS = ['0001', '0002', '0003'] as const;
export type CursorVariant = (typeof CURSOR_VARIANTS)[number];

export interface Point {
  x: number;
  y: number;
}

/** One frame of the trail: `frame` of the way from `at` to `pointer` (within half a pixel: there). */
export function followStep(at: Point, pointer: Point, frame: number): Point {
  const next = { x: at.x + (pointer.x - at.x) * frame, y: at.y + (pointer.y - at.y) * frame };
  return Math.abs(pointer.x - next.x) < 0.5 && Math.abs(pointer.y - next.y) < 0.5 ? { ...pointer } : next;
}

/** A mouse, and no request for reduced motion. */
function cursorWanted(): boolean {
  if (typeof window.matchMedia !== 'function') return false;
  return (
    window.matchMedia('(hover: hover) and (pointer: fine)').matches &&
    !window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

const place = (el: HTMLElement | null, p: Point) => {
  if (el) el.style.transform = `translate3d(${p.x}px, ${p.y}px, 0)`;
};

export interface CursorProps {
  variant?: CursorVariant;
  size?: number;
  frame?: number;
}

export function Cursor({ variant = '0001', size = 10, frame = 0.1 }: CursorProps) {
  const [wanted] = useState(cursorWanted);
  const [visible, setVisible] = useState(false);
  const trailing = useRef<HTMLDivElement>(null);
  const exact = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!wanted) return undefined;
    let pointer: Point | null = null;
    let at: Point | null = null;
    let request = 0;
    const tick = () => {
      request = 0;
      if (!pointer || !at) return;
      at = followStep(at, pointer, frame);
      place(trailing.current, at);
      // At rest once it reaches the pointer: no frames while nothing moves.
      if (at.x !== pointer.x || at.y !== pointer.y) request = window.requestAnimationFrame(tick);
    };
    const move = (event: PointerEvent) => {
      if (event.pointerType && event.pointerType !== 'mouse') return;
      pointer = { x: event.clientX, y: event.clientY };
      if (!at) {
        at = { ...pointer };
        place(trailing.current, at);
        setVisible(true);
      }
      place(exact.current, pointer);
      if (!request) request = window.requestAnimationFrame(tick);
    };
    const leave = () => setVisible(false);
    const enter = () => setVisible(at !== null);
    window.addEventListener('pointermove', move, { passive: true });
    document.documentElement.addEventListener('pointerleave', leave);
    document.documentElement.addEventListener('pointerenter', enter);
    return () => {
      window.removeEventListener('pointermove', move);
      document.documentElement.removeEventListener('pointerleave', leave);
      document.documentElement.removeEventListener('pointerenter', enter);
      if (request) window.cancelAnimationFrame(request);
    };
  }, [wanted, frame]);

  if (!wanted) return null;
  const style = { '--cursor-size': `${size}px` } as CSSProperties;
  const shown = visible ? ` ${styles.visible}` : '';
  return (
    <div aria-hidden="true" data-cursor={`GCursor${variant}`} style={style}>
      {variant === '0003' ? <div ref={exact} className={`${styles.cursor} ${styles.dot}${shown}`} /> : null}
      <div ref={trailing} className={`${styles.cursor} ${variant === '0001' ? styles.dot : styles.ring}${shown}`} />
    </div>
  );
}
