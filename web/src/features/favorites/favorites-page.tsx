import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { parsePageParam } from '../../lib/page-param';
import { queryClient } from '../../lib/query-client';
import { sessionStore } from '../../api/session';
import { MypageFrame } from '../../ui/mypage-frame';
import { userListQuery, userListsQuery, useUserLists } from './favorites-queries';
import { EMPTY_LIST_TEXT, ListContents, listParams } from './list-contents';
import styles from './favorites.module.css';

export async function loader({ request }: LoaderFunctionArgs) {
  if (!sessionStore.get().isLogin) return null;
  const params = new URL(request.url).searchParams;
  const lists = await queryClient.ensureQueryData(userListsQuery());
  const main = lists.find((list) => list.is_default) ?? lists[0];
  if (main) {
    await queryClient.ensureQueryData(
      userListQuery(main.key, parsePageParam(params.get('page')), listParams(params).everything),
    );
  }
  return null;
}

/**
 * /mypage/list (お気に入り): the default list's products, and the member's other lists (with
 * their counts) when there are any.
 */
export function FavoritesPage() {
  const [params] = useSearchParams();
  const lists = useUserLists();
  const main = lists.find((list) => list.is_default) ?? lists[0];
  return (
    <MypageFrame title="お気に入り">
      {lists.length > 1 ? (
        <nav aria-label="お気に入りリスト" className={styles.lists}>
          <ul>
            {lists.map((list) => (
              <li key={list.key}>
                <Link to={`/mypage/list/${encodeURIComponent(list.key)}`}>
                  {list.name}（{list.count}件）
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {main ? (
        <ListContents listKey={main.key} page={parsePageParam(params.get('page'))} />
      ) : (
        <p className={styles.empty}>{EMPTY_LIST_TEXT}</p>
      )}
    </MypageFrame>
  );
}

export { FavoritesPage as Component };
