import { Link } from 'react-router';
import type { ProductItem } from '../api/types';
import { FavoriteButton } from './favorite-button';
import { CARD_IMAGE_SIZES, ProductImage } from './product-image';
import { ProductPrice } from './product-price';
import { StockBadge } from './stock-badge';
import styles from './product-card.module.css';

export interface ProductCardProps {
  product: ProductItem;
  /** Load the picture at once (the first cards of a list). */
  eager?: boolean;
}

export function productHref(key: string): string {
  return `/product/${encodeURIComponent(key)}`;
}

/**
 * Simple's product card: picture, maker, name, price and stock; the whole card is one link, with
 * the favourite heart over the picture (its own button, above the link's target area).
 */
export function SimpleProductCard({ product, eager = false }: ProductCardProps) {
  const titleId = `product-card-${product.id}`;
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <ProductImage
        image={product.image}
        fallbackAlt={product.name}
        size={320}
        sizes={CARD_IMAGE_SIZES}
        eager={eager}
      />
      <div className={styles.body}>
        {product.maker || product.brand ? (
          <p className={styles.maker}>{product.brand?.name ?? product.maker?.name}</p>
        ) : null}
        <h3 id={titleId} className={styles.name}>
          <Link to={productHref(product.key)} className={styles.link}>
            {product.name}
          </Link>
        </h3>
        <p className={styles.code}>品番：{product.code}</p>
        <ProductPrice price={product.product_price} beforePrice={product.before_price} taxRate={product.tax_rate} />
        <StockBadge status={product.stock_status} />
      </div>
      <FavoriteButton product={product} />
    </article>
  );
}
