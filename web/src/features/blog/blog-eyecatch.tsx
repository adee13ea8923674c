import { useState } from 'react';
import styles from './blog.module.css';

/** The article's picture in a fixed 3:1 box; none (or a broken one) gives a quiet placeholder. */
export function BlogEyecatch({
  src,
  eager = false,
  large = false,
}: {
  src: string | null | undefined;
  eager?: boolean;
  large?: boolean;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const className = large ? `${styles.eyecatch} ${styles.eyecatchLarge}` : styles.eyecatch;
  if (!src || failed === src) {
    return (
      <span className={`${className} ${styles.placeholder}`} aria-hidden="true">
        <svg viewBox="0 0 48 48" width="32" height="32" focusable="false" aria-hidden="true">
          <path
            d="M10 36V12h20l8 8v16z M30 12v8h8 M16 26h16 M16 31h12"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinejoin="round"
          />
        </svg>
      </span>
    );
  }
  return (
    <img
      src={src}
      alt=""
      width={1200}
      height={400}
      className={className}
      loading={eager ? 'eager' : 'lazy'}
      onError={() => setFailed(src)}
    />
  );
}
