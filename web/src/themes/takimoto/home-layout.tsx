import { Link } from 'react-router';
import type { HomeLayoutProps } from '../types';
import styles from './takimoto.module.css';

/**
 * A vertical greeting beside the main banners (stacked on a phone), then the shop's blocks and
 * collections with generous space between them.
 */
export function TakimotoHomeLayout({
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
      <section className={styles.greeting} aria-labelledby="home-title">
        <h1 id="home-title" className={styles.greetingTitle}>
          {title}
        </h1>
        <div className={styles.greetingBody}>
          <p className={styles.greetingText}>
            {shopName}は、窯元から届く和食器と茶道具を、一点ずつ写真とともにご紹介しています。
          </p>
          <Link to="/product" className={styles.greetingLink}>
            器を見る
          </Link>
        </div>
      </section>
      {mainBanners}
      {withSidebar(
        <div className={styles.homeSections}>
          {blocks}
          {collections}
          {information}
          {linkBanners}
        </div>,
      )}
    </div>
  );
}
