import { Link } from 'react-router';
import type { HomeLayoutProps } from '../types';
import { Flower } from './frame';
import styles from './halehana.module.css';

const PILLS = [
  { label: 'すべての商品', path: '/product' },
  { label: 'お知らせ', path: '/news' },
  { label: 'ご利用ガイド', path: '/guide' },
];

/** A round, soft greeting card with pill links, then the shop's blocks and collections. */
export function HalehanaHomeLayout({
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
      <section className={styles.hello} aria-labelledby="home-title">
        <Flower className={styles.helloFlower} />
        <p className={styles.helloKicker}>Aloha!</p>
        <h1 id="home-title" className={styles.helloTitle}>
          {title}
        </h1>
        <p className={styles.helloText}>{shopName}へようこそ。レイやパウスカート、ハワイの香りの雑貨をどうぞ。</p>
        <ul className={styles.pills}>
          {PILLS.map((pill) => (
            <li key={pill.path}>
              <Link to={pill.path} className={styles.pill}>
                {pill.label}
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
