import { memo } from 'react';
import { Link } from 'react-router';
import { useThemeComponent } from '../themes/registry';
import type { ProductCardProps } from '../themes/types';
import { FavoriteButton } from './favorite-button';
import { ProductImage } from './product-image';
import { ProductPrice } from './product-price';
import { StockBadge } from './stock-badge';
import styles from './product-card.module.css';

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
      <ProductImage image={product.image} fallbackAlt={product.name} size={320} eager={eager} />
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

/** One product in a list, as the channel's theme draws it (themes/registry). */
export function ProductCard(props: ProductCardProps) {
  const Card = useThemeComponent('ProductCard', SimpleProductCard);
  return <Card {...props} />;
}

/**
 * A grid of product cards; `label` names the list for assistive technology. Memoised: the pages
 * around it re-render as their other queries (filter lists, categories, related products) arrive
 * after the first paint, and redrawing every card each time made long tasks on a slow phone.
 */
export const ProductGrid = memo(function ProductGrid({
  products,
  label,
  compact = false,
  eagerCount = 0,
}: {
  products: ProductCardProps['product'][];
  label: string;
  compact?: boolean;
  eagerCount?: number;
}) {
  return (
    // `data-product-grid` lets a theme's stylesheet give its cards another grid (a list, larger tiles).
    <ul
      className={compact ? `${styles.grid} ${styles.compact}` : styles.grid}
      aria-label={label}
      data-product-grid={compact ? 'compact' : 'regular'}
    >
      {products.map((product, index) => (
        <li key={product.id} className={styles.cell}>
          <ProductCard product={product} eager={index < eagerCount} />
        </li>
      ))}
    </ul>
  );
});
