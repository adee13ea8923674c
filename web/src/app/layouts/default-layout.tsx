import { useThemeComponent } from '../../themes/registry';
import type { LayoutProps } from './layout-props';
import { FlashBanner, NavigationProgress, SkipLink } from './layout-parts';
import styles from './layout.module.css';

/** The usual frame: theme header and footer around the page. */
export function DefaultLayout({
  shopName,
  headerNavigation,
  footerNavigation,
  copyright,
  showHeader = true,
  showFooter = true,
  children,
}: LayoutProps) {
  const Header = useThemeComponent('Header');
  const Footer = useThemeComponent('Footer');
  return (
    <>
      <SkipLink />
      {showHeader ? <Header shopName={shopName} navigation={headerNavigation} /> : null}
      <NavigationProgress />
      <main id="main" tabIndex={-1} className={styles.main}>
        <FlashBanner />
        {children}
      </main>
      {showFooter ? <Footer shopName={shopName} navigation={footerNavigation} copyright={copyright} /> : null}
    </>
  );
}
