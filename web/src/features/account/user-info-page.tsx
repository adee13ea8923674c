import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSettings } from '../../domain/site/site-queries';
import type { Member } from '../../api/types';
import { queryClient } from '../../lib/query-client';
import { sessionStore } from '../../api/session';
import { postDisplay } from '../../lib/validators';
import { NEWSLETTER_LABELS, genderLabel, questionLabel } from '../../domain/member/member-labels';
import { meUserQuery, useMeUser } from './account-queries';
import { MypageFrame } from '../../ui/mypage-frame';
import styles from './account.module.css';

export async function loader() {
  if (sessionStore.get().isLogin) await queryClient.ensureQueryData(meUserQuery());
  return null;
}

/** A calendar date `YYYY-MM-DD` as `YYYY.MM.DD`: no instant, so no time zone to shift it. */
export function formatBirthday(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? `${match[1]}.${match[2]}.${match[3]}` : value;
}

const NOT_SET = '未登録';

/** A new e-mail address that waits for the link mailed to it. */
export function pendingEmailText(email: string): string {
  return `変更手続き中: ${email}（確認メールのリンクを開くと変更されます）`;
}

function text(value: string | null | undefined): string {
  return value && value.trim() !== '' ? value : NOT_SET;
}

/** A choice list of the shop's settings (CORPORATE.DELIVERY_OPTIONS / PAYMENT_OPTIONS). */
interface Choice {
  value: number;
  label: string;
}
export interface BusinessChoices {
  delivery: Choice[];
  payment: Choice[];
}

const yenText = (n: number | null | undefined) =>
  n === null || n === undefined ? NOT_SET : `${n.toLocaleString('ja-JP')}円`;
const labelOf = (choices: Choice[], code: number | null | undefined) =>
  choices.find((c) => c.value === code)?.label ?? NOT_SET;

/** The corporate company details as rows (会員情報). */
export function businessRows(user: Member, choices: BusinessChoices): [string, ReactNode][] {
  const [year, month] = (user.establishment ?? '').split('-');
  return [
    ['設立年月', year && month ? `${year}年${Number(month)}月` : NOT_SET],
    ['資本金', yenText(user.capital)],
    ['年商', yenText(user.annual_sale)],
    ['従業員数', user.employee_num === null || user.employee_num === undefined ? NOT_SET : `${user.employee_num}人`],
    ['営業時間', text(user.business_hours)],
    ['定休日', text(user.business_holiday)],
    ['配送方法', labelOf(choices.delivery, user.delivery)],
    ['利用運送会社', text(user.delivery_company)],
    ['支払方法', labelOf(choices.payment, user.payment)],
    ['請求書払い', user.is_invoice_approved ? 'ご利用いただけます' : '審査前（ご利用いただけません）'],
    ['発注番号', text(user.order_no)],
  ];
}

function rowsOf(user: Member, corporate: boolean, choices: BusinessChoices): [string, ReactNode][] {
  const name = [user.last_name, user.first_name].filter(Boolean).join(' ');
  const kana = [user.last_name_kana, user.first_name_kana].filter(Boolean).join(' ');
  const address = [user.prefecture, user.city, user.address1].filter(Boolean).join('');
  const rows: [string, ReactNode][] = [
    ['会員コード', user.code],
    ['ログインID', user.username],
    [
      'メールアドレス',
      user.pending_email ? (
        <>
          {user.email}
          <br />
          <span className={styles.pendingEmail}>{pendingEmailText(user.pending_email)}</span>
        </>
      ) : (
        user.email
      ),
    ],
  ];
  if (corporate) {
    rows.push(['会社名', text(user.corporation)], ['部署名', text(user.department)]);
  }
  rows.push(
    ['お名前', text(name)],
    ['フリガナ', text(kana)],
    ['性別', genderLabel(user.gender_ct) ?? NOT_SET],
    ['生年月日', user.birthday ? formatBirthday(user.birthday) : NOT_SET],
    ['郵便番号', user.postal_code ? `〒${postDisplay(user.postal_code)}` : NOT_SET],
    [
      '住所',
      address ? (
        <>
          {address}
          {user.address2 ? (
            <>
              <br />
              {user.address2}
            </>
          ) : null}
        </>
      ) : (
        NOT_SET
      ),
    ],
    ['電話番号', text(user.phone_number)],
    ['携帯電話番号', text(user.cell_phone_number)],
  );
  if (corporate) {
    rows.push(['業種', text(user.business_type)], ['店舗名', text(user.store_name)], ['URL', text(user.url)]);
    rows.push(...businessRows(user, choices));
  }
  rows.push(
    ['メールマガジン', NEWSLETTER_LABELS[user.is_receive_newsletter === 1 ? 1 : 0]],
    ['秘密の質問', questionLabel(user.question_ct) ?? NOT_SET],
  );
  return rows;
}

/** 会員情報: the member's profile as registered. */
export function UserInfoPage() {
  const user = useMeUser();
  const settings = useSettings();
  const corporate = settings['SITE.IS_CORPORATE'];
  const choices = {
    delivery: settings['CORPORATE.DELIVERY_OPTIONS'] ?? [],
    payment: settings['CORPORATE.PAYMENT_OPTIONS'] ?? [],
  };
  return (
    <MypageFrame title="会員情報">
      <dl className={styles.details}>
        {rowsOf(user, corporate, choices).map(([term, value]) => (
          <div key={term} className={styles.detailsRow}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className={styles.actions}>
        <Link to="/mypage/user_info/edit" className={styles.primaryLink}>
          会員情報を変更する
        </Link>
      </p>
    </MypageFrame>
  );
}

export { UserInfoPage as Component };
