import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { unreadSystemMessagesQuery } from '../domain/system-messages/system-message-queries';
import { useSession } from '../api/session';
import styles from './account-link.module.css';

/**
 * The header's way into the member area: ログイン for visitors, マイページ once logged in, with
 * the number of unread messages of the message centre beside it.
 */
export function AccountLink({ className }: { className?: string }) {
  const { isLogin } = useSession();
  const unread = useQuery({ ...unreadSystemMessagesQuery(), enabled: isLogin }).data ?? 0;
  return isLogin ? (
    <Link to="/mypage" className={className}>
      マイページ
      {unread > 0 ? (
        <span className={styles.badge}>
          <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
          <span className="visually-hidden">（未読メッセージ{unread}件）</span>
        </span>
      ) : null}
    </Link>
  ) : (
    <Link to="/login" className={className}>
      ログイン
    </Link>
  );
}
