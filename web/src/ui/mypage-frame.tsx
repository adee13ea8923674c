import { useEffect, useRef, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useDocumentTitle } from '../lib/document-title';
import styles from './mypage-frame.module.css';

/**
 * The member areas of spec 001 §2, each with its screens. Shared by every member feature
 * (account, orders, wallet, favorites, inquiries, …), so it lives in ui/.
 */
export const MYPAGE_AREAS = [
  { to: '/mypage', label: 'マイページトップ', end: true },
  { to: '/mypage/user_info', label: '会員情報', end: false },
  { to: '/mypage/order_history', label: '注文履歴', end: false },
  { to: '/mypage/inquiry_history', label: 'お問い合わせ履歴', end: false },
  { to: '/mypage/message-center', label: 'メッセージセンター', end: false },
  { to: '/mypage/list', label: 'お気に入り', end: false },
  { to: '/mypage/bookmark', label: 'ブックマーク', end: true },
  { to: '/mypage/product_history', label: '閲覧履歴', end: true },
  { to: '/mypage/product_search_history', label: '検索履歴', end: true },
  { to: '/mypage/product_request_history', label: '入荷リクエスト履歴', end: true },
  { to: '/mypage/memorial', label: '記念日', end: false },
  { to: '/mypage/measurement', label: 'サイズ情報', end: false },
  { to: '/mypage/name-embroidery', label: '名入れ刺繍', end: false },
  { to: '/mypage/address', label: 'アドレス帳', end: false },
  { to: '/mypage/card', label: 'カード情報', end: false },
  { to: '/mypage/point', label: 'ポイント', end: true },
  { to: '/mypage/password', label: 'パスワード変更', end: true },
  { to: '/mypage/login_history', label: 'ログイン履歴', end: true },
  { to: '/mypage/logout', label: 'ログアウト', end: true },
  { to: '/mypage/leave', label: '退会', end: true },
] as const;

export interface MypageFrameProps {
  /** The screen's heading (h1) and document title. */
  title: string;
  children: ReactNode;
}

/**
 * Every member screen: the menu of member areas (a scrollable row on phones, a side column on
 * desktop) beside the screen's own content.
 */
export function MypageFrame({ title, children }: MypageFrameProps) {
  useDocumentTitle(title);
  const menuList = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  // On a phone the menu is a row wider than the screen: bring the current area into view.
  useEffect(() => {
    const list = menuList.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !current || list.scrollWidth <= list.clientWidth) return;
    const offset = current.getBoundingClientRect().left - list.getBoundingClientRect().left;
    list.scrollLeft += offset - (list.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);
  return (
    <div className={styles.frame}>
      <nav aria-label="マイページメニュー" className={styles.menu}>
        <p className={styles.menuTitle} aria-hidden="true">
          マイページ
        </p>
        <ul className={styles.menuList} ref={menuList}>
          {MYPAGE_AREAS.map((area) => (
            <li key={area.to}>
              <NavLink
                to={area.to}
                end={area.end}
                className={({ isActive }) => (isActive ? `${styles.menuLink} ${styles.menuActive}` : styles.menuLink)}
              >
                {area.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="mypage-title" className={styles.content}>
        <h1 id="mypage-title" className={styles.heading} tabIndex={-1}>
          {title}
        </h1>
        {children}
      </section>
    </div>
  );
}
