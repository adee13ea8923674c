import { Link } from 'react-router';
import { AccountLink } from '../../ui/account-link';
import { CartLink } from '../../ui/cart-link';
import { NavList, withGuide } from '../parts/nav-list';
import type { FooterProps, HeaderProps } from '../types';
import styles from './livins.module.css';

/** One airy line: the name left, the menu and tools right, hairline below. */
export function LivinsHeader({ shopName, navigation }: HeaderProps) {
  return (
    <header className={styles.header}>
      <div className={styles.headerInner}>
        <Link to="/" className={styles.brand}>
          {shopName}
        </Link>
        <NavList
          items={navigation}
          label="メインメニュー"
          className={styles.nav}
          listClassName={styles.navList}
          linkClassName={styles.navLink}
        />
        <div className={styles.tools}>
          <CartLink className={styles.tool} />
          <AccountLink className={styles.tool} />
        </div>
      </div>
    </header>
  );
}

/** Minimal: the name, a single row of small links, the copyright. */
export function LivinsFooter({ shopName, navigation, copyright }: FooterProps) {
  return (
    <footer className={styles.footer}>
      <div className={styles.footerInner}>
        <p className={styles.footerName}>{shopName}</p>
        <NavList
          items={withGuide(navigation)}
          label="フッターメニュー"
          listClassName={styles.footerList}
          linkClassName={styles.footerLink}
        />
        <p className={styles.copyright}>
          <small>{copyright || `© ${shopName}`}</small>
        </p>
      </div>
    </footer>
  );
}
