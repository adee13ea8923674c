import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title';
import { Breadcrumbs } from '../../ui/breadcrumbs';
import { PasswordLogin } from './password-login';
import styles from './auth.module.css';

/**
 * /login_sync: a member of a sibling shop (same company) logs in here with that account's own
 * credentials; the server creates the linked account on this shop (never by e-mail match alone).
 */
export function LoginSyncPage() {
  useDocumentTitle('姉妹ショップのアカウントでログイン');
  return (
    <div className={styles.page}>
      <Breadcrumbs
        items={[
          { label: 'ホーム', to: '/' },
          { label: 'ログイン', to: '/login' },
          { label: '姉妹ショップのアカウントでログイン' },
        ]}
      />
      <h1 className={styles.heading}>姉妹ショップのアカウントでログイン</h1>
      <PasswordLogin
        mode="sync"
        layout={(form) => (
          <section className={styles.panel} aria-label="姉妹ショップのアカウント">
            <p className={styles.lead}>
              同じグループのショップでお使いのアカウント（メールアドレスまたはユーザー名とパスワード）でログインできます。
              初回は、そのアカウントの会員情報を引き継いだ会員アカウントがこのショップに作成されます。
            </p>
            {form}
            <ul className={styles.links}>
              <li>
                <Link to="/login">このショップのアカウントでログイン</Link>
              </li>
              <li>
                <Link to="/register">新規会員登録</Link>
              </li>
            </ul>
          </section>
        )}
      />
    </div>
  );
}

export { LoginSyncPage as Component };
