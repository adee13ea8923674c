import { Link } from 'react-router';
import type { HomeLayoutProps } from '../types';
import styles from './livins.module.css';

/**
 * The main banners first and full width (the pictures lead), a short quiet statement under
 * them, then the shop's blocks and collections with wide spacing.
 */
export function LivinsHomeLayout({
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
      {mainBanners ? <div className={styles.visual}>{mainBanners}</div> : null}
      <section className={styles.statement} aria-labelledby="home-title">
        <h1 id="home-title" className={styles.statementTitle}>
          {title}
        </h1>
        <p className={styles.statementText}>
          {shopName}は、長く使える家具と、暮らしを整えるインテリア雑貨を選んでいます。
        </p>
        <Link to="/product" className={styles.statementLink}>
          コレクションを見る
        </Link>
      </section>
      {withSidebar(
        <div className={styles.sections}>
          {blocks}
          {collections}
          {information}
          {linkBanners}
        </div>,
      )}
    </div>
  );
}
