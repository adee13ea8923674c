import { Link } from 'react-router';
import { FavoriteButton } from '../../ui/favorite-button';
import { productHref, type ProductCardProps } from '../../ui/product-card';
import { CARD_IMAGE_SIZES, ProductImage } from '../../ui/product-image';
import { ProductPrice } from '../../ui/product-price';
import { StockBadge } from '../../ui/stock-badge';
import styles from './takimoto.module.css';

/** The picture on a paper mount, the name in Mincho beside a vertical rule, the kiln (maker) above it. */
export function TakimotoProductCard({ product, eager = false }: ProductCardProps) {
  const titleId = `product-card-${product.id}`;
  const maker = product.maker?.name ?? product.brand?.name;
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
        {maker ? <p className={styles.cardMaker}>{maker}</p> : null}
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
