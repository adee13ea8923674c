import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import type { RequestHistory } from '../../api/types';
import { parsePageParam } from '../../lib/page-param';
import { queryClient } from '../../lib/query-client';
import { sessionStore } from '../../api/session';
import { DateText } from '../../ui/date-text';
import { MypageFrame } from '../../ui/mypage-frame';
import { Pagination } from '../../ui/pagination';
import { Paragraphs } from '../../ui/paragraphs';
import { productHref } from '../../ui/product-card';
import {
  deleteRequestHistory,
  historyKeys,
  requestHistoryQuery,
  useEntryRemoval,
  useRequestHistory,
} from './member-history-queries';
import styles from './member-history.module.css';

export async function loader({ request }: LoaderFunctionArgs) {
  const page = parsePageParam(new URL(request.url).searchParams.get('page'));
  if (sessionStore.get().isLogin) await queryClient.ensureQueryData(requestHistoryQuery(page));
  return null;
}

/** What a request was about: its product, or 「商品の指定なし」 for a product the shop does not sell yet. */
function subjectOf(entry: RequestHistory): string {
  return entry.product?.name ?? '商品の指定なし';
}

/** 入荷リクエスト履歴 (/mypage/product_request_history): the requests the member sent, newest first. */
export function RequestHistoryPage() {
  const [params] = useSearchParams();
  const page = parsePageParam(params.get('page'));
  const history = useRequestHistory(page);
  const { removing, remove } = useEntryRemoval<RequestHistory>(
    historyKeys.requests(page),
    historyKeys.requestsRoot,
    (entry) => entry.id,
  );
  return (
    <MypageFrame title="入荷リクエスト履歴">
      <p className={styles.total}>全{history.pagination.total}件</p>
      {history.items.length === 0 ? (
        <p className={styles.empty}>入荷リクエストの履歴はありません。</p>
      ) : (
        <ul className={styles.rows} aria-label="入荷リクエスト履歴">
          {history.items.map((entry) => (
            <li key={entry.id} className={styles.row}>
              <article className={styles.rowMain} aria-label={subjectOf(entry)}>
                <h2 className={styles.subject}>
                  {entry.product ? (
                    <Link to={productHref(entry.product.key)}>{entry.product.name}</Link>
                  ) : (
                    subjectOf(entry)
                  )}
                </h2>
                <DateText value={entry.created_at} withTime className={styles.date} />
                <Paragraphs text={entry.body} className={styles.body} />
              </article>
              <button
                type="button"
                className={styles.remove}
                aria-label={`「${subjectOf(entry)}」の入荷リクエストを削除`}
                aria-busy={removing === entry.id || undefined}
                disabled={removing !== null}
                onClick={() => void remove(entry.id, deleteRequestHistory, '入荷リクエストの履歴を削除しました')}
              >
                削除
              </button>
            </li>
          ))}
        </ul>
      )}
      <Pagination pagination={history.pagination} label="入荷リクエスト履歴のページ送り" />
    </MypageFrame>
  );
}

export { RequestHistoryPage as Component };
