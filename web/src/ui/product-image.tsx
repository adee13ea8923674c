import { useState } from 'react';
import type { ProductImage as ProductImageData } from '../api/types';
import styles from './product-card.module.css';

export interface ProductImageProps {
  image: ProductImageData | null | undefined;
  /** Used as the text alternative when the image has none. */
  fallbackAlt: string;
  /** Intrinsic size of the square box (the picture never shifts the layout). */
  size: number;
  /**
   * How wide the box is shown, for choosing among the picture's variants (`srcset`): a media
   * condition list such as `CARD_IMAGE_SIZES`. Default: the box's own `size` in CSS pixels.
   */
  sizes?: string;
  eager?: boolean;
  /** The page's main picture (its largest paint): loaded at once, before other pictures. */
  priority?: boolean;
  className?: string;
}

/**
 * How wide a product card's picture is: half the screen in the two columns of a phone, a third
 * from 600px, and at most a third of the content's width (1080px). Grids with four or five columns
 * show it smaller, so this errs towards the sharper variant.
 */
export const CARD_IMAGE_SIZES = '(min-width: 1080px) 360px, (min-width: 600px) 34vw, 50vw';

/**
 * A product picture in a fixed square box; a missing or broken picture becomes a tidy placeholder.
 * A photo comes in several widths (`srcset`, docs/contracts/photos.md) and the browser picks the
 * one that fills the box at the screen's density; an older SVG picture has only its `url`.
 */
export function ProductImage({
  image,
  fallbackAlt,
  size,
  sizes,
  eager = false,
  priority = false,
  className,
}: ProductImageProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const alt = image?.alt || fallbackAlt;
  const classes = [styles.imageBox, className].filter(Boolean).join(' ');
  if (!image || failedUrl === image.url) {
    return (
      <span className={`${classes} ${styles.placeholder}`} role="img" aria-label={alt}>
        <svg
          viewBox="0 0 48 48"
          width={size >= 160 ? 40 : 24}
          height={size >= 160 ? 40 : 24}
          aria-hidden="true"
          focusable="false"
        >
          <path
            d="M30.5 8.5a9 9 0 0 0-11.3 11.6L8.6 30.7a3.4 3.4 0 0 0 4.8 4.8l10.6-10.6A9 9 0 0 0 35.6 13.6l-5.3 5.3-4.2-1.1-1.1-4.2 5.5-5.1z"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinejoin="round"
          />
        </svg>
        {size >= 160 ? (
          <span className={styles.placeholderText} aria-hidden="true">
            画像準備中
          </span>
        ) : null}
      </span>
    );
  }
  return (
    <span className={classes}>
      <img
        src={image.url}
        srcSet={image.srcset || undefined}
        sizes={image.srcset ? (sizes ?? `${size}px`) : undefined}
        alt={alt}
        width={size}
        height={size}
        loading={eager || priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding={priority ? undefined : 'async'}
        className={styles.image}
        onError={() => setFailedUrl(image.url)}
      />
    </span>
  );
}
