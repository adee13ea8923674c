import { Link } from 'react-router';
import { FavoriteButton } from '../../ui/favorite-button';
import { productHref, type ProductCardProps } from '../../ui/product-card';
import { CARD_IMAGE_SIZES, ProductImage } from '../../ui/product-image';
import { ProductPrice } from '../../ui/product-price';
import { StockBadge } from '../../ui/stock-badge';
import styles from './asone.module.css';

/** Dense: the model number first, a small picture, the maker and category as a spec table. */
export function AsoneProductCard({ product, eager = false }: ProductCardProps) {
  const titleId = `product-card-${product.id}`;
  const maker = product.maker?.name ?? product.brand?.name;
  const category = product.categories[0]?.name;
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <p className={styles.model}>
        <span className={styles.modelLabel}>型番</span>
        <span className={styles.modelCode}>{product.code}</span>
      </p>
      <ProductImage
        image={product.image}
        fallbackAlt={product.name}
        size={240}
        sizes={CARD_IMAGE_SIZES}
        eager={eager}
        className={styles.cardImage}
      />
      <h3 id={titleId} className={styles.cardName}>
        <Link to={productHref(product.key)} className={styles.cardLink}>
          {product.name}
        </Link>
      </h3>
      {maker || category ? (
        <dl className={styles.spec}>
          {maker ? (
            <div>
              <dt>メーカー</dt>
              <dd>{maker}</dd>
            </div>
          ) : null}
          {category ? (
            <div>
              <dt>分類</dt>
              <dd>{category}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      <ProductPrice price={product.product_price} beforePrice={product.before_price} taxRate={product.tax_rate} />
      <StockBadge status={product.stock_status} />
      <FavoriteButton product={product} />
    </article>
  );
}
