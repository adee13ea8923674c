import { useRef, useState, type KeyboardEvent } from 'react';
import type { ProductImage as ProductImageData } from '../../api/types';
import { ProductImage } from '../../ui/product-image';
import styles from './product-detail.module.css';

/**
 * The main picture's width: the whole column on a phone, half the content (at most 1080px, less
 * the gap) beside the product's information from 768px.
 */
const MAIN_SIZES = '(min-width: 1080px) 520px, (min-width: 768px) 50vw, 100vw';
/** A thumbnail button's picture (4.5rem, 3.75rem on a phone). */
const THUMB_SIZES = '72px';

/**
 * The main picture and its thumbnails. Thumbnails are buttons (Tab, Enter/Space); arrow keys,
 * Home and End move between them and show the picture at once. The main picture is the page's
 * largest paint, so it loads first (eager, high priority); the thumbnails load lazily.
 */
export function ProductGallery({ images, name }: { images: ProductImageData[]; name: string }) {
  const [index, setIndex] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const current = images[Math.min(index, images.length - 1)];

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const last = images.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: index >= last ? 0 : index + 1,
      ArrowDown: index >= last ? 0 : index + 1,
      ArrowLeft: index <= 0 ? last : index - 1,
      ArrowUp: index <= 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setIndex(next);
    buttons.current[next]?.focus();
  };

  return (
    <div className={styles.gallery}>
      <ProductImage
        key={current?.url ?? 'none'}
        image={current}
        fallbackAlt={name}
        size={640}
        sizes={MAIN_SIZES}
        priority
        className={styles.mainImage}
      />
      {images.length > 1 ? (
        <ul className={styles.thumbs} aria-label="商品画像の一覧" onKeyDown={onKeyDown}>
          {images.map((image, n) => (
            <li key={image.url}>
              <button
                ref={(el) => {
                  buttons.current[n] = el;
                }}
                type="button"
                className={n === index ? `${styles.thumb} ${styles.thumbCurrent}` : styles.thumb}
                aria-label={`画像${n + 1}を表示（${image.alt || name}）`}
                aria-pressed={n === index}
                onClick={() => setIndex(n)}
              >
                <ProductImage image={image} fallbackAlt="" size={96} sizes={THUMB_SIZES} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
