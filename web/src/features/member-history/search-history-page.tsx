import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import type { SearchHistory } from '../../api/types';
import { parsePageParam } from '../../lib/page-param';
import { queryClient } from '../../lib/query-client';
import { sessionStore } from '../../api/session';
import { DateText } from '../../ui/date-text';
import { MypageFrame } from '../../ui/mypage-frame';
import { Pagination } from '../../ui/pagination';
import {
  deleteSearchHistory,
  historyKeys,
  searchHistoryQuery,
  useEntryRemoval,
  useSearchHistory,
} from './member-history-queries';
import styles from './member-history.module.css';

export async function loader({ request }: LoaderFunctionArgs) {
  const page = parsePageParam(new URL(request.url).searchParams.get('page'));
  if (sessionStore.get().isLogin) await queryClient.ensureQueryData(searchHistoryQuery(page));
  return null;
}

/** The product search for a word again. */
export function searchHref(word: string): string {
  return `/product?${new URLSearchParams({ keyword: word }).toString()}`;
}

/** 検索履歴 (/mypage/product_search_history): the words the member searched for, newest first. */
export function SearchHistoryPage() {
  const [params] = useSearchParams();
  const page = parsePageParam(params.get('page'));
  const history = useSearchHistory(page);
  const { removing, remove } = useEntryRemoval<SearchHistory>(
    historyKeys.searches(page),
    historyKeys.searchesRoot,
    (entry) => entry.id,
  );
  return (
    <MypageFrame title="検索履歴">
      <p className={styles.total}>全{history.pagination.total}件</p>
      {history.items.length === 0 ? (
        <p className={styles.empty}>検索履歴はありません。</p>
      ) : (
        <ul className={styles.rows} aria-label="検索履歴">
          {history.items.map((entry) => (
            <li key={entry.id} className={styles.row}>
              <div className={styles.rowMain}>
                <Link to={searchHref(entry.word)} className={styles.word}>
                  {entry.word}
                </Link>
                <DateText value={entry.created_at} withTime className={styles.date} />
              </div>
              <button
                type="button"
                className={styles.remove}
                aria-label={`「${entry.word}」を検索履歴から削除`}
                aria-busy={removing === entry.id || undefined}
                disabled={removing !== null}
                onClick={() =>
                  void remove(entry.id, deleteSearchHistory, `「${entry.word}」を検索履歴から削除しました`)
                }
              >
                削除
              </button>
            </li>
          ))}
        </ul>
      )}
      <Pagination pagination={history.pagination} label="検索履歴のページ送り" />
    </MypageFrame>
  );
}

export { SearchHistoryPage as Component };
