import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useDocumentTitle } from '../../lib/document-title';
import { markRegisteredMember, useSession } from '../../lib/session';
import { Breadcrumbs } from '../../ui/breadcrumbs';
import { buttonClass } from '../../ui/form-field';
import { LoadingBlock } from '../../ui/spinner';
import { MYPAGE_PATH } from './auth-flow';
import { emailTokenQuery } from './auth-queries';
import styles from './auth.module.css';

export const INVALID_LINK_MESSAGE = 'リンクが無効か期限切れです';

/** /verify/email?token=: the link of the verification mail (POST /v1/email-verify/check {token}). */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { isLogin } = useSession();
  const check = useQuery({ ...emailTokenQuery(token), enabled: token !== '' });
  useDocumentTitle('メールアドレスの確認');

  useEffect(() => {
    if (check.isSuccess && isLogin) markRegisteredMember();
  }, [check.isSuccess, isLogin]);

  let body;
  if (token === '' || check.isError) {
    const message =
      check.error instanceof ApiError && check.error.status < 500 ? check.error.message || INVALID_LINK_MESSAGE : INVALID_LINK_MESSAGE;
    body = (
      <section className={styles.panel}>
        <p role="alert" className={styles.lead}>
          {token === '' ? INVALID_LINK_MESSAGE : message}
        </p>
        <p className={styles.lead}>
          {isLogin ? '確認画面から確認メールを再送信できます。' : 'ログインすると確認メールを再送信できます。'}
        </p>
        <Link to={isLogin ? '/verify' : '/login'} className={buttonClass.primary}>
          {isLogin ? '確認画面へ' : 'ログイン画面へ'}
        </Link>
      </section>
    );
  } else if (check.isSuccess) {
    body = (
      <section className={styles.panel}>
        <p role="status" className={styles.success}>
          メールアドレスの確認が完了しました。
        </p>
        <Link to={isLogin ? MYPAGE_PATH : '/login'} className={buttonClass.primary}>
          {isLogin ? 'マイページへ' : 'ログイン画面へ'}
        </Link>
      </section>
    );
  } else {
    body = <LoadingBlock />;
  }

  return (
    <div className={styles.page}>
      <Breadcrumbs items={[{ label: 'ホーム', to: '/' }, { label: 'メールアドレスの確認' }]} />
      <h1 className={styles.heading}>メールアドレスの確認</h1>
      {body}
    </div>
  );
}

export { VerifyEmailPage as Component };
