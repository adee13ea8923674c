import { useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { parsePageParam } from '../../lib/page-param';
import { queryClient } from '../../lib/query-client';
import { sessionStore } from '../../api/session';
import { DateText } from '../../ui/date-text';
import { Pagination } from '../../ui/pagination';
import { loginHistoriesQuery, useLoginHistories, type LoginMethod } from './account-queries';
import { MypageFrame } from '../../ui/mypage-frame';
import styles from './account.module.css';

export async function loader({ request }: LoaderFunctionArgs) {
  const page = parsePageParam(new URL(request.url).searchParams.get('page'));
  if (sessionStore.get().isLogin) await queryClient.ensureQueryData(loginHistoriesQuery(page));
  return null;
}

export const LOGIN_METHOD_LABELS: Record<LoginMethod, string> = {
  password: 'パスワード',
  code: '確認コード',
  reminder: 'パスワード再設定',
  social: 'ソーシャルログイン',
  sync: '他ショップのアカウント連携',
};

/** ログイン履歴: when, how and from where the member logged in, newest first. */
export function LoginHistoryPage() {
  const [params] = useSearchParams();
  const { items, pagination } = useLoginHistories(parsePageParam(params.get('page')));
  return (
    <MypageFrame title="ログイン履歴">
      {items.length === 0 ? (
        <p className={styles.empty}>ログイン履歴はまだありません。</p>
      ) : (
        <table className={styles.table}>
          <caption className="visually-hidden">ログイン履歴（新しい順）</caption>
          <thead>
            <tr>
              <th scope="col">日時</th>
              <th scope="col">方法</th>
              <th scope="col">IPアドレス</th>
              <th scope="col">端末</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id}>
                <td data-label="日時">
                  <DateText value={item.logged_in_at} withTime />
                </td>
                <td data-label="方法">{LOGIN_METHOD_LABELS[item.method] ?? item.method}</td>
                <td data-label="IPアドレス">{item.ip_address}</td>
                <td data-label="端末" className={styles.agent}>
                  {item.user_agent}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pagination pagination={pagination} label="ログイン履歴のページ送り" />
    </MypageFrame>
  );
}

export { LoginHistoryPage as Component };
