import { Link } from 'react-router';
import { AccountLink } from '../../ui/account-link';
import { CartLink } from '../../ui/cart-link';
import { NavList, withGuide } from '../parts/nav-list';
import type { FooterProps, HeaderProps } from '../types';
import styles from './awjapan.module.css';

/** A black bar with the name in heavy type, a warning stripe under it, the menu in bold. */
export function AwjapanHeader({ shopName, navigation }: HeaderProps) {
  return (
    <header className={styles.header}>
      <div className={styles.headerInner}>
        <Link to="/" className={styles.brand}>
          {shopName}
        </Link>
        <div className={styles.tools}>
          <CartLink className={styles.tool} />
          <AccountLink className={styles.tool} />
        </div>
      </div>
      <div className={styles.stripe} aria-hidden="true" />
      <NavList
        items={navigation}
        label="メインメニュー"
        className={styles.nav}
        listClassName={styles.navList}
        linkClassName={styles.navLink}
      />
    </header>
  );
}

/** Black again at the foot, the links in two bold columns on a phone. */
export function AwjapanFooter({ shopName, navigation, copyright }: FooterProps) {
  return (
    <footer className={styles.footer}>
      <div className={styles.stripe} aria-hidden="true" />
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
