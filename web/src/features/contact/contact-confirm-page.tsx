/**
 * /contact/confirm: what /contact kept (contact-draft), read-only, with 戻る (the form as it was)
 * and 送信する (POST /v1/inquiries with the bot check's proof, prepared since the form showed).
 * Field errors of the server go back to the form, on their fields; anything else (the bot check
 * refused, the shop unreachable) is said here and the person may send again.
 */
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { formatFileSize } from '../../domain/uploads/upload-files';
import { useSettings } from '../../domain/site/site-queries';
import { BOT_CHECK_PREPARING_MESSAGE, useBotCheck } from '../../domain/bot-check/bot-check';
import { useDocumentTitle } from '../../lib/document-title';
import { applyServerErrors } from '../../lib/form-errors';
import { postDisplay } from '../../lib/validators';
import { Breadcrumbs } from '../../ui/breadcrumbs';
import { buttonClass, FormAlert } from '../../ui/form-field';
import { Paragraphs } from '../../ui/paragraphs';
import {
  forgetContactDraft,
  readContactDraft,
  rememberSent,
  rememberServerErrors,
  type ContactDraft,
} from './contact-draft';
import { Steps } from './contact-parts';
import { catalogTopicId, inquiryTopicsQuery, sendInquiry, useInquiryTopics } from './contact-queries';
import { CONTACT_FIELD_NAMES, needsAddress, toInquiryInput, type ContactFields } from './contact-schema';
import { queryClient } from '../../lib/query-client';
import styles from './contact.module.css';

export async function loader() {
  await queryClient.ensureQueryData(inquiryTopicsQuery());
  return null;
}

export const COMPLETE_PATH = '/contact/complete';
const NOT_GIVEN = '（未入力）';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className={styles.row}>
      <dt>{label}</dt>
      <dd>{value.trim() === '' ? <span className={styles.muted}>{NOT_GIVEN}</span> : value}</dd>
    </div>
  );
}

function Confirm({ draft }: { draft: ContactDraft }) {
  const settings = useSettings();
  const corporate = settings['SITE.IS_CORPORATE'] === true;
  const topics = useInquiryTopics();
  const catalogId = catalogTopicId(topics);
  const navigate = useNavigate();
  const botCheck = useBotCheck('contact');
  const [sending, setSending] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const { fields, files } = draft;
  const topic = topics.find((t) => t.id === fields.topic_id);

  const send = async () => {
    if (sending) return;
    setSending(true);
    setFormError(null);
    try {
      const input = toInquiryInput(
        fields,
        files.map((file) => file.key),
        catalogId,
      );
      const created = await sendInquiry(input, await botCheck.take());
      rememberSent(created);
      forgetContactDraft();
      navigate(COMPLETE_PATH, { replace: true });
    } catch (error) {
      const onFields: Record<string, string> = {};
      const leftover = applyServerErrors<ContactFields>(
        error,
        (name, { message }) => {
          if (message) onFields[name] = message;
        },
        CONTACT_FIELD_NAMES,
      );
      if (Object.keys(onFields).length > 0) {
        rememberServerErrors(onFields);
        navigate('/contact');
        return;
      }
      setFormError(leftover);
      setSending(false);
    }
  };

  const address = needsAddress(fields.topic_id, catalogId);
  return (
    <>
      <p className={styles.lead}>入力内容をご確認のうえ、「送信する」を押してください。</p>
      <FormAlert message={formError} />
      <section aria-labelledby="confirm-inquiry" className={styles.section}>
        <h2 id="confirm-inquiry" className={styles.sectionTitle}>
          お問い合わせ内容
        </h2>
        <dl className={styles.rows}>
          <Row label="お問い合わせ種別" value={topic?.name ?? ''} />
          <Row label="ご注文番号" value={fields.order_number} />
          <div className={styles.row}>
            <dt>お問い合わせ内容</dt>
            <dd>
              <Paragraphs text={fields.body} className={styles.body} />
            </dd>
          </div>
          <div className={styles.row}>
            <dt>添付ファイル</dt>
            <dd>
              {files.length === 0 ? (
                <span className={styles.muted}>なし</span>
              ) : (
                <ul className={styles.fileList}>
                  {files.map((file) => (
                    <li key={file.key}>
                      {file.name}（{formatFileSize(file.size)}）
                    </li>
                  ))}
                </ul>
              )}
            </dd>
          </div>
        </dl>
      </section>
      <section aria-labelledby="confirm-customer" className={styles.section}>
        <h2 id="confirm-customer" className={styles.sectionTitle}>
          お客様情報
        </h2>
        <dl className={styles.rows}>
          <Row label="お名前" value={fields.name} />
          <Row label="フリガナ" value={fields.name_kana} />
          <Row label="メールアドレス" value={fields.email} />
          <Row label="電話番号" value={fields.phone} />
          <Row label="会社名" value={fields.company} />
          <Row label="部署名" value={fields.department} />
          <Row label="役職" value={fields.job} />
          <Row label="FAX番号" value={fields.fax} />
        </dl>
      </section>
      {address ? (
        <section aria-labelledby="confirm-address" className={styles.section}>
          <h2 id="confirm-address" className={styles.sectionTitle}>
            カタログのお届け先
          </h2>
          <dl className={styles.rows}>
            <Row label="郵便番号" value={corporate ? fields.postal_code : postDisplay(fields.postal_code)} />
            <Row label="都道府県" value={fields.prefecture} />
            <Row label="市区町村" value={fields.city} />
            <Row label="番地" value={fields.address1} />
            <Row label="建物名・部屋番号" value={fields.address2} />
          </dl>
        </section>
      ) : null}
      <div className={styles.actions}>
        <Link to="/contact" className={buttonClass.secondary}>
          戻る
        </Link>
        <button
          type="button"
          className={buttonClass.primary}
          onClick={() => void send()}
          disabled={sending}
          aria-busy={sending || undefined}
        >
          {sending ? (botCheck.waiting ? BOT_CHECK_PREPARING_MESSAGE : '送信中…') : '送信する'}
        </button>
      </div>
    </>
  );
}

export function ContactConfirmPage() {
  useDocumentTitle('お問い合わせ内容の確認');
  const [draft] = useState(readContactDraft);
  // Nothing to confirm (a bookmark, another tab): the form.
  if (!draft) return <Navigate to="/contact" replace />;
  return (
    <div className={styles.page}>
      <Breadcrumbs
        items={[{ label: 'ホーム', to: '/' }, { label: 'お問い合わせ', to: '/contact' }, { label: '確認' }]}
      />
      <h1 className={styles.heading}>お問い合わせ内容の確認</h1>
      <Steps current="confirm" />
      <Confirm draft={draft} />
    </div>
  );
}

export { ContactConfirmPage as Component };
