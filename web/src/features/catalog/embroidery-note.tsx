import type { ProductDetail } from '../../api/types';
import { formatCount } from '../../lib/format';
import styles from './product-detail.module.css';

/** 「名入れ刺繍できます（1点550円・10文字まで）」 */
export function embroideryNoteText(embroidery: { price: number; max_chars: number }): string {
  return `名入れ刺繍できます（1点${formatCount(embroidery.price)}円・${embroidery.max_chars}文字まで）`;
}

/** Near カートに入れる on a product that can be embroidered (chosen per line in the cart). */
export function EmbroideryNote({ product }: { product: Pick<ProductDetail, 'embroidery'> }) {
  return product.embroidery ? <p className={styles.cartNote}>{embroideryNoteText(product.embroidery)}</p> : null;
}
