import { Link } from 'react-router';
import type { HomeLayoutProps } from '../types';
import styles from './tsunagu.module.css';

/** What a purchasing department comes back for. */
const DESK = [
  { label: '商品一覧・品番検索', path: '/product', note: '品番・キーワードで検索' },
  { label: '注文履歴', path: '/mypage/order_history', note: '再注文・領収書の発行' },
  { label: 'お気に入り', path: '/mypage/list', note: 'よく使う商品のリスト' },
  { label: 'ご利用ガイド', path: '/guide', note: '見積書・お支払いについて' },
];

/** A compact business desk of shortcuts, then the shop's blocks and collections without decoration. */
export function TsunaguHomeLayout({
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
      <h1 className={styles.homeTitle}>{title}</h1>
      {notice}
      <nav aria-label="業務メニュー" className={styles.desk}>
        <ul className={styles.deskList}>
          {DESK.map((item) => (
            <li key={item.path}>
              <Link to={item.path} className={styles.deskLink}>
                <span className={styles.deskLabel}>{item.label}</span>
                <span className={styles.deskNote}>{item.note}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
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
