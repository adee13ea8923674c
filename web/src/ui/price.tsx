import { formatYen } from '../lib/format';
import styles from './price.module.css';

export interface PriceProps {
  /** Integer yen. */
  value: number;
  /** Adds 「（税込）」; prices are tax-included. */
  taxLabel?: boolean;
  className?: string;
}

/** The one way money is shown: `¥1,234`. */
export function Price({ value, taxLabel = false, className }: PriceProps) {
  return (
    <span className={[styles.price, className].filter(Boolean).join(' ')}>
      {formatYen(value)}
      {taxLabel ? <span className={styles.tax}>（税込）</span> : null}
    </span>
  );
}
