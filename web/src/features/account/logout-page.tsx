import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title';
import { buttonClass } from '../../ui/form-field';
import { NoticeSlot } from '../../ui/notice-slot';
import { useLogout } from './account-queries';
import { MypageFrame } from '../../ui/mypage-frame';
import styles from './account.module.css';

/** After logging out: the shop's `logout` notice and the ways on. */
function LoggedOut() {
  const heading = useRef<HTMLHeadingElement>(null);
  useDocumentTitle('ログアウトしました');
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="logout-done-title" className={styles.standalone}>
      <h1 id="logout-done-title" ref={heading} tabIndex={-1} className={styles.heading}>
        ログアウトしました
      </h1>
      <NoticeSlot code="logout" />
      <p className={styles.actions}>
        <Link to="/" className={buttonClass.primary}>
          トップページへ
        </Link>
        <Link to="/login" className={buttonClass.secondary}>
          ログイン
        </Link>
      </p>
    </section>
  );
}

/** ログアウト: asks once, then logs out (local state goes even if the server is unreachable). */
export function LogoutPage() {
  const [done, setDone] = useState(false);
  const logout = useLogout();
  if (done) return <LoggedOut />;
  return (
    <MypageFrame title="ログアウト">
      <p>ログアウトしますか？</p>
      <div className={styles.actions}>
        <button
          type="button"
          className={buttonClass.primary}
          disabled={logout.isPending}
          aria-busy={logout.isPending || undefined}
          onClick={() => logout.mutate(undefined, { onSettled: () => setDone(true) })}
        >
          {logout.isPending ? 'ログアウト中…' : 'ログアウトする'}
        </button>
        <Link to="/mypage" className={buttonClass.secondary}>
          マイページへ戻る
        </Link>
      </div>
    </MypageFrame>
  );
}

export { LogoutPage as Component };
