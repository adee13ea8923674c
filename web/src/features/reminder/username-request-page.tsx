import { EmailRequest } from './email-request';
import { useUsernameRequest } from './reminder-queries';

export const USERNAME_SENT_FALLBACK =
  'ご入力のメールアドレスが登録されている場合、ログインIDのご案内をお送りしました。メールをご確認ください。';

/** ログインIDをお忘れの方: the e-mail gets a link that shows the login ID (/reminder/username/reset?token=…). */
export function UsernameRequestPage() {
  return (
    <EmailRequest
      title="ログインIDの確認"
      headingId="reminder-username-title"
      notice="reminder_username"
      doneNotice="reminder_username_confirm"
      lead="ご登録のメールアドレスを入力してください。ログインIDの確認用リンクをお送りします。"
      request={useUsernameRequest()}
      botCheckAction="username_reminder"
      fallback={USERNAME_SENT_FALLBACK}
      other={{ to: '/reminder', label: 'パスワードをお忘れの方' }}
    />
  );
}

export { UsernameRequestPage as Component };
