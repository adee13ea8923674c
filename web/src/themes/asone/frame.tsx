import { Link } from 'react-router';
import { AccountLink } from '../../ui/account-link';
import { CartLink } from '../../ui/cart-link';
import { NavList, withGuide } from '../parts/nav-list';
import type { FooterProps, HeaderProps } from '../types';
import styles from './asone.module.css';

/** A thin service line, then the shop name and tools on white, the menu as tabs under a rule. */
export function AsoneHeader({ shopName, navigation }: HeaderProps) {
  return (
    <header className={styles.header}>
      <p className={styles.serviceLine}>
        研究機関・法人のお客様へ：ご注文前に見積書（PDF）を発行できます。
        <Link to="/guide" className={styles.serviceLink}>
          ご利用ガイド
        </Link>
      </p>
      <div className={styles.headerInner}>
        <Link to="/" className={styles.brand}>
          <span className={styles.brandMark} aria-hidden="true" />
          {shopName}
        </Link>
        <div className={styles.tools}>
          <Link to="/product" className={styles.tool}>
            商品を探す
          </Link>
          <CartLink className={styles.tool} />
          <AccountLink className={styles.toolStrong} />
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

/** Columns of links on the surface colour, the copyright in small type. */
export function AsoneFooter({ shopName, navigation, copyright }: FooterProps) {
  return (
    <footer className={styles.footer}>
      <div className={styles.footerInner}>
        <div className={styles.footerAbout}>
          <p className={styles.footerName}>{shopName}</p>
          <p className={styles.footerText}>
            理化学機器・研究用消耗品の専門通販。型番での検索と見積書の発行に対応しています。
          </p>
        </div>
        <NavList
          items={withGuide(navigation)}
          label="フッターメニュー"
          listClassName={styles.footerList}
          linkClassName={styles.footerLink}
        />
      </div>
      <p className={styles.copyright}>
        <small>{copyright || `© ${shopName}`}</small>
      </p>
    </footer>
  );
}
