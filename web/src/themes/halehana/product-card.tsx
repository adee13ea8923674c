import { Link } from 'react-router';
import { FavoriteButton } from '../../ui/favorite-button';
import { productHref, type ProductCardProps } from '../../ui/product-card';
import { CARD_IMAGE_SIZES, ProductImage } from '../../ui/product-image';
import { ProductPrice } from '../../ui/product-price';
import { StockBadge } from '../../ui/stock-badge';
import styles from './halehana.module.css';

/** A rounded card on a soft tint: round picture corners, the name and price centred. */
export function HalehanaProductCard({ product, eager = false }: ProductCardProps) {
  const titleId = `product-card-${product.id}`;
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <ProductImage
        image={product.image}
        fallbackAlt={product.name}
        size={320}
        sizes={CARD_IMAGE_SIZES}
        eager={eager}
        className={styles.cardImage}
      />
      <div className={styles.cardBody}>
        <h3 id={titleId} className={styles.cardName}>
          <Link to={productHref(product.key)} className={styles.cardLink}>
            {product.name}
          </Link>
        </h3>
        <ProductPrice price={product.product_price} beforePrice={product.before_price} taxRate={product.tax_rate} />
        <StockBadge status={product.stock_status} />
      </div>
      <FavoriteButton product={product} />
    </article>
  );
}
