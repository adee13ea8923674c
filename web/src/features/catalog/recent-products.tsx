import { useViewedProducts } from '../../domain/product-history/product-history';
import { ProductGrid } from '../../themes/product-grid';
import { useGuestHistory } from './history-queries';
import styles from './product-detail.module.css';

export const RECENT_TITLE = '最近チェックした商品';

/**
 * 「最近チェックした商品」: the browser's viewed products, newest first, without `excludeId`
 * (the product on screen). Nothing shows until there is something to show.
 */
export function RecentProducts({ excludeId }: { excludeId?: string }) {
  const ids = useViewedProducts().filter((id) => id !== excludeId);
  const { data } = useGuestHistory(ids);
  const products = (data ?? []).filter((entry) => entry.product_id !== excludeId).map((entry) => entry.product);
  if (ids.length === 0 || products.length === 0) return null;
  return (
    <section aria-labelledby="recent-products-title" className={styles.section}>
      <h2 id="recent-products-title" className={styles.sectionTitle}>
        {RECENT_TITLE}
      </h2>
      <ProductGrid products={products} label={RECENT_TITLE} compact />
    </section>
  );
}
