import { Link } from 'react-router';
import { AccountLink } from '../../ui/account-link';
import { CartLink } from '../../ui/cart-link';
import { NavList, withGuide } from '../parts/nav-list';
import type { FooterProps, HeaderProps } from '../types';
import styles from './halehana.module.css';

/** A small hibiscus before the name (decoration only). */
export function Flower({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false" className={className}>
      <g fill="currentColor">
        <ellipse cx="16" cy="8" rx="5" ry="7" />
        <ellipse cx="16" cy="8" rx="5" ry="7" transform="rotate(72 16 16)" />
        <ellipse cx="16" cy="8" rx="5" ry="7" transform="rotate(144 16 16)" />
        <ellipse cx="16" cy="8" rx="5" ry="7" transform="rotate(216 16 16)" />
        <ellipse cx="16" cy="8" rx="5" ry="7" transform="rotate(288 16 16)" />
      </g>
    </svg>
  );
}

/** Soft and light: the name with its flower, round pill buttons, the menu as pills. */
export function HalehanaHeader({ shopName, navigation }: HeaderProps) {
  return (
    <header className={styles.header}>
      <div className={styles.headerInner}>
        <Link to="/" className={styles.brand}>
          <Flower className={styles.flower} />
          {shopName}
        </Link>
        <div className={styles.tools}>
          <CartLink className={styles.pill} />
          <AccountLink className={styles.pillStrong} />
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

/** A wave over a soft band; the links as round pills, centred. */
export function HalehanaFooter({ shopName, navigation, copyright }: FooterProps) {
  return (
    <footer className={styles.footer}>
      <svg
        className={styles.wave}
        viewBox="0 0 1200 40"
        preserveAspectRatio="none"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M0 20 C 150 40 300 0 450 20 S 750 40 900 20 S 1100 0 1200 20 V40 H0 Z" fill="currentColor" />
      </svg>
      <div className={styles.footerInner}>
        <p className={styles.footerName}>
          <Flower className={styles.flower} />
          {shopName}
        </p>
        <p className={styles.footerText}>Aloha! ハワイの風を感じる雑貨とフラの道具をお届けします。</p>
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
