import { NavList, withGuide } from '../parts/nav-list';
import type { FooterProps } from '../types';
import styles from './tsunagu.module.css';

/** A primary-coloured band: the links in a compact row, the company line under them. */
export function TsunaguFooter({ shopName, navigation, copyright }: FooterProps) {
  return (
    <footer className={styles.footer}>
      <div className={styles.footerInner}>
        <NavList
          items={withGuide(navigation)}
          label="フッターメニュー"
          listClassName={styles.footerList}
          linkClassName={styles.footerLink}
        />
        <p className={styles.footerNote}>本サイトは事業者様向けの業販サイトです。表示価格は税込です。</p>
        <p className={styles.copyright}>
          <small>{copyright || `© ${shopName}`}</small>
        </p>
      </div>
    </footer>
  );
}
