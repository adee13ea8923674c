import { Link } from 'react-router';
import { AccountLink } from '../../ui/account-link';
import { CartLink } from '../../ui/cart-link';
import { NavList, withGuide } from '../parts/nav-list';
import type { FooterProps, HeaderProps } from '../types';
import styles from './takimoto.module.css';

/** The shop name in Mincho between thin rules, the menu spaced out beneath it. */
export function TakimotoHeader({ shopName, navigation }: HeaderProps) {
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

/** A quiet footer on the paper tone, the name set vertically beside the links on wide screens. */
export function TakimotoFooter({ shopName, navigation, copyright }: FooterProps) {
  return (
    <footer className={styles.footer}>
      <div className={styles.footerInner}>
        <p className={styles.footerName}>{shopName}</p>
        <div>
          <p className={styles.footerText}>器は、使うほどに手になじみます。日々の食卓とお茶の時間に。</p>
          <NavList
            items={withGuide(navigation)}
            label="フッターメニュー"
            listClassName={styles.footerList}
            linkClassName={styles.footerLink}
          />
        </div>
      </div>
      <p className={styles.copyright}>
        <small>{copyright || `© ${shopName}`}</small>
      </p>
    </footer>
  );
}
