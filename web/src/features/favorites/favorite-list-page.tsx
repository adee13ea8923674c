import { Link, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { parsePageParam } from '../../lib/page-param';
import { queryClient } from '../../lib/query-client';
import { sessionStore } from '../../api/session';
import { MypageFrame } from '../../ui/mypage-frame';
import { userListQuery, useUserList } from './favorites-queries';
import { ListContents, listParams } from './list-contents';
import styles from './favorites.module.css';

/** Another member's list or a missing one answers 404, which the route shows as the 404 page. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!sessionStore.get().isLogin) return null;
  const search = new URL(request.url).searchParams;
  await queryClient.ensureQueryData(
    userListQuery(params.key ?? '', parsePageParam(search.get('page')), listParams(search).everything),
  );
  return null;
}

/** /mypage/list/{key}: one of the member's lists. */
export function FavoriteListPage() {
  const { key = '' } = useParams();
  const [params] = useSearchParams();
  const page = parsePageParam(params.get('page'));
  const { list } = useUserList(key, page, listParams(params).everything);
  return (
    <MypageFrame title={list.name}>
      <ListContents listKey={key} page={page} />
      <p className={styles.back}>
        <Link to="/mypage/list">お気に入りへ戻る</Link>
      </p>
    </MypageFrame>
  );
}

export { FavoriteListPage as Component };
