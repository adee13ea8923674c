import { Link } from 'react-router';
import { useSession } from '../lib/session';

/** The header's way into the member area: ログイン for visitors, マイページ once logged in. */
export function AccountLink({ className }: { className?: string }) {
  const { isLogin } = useSession();
  return isLogin ? (
    <Link to="/mypage" className={className}>
      マイページ
    </Link>
  ) : (
    <Link to="/login" className={className}>
      ログイン
    </Link>
  );
}
