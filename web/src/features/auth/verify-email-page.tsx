import { useEffect, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api-error';
import { useDocumentTitle } from '../../lib/document-title';
import { markRegisteredMember, useSession } from '../../api/session';
import { Breadcrumbs } from '../../ui/breadcrumbs';
import { buttonClass } from '../../ui/form-field';
import { LoadingBlock } from '../../ui/spinner';
import { MYPAGE_PATH } from '../../domain/auth/login-complete';
import { MEMBER_QUERY_ROOT } from '../../lib/query-client';
import { emailTokenQuery } from './auth-queries';
import styles from './auth.module.css';

export const INVALID_LINK_MESSAGE = 'リンクが無効か期限切れです';
export const VERIFIED_MESSAGE = 'メールアドレスの確認が完了しました。';
export const EMAIL_CHANGED_MESSAGE = 'メールアドレスを変更しました。';

/**
 * /verify/email?token=: the link of the verification mail, or of an e-mail change's mail
 * (POST /v1/email-verify/check {token}; `email_changed` for the latter).
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { isLogin } = useSession();
  const queryClient = useQueryClient();
  const check = useQuery({ ...emailTokenQuery(token), enabled: token !== '' });
  const emailChanged = check.data?.email_changed === true;
  useDocumentTitle('メールアドレスの確認');

  useEffect(() => {
    if (check.isSuccess && isLogin) markRegisteredMember();
  }, [check.isSuccess, isLogin]);

  useEffect(() => {
    // The cached profile still shows the old address (and the pending one).
    if (emailChanged) void queryClient.invalidateQueries({ queryKey: MEMBER_QUERY_ROOT });
  }, [emailChanged, queryClient]);

  let body: ReactNode;
  if (token === '' || check.isError) {
    const message =
      check.error instanceof ApiError && check.error.status < 500
        ? check.error.message || INVALID_LINK_MESSAGE
        : INVALID_LINK_MESSAGE;
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
          {emailChanged ? EMAIL_CHANGED_MESSAGE : VERIFIED_MESSAGE}
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
