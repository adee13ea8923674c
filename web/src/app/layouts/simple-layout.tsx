import { Link } from 'react-router';
import type { LayoutProps } from './layout-props';
import { FlashBanner, NavigationProgress, SkipLink } from './layout-parts';
import styles from './layout.module.css';

/** A reduced frame (checkout-like pages): the shop name only, no menus. */
export function SimpleLayout({ shopName, copyright, children }: LayoutProps) {
  return (
    <>
      <SkipLink />
      <header className={styles.bareHeader}>
        <div className={styles.bareHeaderInner}>
          <Link to="/">{shopName}</Link>
        </div>
      </header>
      <NavigationProgress />
      <main id="main" tabIndex={-1} className={styles.main}>
        <FlashBanner />
        {children}
      </main>
      <footer className={styles.bareFooter}>
        <small>{copyright || `© ${shopName}`}</small>
      </footer>
    </>
  );
}
