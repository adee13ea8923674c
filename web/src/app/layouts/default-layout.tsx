import { useThemeComponent } from '../../themes/registry';
import type { LayoutProps } from './layout-props';
import { FlashBanner, NavigationProgress, SkipLink } from './layout-parts';
import styles from './layout.module.css';

/** The usual frame: theme header and footer around the page. */
export function DefaultLayout({ shopName, headerNavigation, footerNavigation, copyright, children }: LayoutProps) {
  const Header = useThemeComponent('Header');
  const Footer = useThemeComponent('Footer');
  return (
    <>
      <SkipLink />
      <Header shopName={shopName} navigation={headerNavigation} />
      <NavigationProgress />
      <main id="main" tabIndex={-1} className={styles.main}>
        <FlashBanner />
        {children}
      </main>
      <Footer shopName={shopName} navigation={footerNavigation} copyright={copyright} />
    </>
  );
}
