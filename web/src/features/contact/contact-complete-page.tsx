/**
 * /contact/complete: the inquiry's number (what to quote on the phone), that a receipt was
 * mailed, and the shop's notices `contact_complete` and `contact_complete_shop_info`. Reached
 * only after sending (the number is kept in this tab); otherwise the form.
 */
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title';
import { useSession } from '../../api/session';
import { Breadcrumbs } from '../../ui/breadcrumbs';
import { buttonClass } from '../../ui/form-field';
import { NoticeSlot } from '../../ui/notice-slot';
import { readSent } from './contact-draft';
import { Steps } from './contact-parts';
import styles from './contact.module.css';

export function ContactCompletePage() {
  useDocumentTitle('お問い合わせ完了');
  const [sent] = useState(readSent);
  const { isLogin } = useSession();
  if (!sent) return <Navigate to="/contact" replace />;
  return (
    <div className={styles.page}>
      <Breadcrumbs
        items={[{ label: 'ホーム', to: '/' }, { label: 'お問い合わせ', to: '/contact' }, { label: '完了' }]}
      />
      <h1 className={styles.heading}>お問い合わせを受け付けました</h1>
      <Steps current="complete" />
      <NoticeSlot code="contact_complete" />
      <div className={styles.done}>
        <p className={styles.doneLead}>お問い合わせいただき、ありがとうございます。</p>
        <dl className={styles.number}>
          <dt>お問い合わせ番号</dt>
          <dd>{sent.number}</dd>
        </dl>
        <p>
          ご入力のメールアドレスに受付確認のメールをお送りしました。
          お電話でお問い合わせの際は、お問い合わせ番号をお伝えください。
        </p>
        {isLogin ? (
          <p>
            お問い合わせの内容とショップからの回答は、
            <Link to="/mypage/inquiry_history">マイページのお問い合わせ履歴</Link>でご確認いただけます。
          </p>
        ) : (
          <p>ショップからの回答は、メールに記載のリンクからご確認いただけます。</p>
        )}
      </div>
      <NoticeSlot code="contact_complete_shop_info" />
      <div className={styles.actions}>
        <Link to="/" className={buttonClass.secondary}>
          トップページへ戻る
        </Link>
      </div>
    </div>
  );
}

export { ContactCompletePage as Component };
