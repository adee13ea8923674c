import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title';
import { useSession } from '../../api/session';
import { Breadcrumbs } from '../../ui/breadcrumbs';
import { buttonClass } from '../../ui/form-field';
import { MYPAGE_PATH } from '../../domain/auth/login-complete';
import styles from './auth.module.css';

/** /register/complete: the end of registration (after the code or e-mail check). */
export function RegisterCompletePage() {
  const { isLogin } = useSession();
  useDocumentTitle('会員登録完了');
  return (
    <div className={styles.page}>
      <Breadcrumbs items={[{ label: 'ホーム', to: '/' }, { label: '会員登録完了' }]} />
      <h1 className={styles.heading}>会員登録完了</h1>
      <section className={styles.panel}>
        <p role="status" className={styles.success}>
          会員登録が完了しました。
        </p>
        <p className={styles.lead}>
          ご登録ありがとうございます。登録内容はマイページの会員情報からいつでも確認・変更できます。
        </p>
        <div className={styles.actions}>
          {isLogin ? (
            <Link to={MYPAGE_PATH} className={buttonClass.primary}>
              マイページへ
            </Link>
          ) : (
            <Link to="/login" className={buttonClass.primary}>
              ログイン画面へ
            </Link>
          )}
          <Link to="/" className={buttonClass.secondary}>
            お買い物を続ける
          </Link>
        </div>
      </section>
    </div>
  );
}

export { RegisterCompletePage as Component };
