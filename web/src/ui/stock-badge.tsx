import type { StockStatus } from '../api/types';
import styles from './product-card.module.css';

export const STOCK_LABELS: Record<StockStatus, string> = {
  in_stock: '在庫あり',
  few: '残りわずか',
  out_of_stock: '在庫切れ',
};

/** 在庫あり / 残りわずか / 在庫切れ, in words (the colour only repeats them). */
export function StockBadge({ status, className }: { status: StockStatus; className?: string }) {
  return (
    <span className={[styles.stock, styles[`stock_${status}`], className].filter(Boolean).join(' ')}>
      {STOCK_LABELS[status]}
    </span>
  );
}
