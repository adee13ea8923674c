import { Link } from 'react-router';
import type { LayoutProps } from './layout-props';
import { FlashBanner, NavigationProgress, SkipLink } from './layout-parts';
import styles from './layout.module.css';

/** The spec's "sample" layout: a full-width preview frame marked as a sample. */
export function SampleLayout({ shopName, copyright, showHeader = true, showFooter = true, children }: LayoutProps) {
  return (
    <>
      <SkipLink />
      {showHeader ? (
        <header className={styles.bareHeader}>
          <div className={styles.bareHeaderInner}>
            <Link to="/">{shopName}</Link>
            <span className={styles.sampleBadge}>サンプル</span>
          </div>
        </header>
      ) : null}
      <NavigationProgress />
      <main id="main" tabIndex={-1} className={`${styles.main} ${styles.wide}`}>
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
