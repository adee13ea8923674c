import type { MouseEvent } from 'react';
import { useNavigation } from 'react-router';
import { useCurrentFlash } from '../../lib/flash';
import { Spinner } from '../../ui/spinner';
import styles from './layout.module.css';

/** Jumps keyboard users past the header to the main content. */
export function SkipLink() {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    document.getElementById('main')?.focus();
  };
  // A skip link is a link where users look for one. Following `#main` for real would be a
  // history entry the router navigates to (loaders, scroll restoration), so focus moves by hand.
  return (
    // biome-ignore lint/a11y/useValidAnchor: a real link that the click handler only keeps out of history
    <a href="#main" className={styles.skip} onClick={onClick}>
      本文へスキップ
    </a>
  );
}

/** The loading state of a navigation: the default spinner while the next screen loads. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state !== 'loading') return null;
  return (
    <div className={styles.progress}>
      <Spinner />
    </div>
  );
}

/** The flash message of this page (set on the previous one). */
export function FlashBanner() {
  const flash = useCurrentFlash();
  if (!flash) return null;
  return (
    <div role="status" className={`${styles.flash} ${styles[flash.type]}`}>
      {flash.text}
    </div>
  );
}
