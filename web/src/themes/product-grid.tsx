/**
 * The theme slot of product lists: the product card as the channel's theme draws it, and the grid
 * of them the screens show. Simple's card (and `productHref`) stay in ui/product-card, which the
 * themes' own cards build on.
 */
import { memo } from 'react';
import { SimpleProductCard, type ProductCardProps } from '../ui/product-card';
import { useThemeComponent } from './registry';
import styles from './product-grid.module.css';

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
