import type { ReactNode } from 'react';
import type { ProductItem } from '../api/types';
import { ProductCard } from './product-grid';
import styles from './product-entry-grid.module.css';

export interface ProductEntry {
  product: ProductItem;
  /** A line under the card (e.g. when it was added). */
  note?: ReactNode;
  /** The 削除 button's accessible name, naming the product and the list. */
  removeLabel: string;
}

/**
 * Product cards a member keeps (favourites, viewed products), each with its 削除 button under
 * the card. While one removal is on its way (`removingId`), the buttons wait.
 */
export function ProductEntryGrid({
  entries,
  label,
  removingId,
  onRemove,
}: {
  entries: ProductEntry[];
  label: string;
  removingId: string | null;
  onRemove: (product: ProductItem) => void;
}) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {entries.map((entry) => (
        <li key={entry.product.id} className={styles.cell}>
          <ProductCard product={entry.product} />
          <div className={styles.foot}>
            {entry.note ? <p className={styles.note}>{entry.note}</p> : null}
            <button
              type="button"
              className={styles.remove}
              aria-label={entry.removeLabel}
              aria-busy={removingId === entry.product.id || undefined}
              disabled={removingId !== null}
              onClick={() => onRemove(entry.product)}
            >
              削除
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
