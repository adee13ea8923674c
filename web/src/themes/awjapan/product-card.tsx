import { Link } from 'react-router';
import { FavoriteButton } from '../../ui/favorite-button';
import { productHref, type ProductCardProps } from '../../ui/product-card';
import { CARD_IMAGE_SIZES, ProductImage } from '../../ui/product-image';
import { ProductPrice } from '../../ui/product-price';
import { StockBadge } from '../../ui/stock-badge';
import styles from './awjapan.module.css';

/** A square tile with a heavy frame: 品番 on a black tab, the name in bold, the price large. */
export function AwjapanProductCard({ product, eager = false }: ProductCardProps) {
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
      <p className={styles.cardCode}>品番 {product.code}</p>
      <div className={styles.cardBody}>
        <h3 id={titleId} className={styles.cardName}>
          <Link to={productHref(product.key)} className={styles.cardLink}>
            {product.name}
          </Link>
        </h3>
        <div className={styles.cardPrice}>
          <ProductPrice price={product.product_price} beforePrice={product.before_price} taxRate={product.tax_rate} />
        </div>
        <StockBadge status={product.stock_status} />
      </div>
      <FavoriteButton product={product} />
    </article>
  );
}
