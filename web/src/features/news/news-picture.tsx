import { useState } from 'react';
import styles from './news.module.css';

/** What a news picture needs of an item (the list's and the detail's; null without a picture). */
export interface PicturedNews {
  title: string;
  image_url?: string | null;
  image_srcset?: string | null;
}

/**
 * The thumbnail beside a list item: a fixed box (the same width and height on the img and in
 * CSS) so nothing moves while it loads; the browser picks the variant for its width.
 */
const THUMB = { width: 240, height: 160, sizes: '(min-width: 768px) 240px, 112px' } as const;
/**
 * The picture under the detail's heading: the page's width (48rem at most), in a box of fixed
 * shape; a picture of another shape is fitted inside it, not cut.
 */
const DETAIL = { width: 1440, height: 960, sizes: '(min-width: 768px) 768px, 100vw' } as const;

/**
 * A news item's picture (docs/contracts/news-desk.md): its alt is the item's title. An item
 * without one, or whose picture fails to load, shows nothing (no empty frame).
 */
export function NewsPicture({ news, variant }: { news: PicturedNews; variant: 'thumb' | 'detail' }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const url = news.image_url;
  if (!url || failedUrl === url) return null;
  const size = variant === 'thumb' ? THUMB : DETAIL;
  return (
    <img
      className={variant === 'thumb' ? styles.thumb : styles.picture}
      src={url}
      srcSet={news.image_srcset || undefined}
      sizes={news.image_srcset ? size.sizes : undefined}
      alt={news.title}
      width={size.width}
      height={size.height}
      // The list's pictures wait for the scroll; the detail's is the page's first sight.
      loading={variant === 'thumb' ? 'lazy' : undefined}
      fetchPriority={variant === 'detail' ? 'high' : undefined}
      decoding="async"
      onError={() => setFailedUrl(url)}
    />
  );
}
