import { useEffect, useState, type CSSProperties } from 'react';
import styles from './spinner.module.css';

/** The spec's spinner set GSpinner0000–GSpinner0013; GSpinner0011 at 20 px is the default. */
export const SPINNER_VARIANTS = [
  '0000',
  '0001',
  '0002',
  '0003',
  '0004',
  '0005',
  '0006',
  '0007',
  '0008',
  '0009',
  '0010',
  '0011',
  '0012',
  '0013',
] as const;

export type SpinnerVariant = (typeof SPINNER_VARIANTS)[number];

/** Each variant is one of a few drawings, at its own speed. */
const FAMILY: Record<SpinnerVariant, 'ring' | 'dual' | 'dots' | 'pulse' | 'gap' | 'bars'> = {
  '0000': 'ring',
  '0001': 'ring',
  '0002': 'ring',
  '0003': 'ring',
  '0004': 'dual',
  '0005': 'dual',
  '0006': 'dual',
  '0007': 'dots',
  '0008': 'dots',
  '0009': 'dots',
  '0010': 'pulse',
  '0011': 'gap',
  '0012': 'bars',
  '0013': 'bars',
};

const SPEED: Partial<Record<SpinnerVariant, string>> = {
  '0001': '0.6s',
  '0002': '1.2s',
  '0003': '1.6s',
  '0005': '0.7s',
  '0006': '1.4s',
  '0008': '0.8s',
  '0009': '1.6s',
  '0013': '1.6s',
};

/**
 * The default fetch delay (spec 000 §9, 200 ms): a wait shorter than this shows no spinner, so a
 * fast answer does not flash one; a longer wait shows it from 200 ms on. Nothing waits for it —
 * content that arrives sooner is shown at once.
 */
export const FETCH_DELAY_MS = 200;

/** False until `delay` ms after the first render (true at once for 0). */
function useShownAfter(delay: number): boolean {
  const [shown, setShown] = useState(delay <= 0);
  useEffect(() => {
    if (delay <= 0) return undefined;
    const timer = window.setTimeout(() => setShown(true), delay);
    return () => window.clearTimeout(timer);
  }, [delay]);
  return shown;
}

export interface SpinnerProps {
  variant?: SpinnerVariant;
  size?: number;
  label?: string;
  className?: string;
  /** Milliseconds before it appears (the fetch delay by default). */
  delay?: number;
}

export function Spinner({
  variant = '0011',
  size = 20,
  label = '読み込み中',
  className,
  delay = FETCH_DELAY_MS,
}: SpinnerProps) {
  const shown = useShownAfter(delay);
  const family = FAMILY[variant];
  const style = {
    '--spinner-size': `${size}px`,
    ...(SPEED[variant] ? { '--spinner-speed': SPEED[variant] } : {}),
  } as CSSProperties;
  if (!shown) {
    // Holds the spinner's place (no shift when it appears) and says nothing yet.
    return <span aria-hidden="true" className={[styles.spinner, className].filter(Boolean).join(' ')} style={style} />;
  }
  return (
    <span
      role="status"
      aria-label={label}
      data-spinner={`GSpinner${variant}`}
      className={[styles.spinner, className].filter(Boolean).join(' ')}
      style={style}
    >
      <span className={`${styles.shape} ${styles[family]}`} aria-hidden="true">
        {family === 'dots' || family === 'bars' ? (
          <>
            <i />
            <i />
            <i />
          </>
        ) : null}
      </span>
    </span>
  );
}

/** A spinner centred in the space of a loading page or block. */
export function LoadingBlock({ label = '読み込み中' }: { label?: string }) {
  return (
    <div className={styles.block}>
      <Spinner label={label} />
    </div>
  );
}
