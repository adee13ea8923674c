import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title';
import { patchSession, sessionStore } from '../../api/session';
import { Breadcrumbs } from '../../ui/breadcrumbs';
import { buttonClass } from '../../ui/form-field';
import { PasswordLogin } from './password-login';
import { SocialLogins } from './social-logins';
import styles from './auth.module.css';

export const SESSION_EXPIRED_MESSAGE = 'セッションの有効期限が切れました。再度ログインしてください。';

/**
 * /login: username or e-mail and password, the one-time code when the shop asks for it, links to
 * the reminders, sibling-shop login and registration. `?re=1` says the session expired.
 */
export function LoginPage() {
  const [params] = useSearchParams();
  const expired = params.get('re') === '1';
  useDocumentTitle('ログイン');

  useEffect(() => {
    // The failed refresh that may have brought the visitor here has been dealt with.
    if (sessionStore.get().isRefreshFailed) patchSession({ isRefreshFailed: false });
  }, []);

  return (
    <div className={`${styles.page} ${styles.wide}`}>
      <Breadcrumbs items={[{ label: 'ホーム', to: '/' }, { label: 'ログイン' }]} />
      <h1 className={styles.heading}>ログイン</h1>
      {expired ? (
        <p role="status" className={styles.notice}>
          {SESSION_EXPIRED_MESSAGE}
        </p>
      ) : null}
      <PasswordLogin
        mode="login"
        layout={(form) => (
          <div className={styles.columns}>
            <section className={styles.panel} aria-labelledby="member-login-title">
              <h2 id="member-login-title" className={styles.panelTitle}>
                会員の方
              </h2>
              {form}
              <ul className={styles.links}>
                <li>
                  <Link to="/reminder">パスワードをお忘れの方</Link>
                </li>
                <li>
                  <Link to="/reminder/username">ユーザー名をお忘れの方</Link>
                </li>
                <li>
                  <Link to="/login_sync">姉妹ショップのアカウントでログイン</Link>
                </li>
              </ul>
              <SocialLogins />
            </section>
            <section className={styles.panel} aria-labelledby="first-time-title">
              <h2 id="first-time-title" className={styles.panelTitle}>
                はじめてご利用の方
              </h2>
              <p className={styles.lead}>
                会員登録をすると、お届け先の保存や注文履歴の確認、お気に入りリストなどをご利用いただけます。
              </p>
              <Link to="/register" className={buttonClass.primary}>
                新規会員登録
              </Link>
            </section>
          </div>
        )}
      />
    </div>
  );
}

export { LoginPage as Component };
