import { EmailRequest } from './email-request';
import { useReminderRequest } from './reminder-queries';
import styles from './reminder.module.css';

export const REQUEST_SENT_FALLBACK =
  'ご入力のメールアドレスが登録されている場合、パスワード再設定のご案内をお送りしました。メールをご確認ください。';

/** パスワードをお忘れの方: the e-mail gets a reset link (/reminder/reset?token=…). */
export function ReminderRequestPage() {
  return (
    <EmailRequest
      title="パスワードの再設定"
      headingId="reminder-title"
      notice="reminder"
      lead="ご登録のメールアドレスを入力してください。パスワード再設定用のリンクをお送りします。"
      request={useReminderRequest()}
      botCheckAction="password_reminder"
      fallback={REQUEST_SENT_FALLBACK}
      afterSent={
        <p className={styles.note}>
          メールが届かない場合は、迷惑メールフォルダをご確認いただくか、時間をおいて再度お試しください。
        </p>
      }
      other={{ to: '/reminder/username', label: 'ログインIDをお忘れの方' }}
    />
  );
}

export { ReminderRequestPage as Component };
