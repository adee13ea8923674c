import { Link } from 'react-router';
import type { LayoutProps } from './layout-props';
import { FlashBanner, NavigationProgress, SkipLink } from './layout-parts';
import styles from './layout.module.css';

/** A reduced frame (checkout-like pages): the shop name only, no menus. */
export function SimpleLayout({ shopName, copyright, showHeader = true, showFooter = true, children }: LayoutProps) {
  return (
    <>
      <SkipLink />
      {showHeader ? (
        <header className={styles.bareHeader}>
          <div className={styles.bareHeaderInner}>
            <Link to="/">{shopName}</Link>
          </div>
        </header>
      ) : null}
      <NavigationProgress />
      <main id="main" tabIndex={-1} className={styles.main}>
        <FlashBanner />
        {children}
      </main>
      {showFooter ? (
        <footer className={styles.bareFooter}>
          <small>{copyright || `© ${shopName}`}</small>
        </footer>
      ) : null}
    </>
  );
}
