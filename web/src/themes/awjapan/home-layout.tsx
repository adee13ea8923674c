import { Link } from 'react-router';
import type { HomeLayoutProps } from '../types';
import styles from './awjapan.module.css';

/** The promises a site worker checks first. */
const POINTS = ['作業服・安全靴・保護具', 'サイズ・色違いもまとめて注文', '現場への直送にも対応'];

/** A black slab with the shop's promise and one big button, then the shop's blocks and collections. */
export function AwjapanHomeLayout({
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
      <section className={styles.slab} aria-labelledby="home-title">
        <p className={styles.slabKicker}>{shopName}</p>
        <h1 id="home-title" className={styles.slabTitle}>
          {title}
        </h1>
        <ul className={styles.points}>
          {POINTS.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
        <Link to="/product" className={styles.slabLink}>
          商品を探す
        </Link>
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
