/**
 * The signed-in frame: the header (staff name and role, the screens, logout) and the screen. On a
 * phone the screens' list opens from a 「メニュー」 button: wrapped, the fifteen screens took half
 * the screen above every page (the order desk's queues fell below the fold).
 */
import { useState } from 'react';
import { Link, NavLink, Outlet, isRouteErrorResponse, useNavigate, useRouteError } from 'react-router';
import { AdminApiError, errorText } from '../api/admin-client';
import type { Permission } from '../api/admin-types';
import { useCan, useIsCorporateShop, useLogout, useStaff } from '../api/session-queries';
import { REPORTS_PERMISSION } from '../reports/report-types';
import styles from './admin-layout.module.css';

interface Screen {
  to: string;
  label: string;
  /** Shown only to staff whose role has it (the server refuses the screen's calls otherwise). */
  needs?: Permission;
  /** Only in a corporate (B2B) shop's back office. */
  corporateOnly?: boolean;
  end?: boolean;
}

const SCREENS: readonly Screen[] = [
  { to: '/admin/orders', label: '受注管理', needs: 'orders_view' },
  { to: '/admin/members', label: '会員', needs: 'members_view' },
  { to: '/admin/products', label: '商品管理', needs: 'catalog_view' },
  { to: '/admin/catalog/stock', label: '在庫管理', needs: 'catalog_view' },
  { to: '/admin/catalog/taxonomy', label: '分類管理', needs: 'catalog_view' },
  { to: '/admin/catalog/reviews', label: 'レビュー管理', needs: 'catalog_view' },
  { to: '/admin/catalog/csv', label: 'CSV入出力', needs: 'catalog_view' },
  { to: '/admin/reports', label: '売上', needs: REPORTS_PERMISSION },
  { to: '/admin/inquiries', label: '受信箱' },
  { to: '/admin/messages/new', label: 'お知らせ作成', end: true, needs: 'inquiries' },
  { to: '/admin/messages', label: '送信済みお知らせ', end: true },
  { to: '/admin/topics', label: 'お問い合わせ種別' },
  { to: '/admin/companies', label: '法人会員', corporateOnly: true },
  { to: '/admin/content/pages', label: 'ページ', needs: 'shop_settings' },
  { to: '/admin/content/news', label: 'お知らせ', needs: 'shop_settings' },
  { to: '/admin/content/coupons', label: 'クーポン', needs: 'shop_settings' },
  { to: '/admin/settings', label: '設定', needs: 'shop_settings' },
  { to: '/admin/staff', label: 'スタッフ', needs: 'staff_manage' },
  { to: '/admin/audit-log', label: '操作履歴', needs: 'audit_log' },
];

export function AdminLayout() {
  const staff = useStaff();
  const logout = useLogout();
  const navigate = useNavigate();
  const isCorporate = useIsCorporateShop();
  const allowed = useCan();
  const [menuOpen, setMenuOpen] = useState(false);
  const screens = SCREENS.filter(
    (screen) => (!screen.needs || allowed(screen.needs)) && (!screen.corporateOnly || isCorporate),
  );

  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <p className={styles.brand}>
          <Link to="/admin/inquiries">管理画面</Link>
        </p>
        <nav aria-label="管理メニュー" className={styles.nav} data-open={menuOpen || undefined}>
          <button
            type="button"
            className={styles.menuButton}
            aria-expanded={menuOpen}
            aria-controls="admin-menu-list"
            onClick={() => setMenuOpen((open) => !open)}
          >
            メニュー
          </button>
          <ul id="admin-menu-list" className={styles.navList}>
            {screens.map((screen) => (
              <li key={screen.to}>
                <NavLink to={screen.to} end={screen.end} className={styles.navLink} onClick={() => setMenuOpen(false)}>
                  {screen.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.user}>
          <span>
            {staff.name}
            <span className="visually-hidden">（権限：</span>
            <span className={styles.role}>{staff.role_label}</span>
            <span className="visually-hidden">）</span>
          </span>
          <button
            type="button"
            className={styles.logout}
            disabled={logout.isPending}
            onClick={() => {
              logout.mutate(undefined, { onSettled: () => void navigate('/admin/login', { replace: true }) });
            }}
          >
            ログアウト
          </button>
        </div>
      </header>
      <main className={styles.main}>
        <Outlet />
      </main>
    </div>
  );
}

export function NotFoundPage() {
  return (
    <div className={styles.centered}>
      <title>ページが見つかりません | 管理画面</title>
      <h1>ページが見つかりません</h1>
      <p>
        <Link to="/admin/inquiries">受信箱へ戻る</Link>
      </p>
    </div>
  );
}

export function RouteErrorPage() {
  const error = useRouteError();
  const status = error instanceof AdminApiError ? error.status : isRouteErrorResponse(error) ? error.status : 0;
  const message =
    status === 404
      ? 'ページが見つかりません'
      : error instanceof AdminApiError
        ? errorText(error)
        : 'エラーが発生しました';
  return (
    <div className={styles.centered}>
      <title>エラー | 管理画面</title>
      <h1>{message}</h1>
      <p>
        <a href="/admin/inquiries">受信箱へ戻る</a>
      </p>
    </div>
  );
}
