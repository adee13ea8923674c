import type { ProductDetail } from '../../api/types';
import styles from './product-detail.module.css';

/**
 * What the product does not take, in words (docs/contracts/catalog-extras.md §1), or null when
 * it takes both. The page cannot know whether the shop offers them at all, so it says only what
 * the product refuses.
 */
export function packingNoteText(product: Pick<ProductDetail, 'takes_noshi' | 'takes_wrapping'>): string | null {
  const noshi = product.takes_noshi;
  const wrapping = product.takes_wrapping;
  if (!noshi && !wrapping) return 'のし・ラッピングには対応していません';
  if (!noshi) return 'のしには対応していません';
  if (!wrapping) return 'ラッピングには対応していません';
  return null;
}

/** Near カートに入れる, with the embroidery note. */
export function PackingNote({ product }: { product: ProductDetail }) {
  const text = packingNoteText(product);
  return text ? <p className={styles.cartNote}>{text}</p> : null;
}
