import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { systemMessageKeys } from '../../domain/system-messages/system-message-queries';
import { queryClient } from '../../lib/query-client';
import { sessionStore } from '../../api/session';
import { DateText } from '../../ui/date-text';
import { MypageFrame } from '../../ui/mypage-frame';
import { Paragraphs } from '../../ui/paragraphs';
import { messageKeys, systemMessageQuery } from './message-queries';
import styles from './message-center.module.css';

export async function loader({ params }: LoaderFunctionArgs) {
  if (sessionStore.get().isLogin && params.key) await queryClient.ensureQueryData(systemMessageQuery(params.key));
  return null;
}

/**
 * One message of the message centre (/mypage/message-center/:key). The server marked it read as
 * it answered: the header's count and the list are asked again.
 */
export function MessageDetailPage() {
  const key = useParams().key ?? '';
  const client = useQueryClient();
  const message = useSuspenseQuery(systemMessageQuery(key)).data;

  useEffect(() => {
    void client.invalidateQueries({ queryKey: systemMessageKeys.unread() });
    void client.invalidateQueries({ queryKey: messageKeys.pages() });
  }, [client]);

  return (
    <MypageFrame title="メッセージ">
      <p className={styles.back}>
        <Link to="/mypage/message-center">メッセージセンターへ戻る</Link>
      </p>
      <article className={styles.message} aria-labelledby="message-title">
        <h2 id="message-title" className={styles.messageTitle}>
          {message.title}
        </h2>
        <p className={styles.date}>
          <DateText value={message.created_at} withTime />
        </p>
        <div className={styles.body}>
          <Paragraphs text={message.body} />
        </div>
      </article>
    </MypageFrame>
  );
}

export { MessageDetailPage as Component };
