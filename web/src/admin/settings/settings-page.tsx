/**
 * 設定 (/admin/settings): the shop's settings screens, each a card with one line saying what it
 * sets — ショップ情報 and ご利用設定 (the shop itself, first), 送料設定, 支払方法, 振込先口座, 営業日カレンダー, ポイント設定 and
 * メンテナンスモード (last). Only for staff holding `shop_settings` (オーナー and 店長): the menu
 * leaves it out for the others, and the page says so if reached anyway.
 */
import { Link } from 'react-router';
import { useCan } from '../api/session-queries';
import styles from './settings.module.css';

/** The settings screens, in the order the page lists them. */
export const SETTINGS_SCREENS: readonly { to: string; label: string; description: string }[] = [
  {
    to: '/admin/settings/store',
    label: 'ショップ情報',
    description: 'ショップ名、所在地、インボイス登録番号、お問い合わせの受付先を設定します。',
  },
  {
    to: '/admin/settings/storefront',
    label: 'ご利用設定',
    description: '販売の一時停止、複数お届け先、会員機能、ログインの安全設定を切り替えます。',
  },
  {
    to: '/admin/settings/carriage',
    label: '送料設定',
    description: '都道府県ごとの送料、離島の追加送料、送料無料になる購入金額を設定します。',
  },
  {
    to: '/admin/settings/payments',
    label: '支払方法',
    description: 'お支払い方法の手数料、利用できる金額、表示順を設定します。',
  },
  {
    to: '/admin/settings/bank-account',
    label: '振込先口座',
    description: '銀行振込でお客様がお振り込みになる口座と、お支払い期限を設定します。',
  },
  {
    to: '/admin/settings/calendar',
    label: '営業日カレンダー',
    description:
      '定休日、祝日の営業、年末年始などの休業日を設定します。お届け日の計算とトップページのカレンダーに使われます。',
  },
  {
    to: '/admin/settings/points',
    label: 'ポイント設定',
    description: 'ご注文で付与するポイントの率を設定します。',
  },
  {
    to: '/admin/settings/maintenance',
    label: 'メンテナンスモード',
    description: 'お店を一時的に閉じ、お客様にお知らせを表示します。',
  },
];

/** What a role without `shop_settings` reads on a settings screen. */
export const SETTINGS_FORBIDDEN = '設定の変更は店舗オーナーまたは店長のみ行えます。';

export function SettingsPage() {
  const allowed = useCan()('shop_settings');
  return (
    <>
      <title>設定 | 管理画面</title>
      <h1>設定</h1>
      {allowed ? (
        <ul className={styles.cards} aria-label="設定の一覧">
          {SETTINGS_SCREENS.map((screen) => (
            <li key={screen.to} className={styles.card}>
              <h2>
                <Link to={screen.to}>{screen.label}</Link>
              </h2>
              <p>{screen.description}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p role="alert">{SETTINGS_FORBIDDEN}</p>
      )}
    </>
  );
}
