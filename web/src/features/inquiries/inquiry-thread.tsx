/**
 * An inquiry as a conversation: its facts (number, topic, status, dates) and every message,
 * the customer's on one side and the shop's on the other, each with its attachments. Files come
 * through the one API client as blobs (they need the member's bearer or the guest's token) and
 * are saved from an object URL.
 */
import { useState } from 'react';
import { fetchUploadedFile, formatFileSize } from '../../domain/uploads/upload-files';
import { saveBlob } from '../../lib/download';
import type { Inquiry, InquiryMessage, InquiryStatus, UploadedFile } from '../../api/types';
import { errorMessage } from '../../lib/form-errors';
import { showError } from '../../lib/toast';
import { DateText } from '../../ui/date-text';
import { Paragraphs } from '../../ui/paragraphs';
import styles from './inquiries.module.css';

const STATUS_CLASS: Record<InquiryStatus, string | undefined> = {
  open: styles.statusOpen,
  in_progress: styles.statusProgress,
  closed: styles.statusClosed,
};

/** 未対応 / 対応中 / 完了 as the server words it. */
export function StatusBadge({ inquiry }: { inquiry: { status: InquiryStatus; status_label: string } }) {
  return <span className={`${styles.status} ${STATUS_CLASS[inquiry.status] ?? ''}`}>{inquiry.status_label}</span>;
}

function FileLink({ file, token }: { file: UploadedFile; token?: string }) {
  const [loading, setLoading] = useState(false);
  const download = async () => {
    setLoading(true);
    try {
      saveBlob(await fetchUploadedFile(file.key, token), file.name);
    } catch (error) {
      const message = errorMessage(error);
      if (message) showError(message);
    } finally {
      setLoading(false);
    }
  };
  return (
    <button
      type="button"
      className={styles.file}
      onClick={() => void download()}
      disabled={loading}
      aria-busy={loading || undefined}
    >
      {/* The accessible name starts with what is seen (axe: label-content-name-mismatch). */}
      <span className={styles.fileName}>{file.name}</span>{' '}
      <span className={styles.fileSize}>{loading ? 'ダウンロード中…' : formatFileSize(file.size)}</span>
      <span className="visually-hidden">をダウンロード</span>
    </button>
  );
}

function Message({ message, token }: { message: InquiryMessage; token?: string }) {
  const mine = message.author === 'customer';
  const who = mine ? 'お客様' : 'ショップ';
  return (
    <li className={mine ? `${styles.message} ${styles.mine}` : `${styles.message} ${styles.shop}`}>
      <article aria-label={`${who}のメッセージ`}>
        <header className={styles.messageHead}>
          <span className={styles.author}>
            {who}
            {message.author_name ? `（${message.author_name}）` : null}
          </span>
          <DateText value={message.created_at} withTime className={styles.messageDate} />
        </header>
        <div className={styles.messageBody}>
          <Paragraphs text={message.body} />
        </div>
        {message.files.length > 0 ? (
          <ul className={styles.files} aria-label="添付ファイル">
            {message.files.map((file) => (
              <li key={file.key}>
                <FileLink file={file} token={token} />
              </li>
            ))}
          </ul>
        ) : null}
      </article>
    </li>
  );
}

export interface InquiryThreadProps {
  inquiry: Inquiry;
  /** A guest's thread token: attachments are fetched with it. */
  token?: string;
}

export function InquiryThread({ inquiry, token }: InquiryThreadProps) {
  return (
    <>
      <dl className={styles.facts}>
        <div>
          <dt>お問い合わせ番号</dt>
          <dd className={styles.number}>{inquiry.number}</dd>
        </div>
        <div>
          <dt>お問い合わせ種別</dt>
          <dd>{inquiry.topic?.name ?? '—'}</dd>
        </div>
        <div>
          <dt>状態</dt>
          <dd>
            <StatusBadge inquiry={inquiry} />
          </dd>
        </div>
        <div>
          <dt>受付日時</dt>
          <dd>
            <DateText value={inquiry.created_at} withTime />
          </dd>
        </div>
      </dl>
      <h2 className={styles.sectionTitle} id="thread-title">
        やりとり
      </h2>
      <ol className={styles.thread} aria-labelledby="thread-title">
        {inquiry.messages.map((message) => (
          <Message key={message.id} message={message} token={token} />
        ))}
      </ol>
    </>
  );
}
