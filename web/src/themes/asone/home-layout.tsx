import { Link } from 'react-router';
import type { HomeLayoutProps } from '../types';
import styles from './asone.module.css';

/** The ways into the catalogue a laboratory looks for first. */
const QUICK_LINKS = [
  { label: '商品一覧から探す', path: '/product' },
  { label: 'メーカーから探す', path: '/maker' },
  { label: '見積書の発行について', path: '/guide' },
];

/**
 * A compact lead with the shop's search routes, then the shop's blocks and collections in one
 * column; information and banners last. Everything sits on the page grid, nothing full-bleed.
 */
export function AsoneHomeLayout({
  shopName,
  title,
  notice,
  mainBanners,
  blocks,
  collections,
  information,
  linkBanners,
  withSidebar,
}: HomeLayoutProps) {
  return (
    <div className={styles.home}>
      {notice}
      <section className={styles.lead} aria-labelledby="home-title">
        <p className={styles.leadKicker}>LABORATORY SUPPLY</p>
        <h1 id="home-title" className={styles.leadTitle}>
          {title}
        </h1>
        <p className={styles.leadText}>
          {shopName}は、研究・分析・品質管理の現場で使う機器と消耗品を型番からすばやくお探しいただけます。
        </p>
        <ul className={styles.quickLinks} aria-label="探し方">
          {QUICK_LINKS.map((link) => (
            <li key={link.path}>
              <Link to={link.path} className={styles.quickLink}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      {mainBanners}
      {withSidebar(
        <>
          {blocks}
          {collections}
          {information}
          {linkBanners}
        </>,
      )}
    </div>
  );
}
