import { useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { parsePageParam } from '../../lib/page-param';
import { queryClient } from '../../lib/query-client';
import { sessionStore } from '../../api/session';
import { DateText } from '../../ui/date-text';
import { MypageFrame } from '../../ui/mypage-frame';
import { NoticeSlot } from '../../ui/notice-slot';
import { Pagination } from '../../ui/pagination';
import { pointHistoriesQuery, pointsQuery, usePointHistories, usePoints } from './wallet-queries';
import styles from './wallet.module.css';

export async function loader({ request }: LoaderFunctionArgs) {
  const page = parsePageParam(new URL(request.url).searchParams.get('page'));
  if (sessionStore.get().isLogin) {
    await Promise.all([
      queryClient.ensureQueryData(pointsQuery()),
      queryClient.ensureQueryData(pointHistoriesQuery(page)),
    ]);
  }
  return null;
}

const points = (n: number) => `${n.toLocaleString('ja-JP')}ポイント`;
const signed = (n: number) => `${n > 0 ? '+' : ''}${n.toLocaleString('ja-JP')}`;

/** ポイント: the balance (1 point = 1 yen) and its history, newest first. */
export function PointPage() {
  const [params] = useSearchParams();
  const balance = usePoints();
  const { items, pagination } = usePointHistories(parsePageParam(params.get('page')));
  return (
    <MypageFrame title="ポイント">
      <NoticeSlot code="point" />
      {balance.is_enabled ? (
        <section aria-label="ポイント残高" className={styles.balance}>
          <p>現在のポイント残高</p>
          <p className={styles.balanceFigure}>{points(balance.balance)}</p>
          <p className={styles.note}>
            1ポイント＝1円としてお支払いに使えます。
            {balance.earn_rate > 0 ? `ご購入金額の${balance.earn_rate}%がたまります。` : ''}
          </p>
        </section>
      ) : (
        <p className={styles.note}>このショップではポイントをご利用いただけません。</p>
      )}
      <h2 className={styles.heading}>ポイント履歴</h2>
      {items.length === 0 ? (
        <p className={styles.empty}>ポイントの履歴はまだありません。</p>
      ) : (
        <table className={styles.table}>
          <caption className="visually-hidden">ポイント履歴（新しい順）</caption>
          <thead>
            <tr>
              <th scope="col">日付</th>
              <th scope="col">内容</th>
              <th scope="col">ポイント</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id}>
                <td data-label="日付">
                  <DateText value={item.created_at} />
                </td>
                <td data-label="内容">
                  {item.kind_label}
                  {item.description ? `（${item.description}）` : ''}
                  {item.order_no ? ` 注文番号 ${item.order_no}` : ''}
                </td>
                <td data-label="ポイント" className={item.points < 0 ? styles.minus : styles.plus}>
                  {signed(item.points)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pagination pagination={pagination} label="ポイント履歴のページ送り" />
    </MypageFrame>
  );
}

export { PointPage as Component };
