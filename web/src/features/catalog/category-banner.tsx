import { useState } from 'react';
import styles from './product-list.module.css';

/** What the banner needs of a hierarchy node (the picture fields optional until the generated types have them). */
export interface PicturedCategory {
  name: string;
  image_url?: string | null;
  image_srcset?: string | null;
}

/**
 * The banner spans the page's content (at most the widest theme's 1200px; a phone's full
 * width), so the browser picks the variant for that width.
 */
export const CATEGORY_BANNER_SIZES = '(min-width: 1200px) 1200px, 100vw';

/**
 * The category's picture at the top of its product list (docs/contracts/catalog-extras.md §4),
 * in a box of fixed shape (set in CSS: wider from tablet up) so nothing moves while it loads; a
 * picture that fails to load leaves no empty box. Nothing for a category without one.
 */
export function CategoryBanner({ category }: { category: PicturedCategory | undefined }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const url = category?.image_url;
  if (!category || !url || failedUrl === url) return null;
  return (
    <img
      className={styles.banner}
      src={url}
      srcSet={category.image_srcset || undefined}
      sizes={category.image_srcset ? CATEGORY_BANNER_SIZES : undefined}
      alt={category.name}
      width={1200}
      height={400}
      fetchPriority="high"
      onError={() => setFailedUrl(url)}
    />
  );
}
