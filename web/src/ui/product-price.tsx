import { Price } from './price';
import styles from './product-card.module.css';

export interface ProductPriceProps {
  price: number;
  beforePrice?: number | null;
  taxRate: number;
  size?: 'small' | 'large';
}

/** Tax-included price, the former price struck through, and the reduced-rate note for 8% items. */
export function ProductPrice({ price, beforePrice, taxRate, size = 'small' }: ProductPriceProps) {
  const showBefore = typeof beforePrice === 'number' && beforePrice > price;
  return (
    <div className={size === 'large' ? `${styles.priceBlock} ${styles.priceLarge}` : styles.priceBlock}>
      {showBefore ? (
        <s className={styles.beforePrice}>
          <span className="visually-hidden">通常価格</span>
          <Price value={beforePrice} />
        </s>
      ) : null}
      <span className={showBefore ? `${styles.price} ${styles.salePrice}` : styles.price}>
        {showBefore ? <span className="visually-hidden">販売価格</span> : null}
        <Price value={price} taxLabel />
      </span>
      {taxRate === 8 ? <span className={styles.reduced}>軽減税率対象（8%）</span> : null}
    </div>
  );
}
