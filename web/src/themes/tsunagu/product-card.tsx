import { Link } from 'react-router';
import { FavoriteButton } from '../../ui/favorite-button';
import { productHref, type ProductCardProps } from '../../ui/product-card';
import { ProductImage } from '../../ui/product-image';
import { ProductPrice } from '../../ui/product-price';
import { StockBadge } from '../../ui/stock-badge';
import styles from './tsunagu.module.css';

/** A row of a price list: a small picture, 品番 and name, maker, then price and stock at the end. */
export function TsunaguProductCard({ product, eager = false }: ProductCardProps) {
  const titleId = `product-card-${product.id}`;
  const maker = product.maker?.name ?? product.brand?.name;
  return (
    <article className={styles.row} aria-labelledby={titleId}>
      <ProductImage
        image={product.image}
        fallbackAlt={product.name}
        size={96}
        eager={eager}
        className={styles.rowImage}
      />
      <div className={styles.rowMain}>
        <p className={styles.rowCode}>品番：{product.code}</p>
        <h3 id={titleId} className={styles.rowName}>
          <Link to={productHref(product.key)} className={styles.rowLink}>
            {product.name}
          </Link>
        </h3>
        {maker ? <p className={styles.rowMaker}>{maker}</p> : null}
      </div>
      <div className={styles.rowSide}>
        <ProductPrice price={product.product_price} beforePrice={product.before_price} taxRate={product.tax_rate} />
        <StockBadge status={product.stock_status} />
      </div>
      <FavoriteButton product={product} />
    </article>
  );
}
