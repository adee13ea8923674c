import type { ProductDetail } from '../../api/types';
import styles from './product-detail.module.css';

/**
 * 商品説明: the server's safe HTML (server/src/catalog/rich_text.rs: only the allowed tags, links
 * with `rel`, cleaned by ammonia when saved and again when answered; plain text already made into
 * `<p>` paragraphs), shown as it comes.
 */
export function ProductDescription({ product }: { product: Pick<ProductDetail, 'description_html'> }) {
  return (
    <div
      className={styles.description}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the server answers only sanitised markup (catalog/rich_text.rs)
      dangerouslySetInnerHTML={{ __html: product.description_html }}
    />
  );
}
