import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { parsePageParam } from '../../lib/page-param';
import { queryClient } from '../../lib/query-client';
import { sessionStore } from '../../api/session';
import { DateText } from '../../ui/date-text';
import { MypageFrame } from '../../ui/mypage-frame';
import { Pagination } from '../../ui/pagination';
import { messagePath, systemMessagesQuery } from './message-queries';
import styles from './message-center.module.css';

export async function loader({ request }: LoaderFunctionArgs) {
  const page = parsePageParam(new URL(request.url).searchParams.get('page'));
  if (sessionStore.get().isLogin) await queryClient.ensureQueryData(systemMessagesQuery(page));
  return null;
}

/** メッセージセンター (/mypage/message-center): the shop's messages, newest first, unread ones marked. */
export function MessageListPage() {
  const [params] = useSearchParams();
  const page = parsePageParam(params.get('page'));
  const messages = useSuspenseQuery(systemMessagesQuery(page)).data;

  return (
    <MypageFrame title="メッセージセンター">
      <p className={styles.total}>全{messages.pagination.total}件</p>
      {messages.items.length === 0 ? (
        <p className={styles.empty}>メッセージはありません。</p>
      ) : (
        <ul className={styles.list} aria-label="メッセージ一覧">
          {messages.items.map((message) => (
            <li key={message.key} className={message.is_read ? styles.item : `${styles.item} ${styles.unreadItem}`}>
              <p className={styles.meta}>
                {message.is_read ? (
                  <span className={styles.read}>既読</span>
                ) : (
                  <span className={styles.unread}>未読</span>
                )}
                <DateText value={message.created_at} withTime />
              </p>
              <Link to={messagePath(message.key)} className={styles.title}>
                {message.title}
                <span className="visually-hidden">{message.is_read ? '（既読）' : '（未読）'}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pagination pagination={messages.pagination} label="メッセージのページ送り" />
    </MypageFrame>
  );
}

export { MessageListPage as Component };
