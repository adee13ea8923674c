import { Link } from 'react-router';
import type { Member } from '../../api/types';
import { queryClient } from '../../lib/query-client';
import { sessionStore } from '../../api/session';
import { meUserQuery, useMeUser } from './account-queries';
import { MypageFrame } from '../../ui/mypage-frame';
import styles from './account.module.css';

export async function loader() {
  // Visitors are the route guard's business; only a member's profile is worth fetching.
  if (sessionStore.get().isLogin) await queryClient.ensureQueryData(meUserQuery());
  return null;
}

const SHORTCUTS = [
  { to: '/mypage/user_info', label: '会員情報', text: 'ご登録内容の確認・変更' },
  { to: '/mypage/order_history', label: '注文履歴', text: 'ご注文の確認・キャンセル・領収書' },
  { to: '/mypage/inquiry_history', label: 'お問い合わせ履歴', text: 'お問い合わせの内容とショップからの回答' },
  { to: '/mypage/message-center', label: 'メッセージセンター', text: 'ショップからのお知らせメッセージ' },
  { to: '/mypage/list', label: 'お気に入り', text: 'ハートを押した商品の一覧' },
  { to: '/mypage/bookmark', label: 'ブックマーク', text: 'ブックマークしたページ・検索結果' },
  { to: '/mypage/product_history', label: '閲覧履歴', text: '最近チェックした商品（最大10件）' },
  { to: '/mypage/product_search_history', label: '検索履歴', text: '商品検索に使ったキーワード' },
  { to: '/mypage/product_request_history', label: '入荷リクエスト履歴', text: '送信した入荷リクエスト' },
  { to: '/mypage/memorial', label: '記念日', text: '誕生日・記念日の登録とお知らせ' },
  { to: '/mypage/measurement', label: 'サイズ情報', text: '頭囲・手の長さ・身長などの登録' },
  { to: '/mypage/name-embroidery', label: '名入れ刺繍', text: '刺繍で商品に入れる名前の登録' },
  { to: '/mypage/address', label: 'アドレス帳', text: 'お届け先の登録・既定の設定・CSV入出力' },
  { to: '/mypage/card', label: 'カード情報', text: 'お支払いに使うクレジットカードの登録・削除' },
  { to: '/mypage/point', label: 'ポイント', text: 'ポイント残高と履歴' },
  { to: '/mypage/password', label: 'パスワード変更', text: 'ログインパスワードの変更' },
  { to: '/mypage/login_history', label: 'ログイン履歴', text: '最近のログインの日時と端末' },
  { to: '/mypage/logout', label: 'ログアウト', text: 'この端末からログアウト' },
  { to: '/mypage/leave', label: '退会', text: '会員登録の取り消し' },
] as const;

export function memberName(user: Pick<Member, 'last_name' | 'first_name'>): string {
  return [user.last_name, user.first_name].filter((part) => part && part.trim() !== '').join(' ');
}

/** マイページ top: greeting, member code, registration status and the member areas. */
export function MypageHomePage() {
  const user = useMeUser();
  const name = memberName(user);
  return (
    <MypageFrame title="マイページ">
      <p className={styles.greeting}>
        {name ? `ようこそ、${name} 様` : 'ようこそ'}
        {user.corporation ? <span className={styles.greetingSub}>{user.corporation}</span> : null}
      </p>
      <dl className={styles.summary}>
        <div className={styles.summaryRow}>
          <dt>会員コード</dt>
          <dd>{user.code}</dd>
        </div>
        <div className={styles.summaryRow}>
          <dt>会員ステータス</dt>
          <dd>{user.is_registered_member ? '本会員' : '仮会員（メールアドレス未認証）'}</dd>
        </div>
      </dl>
      {user.is_registered_member ? null : (
        <div className={styles.callout} role="note" aria-label="本会員登録のお願い">
          <p>メールアドレスの認証が完了していません。認証を済ませると本会員としてご利用いただけます。</p>
          <Link to="/verify" className={styles.calloutLink}>
            メールアドレスを認証する
          </Link>
        </div>
      )}
      <ul className={styles.shortcuts} aria-label="マイページのメニュー">
        {SHORTCUTS.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className={styles.shortcut}>
              <span className={styles.shortcutLabel}>{item.label}</span>
              <span className={styles.shortcutText}>{item.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </MypageFrame>
  );
}

export { MypageHomePage as Component };
