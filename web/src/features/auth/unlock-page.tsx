import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api-error';
import { useDocumentTitle } from '../../lib/document-title';
import { Breadcrumbs } from '../../ui/breadcrumbs';
import { buttonClass } from '../../ui/form-field';
import { LoadingBlock } from '../../ui/spinner';
import { unlockQuery } from './auth-queries';
import styles from './auth.module.css';

export const UNLOCKED_MESSAGE = 'アカウントのロックを解除しました。ログインしてください。';
export const UNLOCK_INVALID_MESSAGE = 'リンクが無効か期限切れです';

/** /login/unlock?token=: the link of the lock mail (GET /v1/auth/unlock/{token}). */
export function UnlockPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const unlock = useQuery({ ...unlockQuery(token), enabled: token !== '' });
  useDocumentTitle('アカウントのロック解除');

  let body: ReactNode;
  if (token === '' || unlock.isError || (unlock.isSuccess && !unlock.data.result)) {
    const message =
      unlock.error instanceof ApiError && unlock.error.status < 500 && unlock.error.message
        ? unlock.error.message
        : UNLOCK_INVALID_MESSAGE;
    body = (
      <section className={styles.panel}>
        <p role="alert" className={styles.lead}>
          {message}
        </p>
        <p className={styles.lead}>パスワードがわからない場合は、パスワードの再設定をお試しください。</p>
        <ul className={styles.links}>
          <li>
            <Link to="/login">ログイン画面へ</Link>
          </li>
          <li>
            <Link to="/reminder">パスワードをお忘れの方</Link>
          </li>
        </ul>
      </section>
    );
  } else if (unlock.isSuccess) {
    body = (
      <section className={styles.panel}>
        <p role="status" className={styles.success}>
          {UNLOCKED_MESSAGE}
        </p>
        <Link to="/login" className={buttonClass.primary}>
          ログイン画面へ
        </Link>
      </section>
    );
  } else {
    body = <LoadingBlock />;
  }

  return (
    <div className={styles.page}>
      <Breadcrumbs
        items={[{ label: 'ホーム', to: '/' }, { label: 'ログイン', to: '/login' }, { label: 'アカウントのロック解除' }]}
      />
      <h1 className={styles.heading}>アカウントのロック解除</h1>
      {body}
    </div>
  );
}

export { UnlockPage as Component };
