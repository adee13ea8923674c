/**
 * A social gift's URL and the ways to send it to the recipient: 「LINEで送る」, 「メールで送る」,
 * 「共有する」 (the browser's share sheet, where there is one) and 「URLをコピー」. The URL is
 * shown once by the server, so the page that shows this keeps it (domain/social-gift/gift-share).
 */
import { useId, useRef, useState, type ReactNode } from 'react';
import {
  GIFT_MAIL_SUBJECT,
  canWebShare,
  giftShareText,
  lineShareUrl,
  mailShareUrl,
  type GiftLink,
} from '../domain/social-gift/gift-share';
import { DateText } from './date-text';
import styles from './gift-share.module.css';

export const COPIED_MESSAGE = 'コピーしました';
export const COPY_FAILED_MESSAGE = 'コピーできませんでした。URLを選択してコピーしてください。';

export interface GiftSharePanelProps {
  link: GiftLink;
  shopName: string;
  title?: string;
  /** Above the URL (e.g. 「以前のURLは使えなくなります」). */
  children?: ReactNode;
}

export function GiftSharePanel({ link, shopName, title = 'ギフトのURL', children }: GiftSharePanelProps) {
  const titleId = useId();
  const urlId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState('');
  const text = giftShareText(link, shopName);
  const shareData: ShareData = { title: GIFT_MAIL_SUBJECT, text, url: link.url };
  const sharable = canWebShare(shareData);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      setStatus(COPIED_MESSAGE);
    } catch {
      input.current?.select();
      setStatus(COPY_FAILED_MESSAGE);
    }
  };

  const share = async () => {
    try {
      // The text already ends with the URL: the url field alone would repeat it in some apps.
      await navigator.share({ title: GIFT_MAIL_SUBJECT, text });
    } catch {
      // Closed by the person, or refused: the other buttons are still there.
    }
  };

  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      <p className={styles.text}>このURLをお相手にお送りください。お相手がお届け先とお届け日時を入力します。</p>
      {children}
      <label htmlFor={urlId} className={styles.label}>
        ギフトのURL
      </label>
      <input
        ref={input}
        id={urlId}
        className={styles.url}
        type="url"
        readOnly
        value={link.url}
        onFocus={(event) => event.currentTarget.select()}
      />
      <p className={styles.deadline}>
        お受け取りの期限：
        <DateText value={link.expires_at} withTime />
      </p>
      <div className={styles.buttons}>
        <a
          className={`${styles.button} ${styles.primary}`}
          href={lineShareUrl(text)}
          target="_blank"
          rel="noopener noreferrer"
        >
          LINEで送る
        </a>
        <a className={styles.button} href={mailShareUrl(GIFT_MAIL_SUBJECT, text)}>
          メールで送る
        </a>
        {sharable ? (
          <button type="button" className={styles.button} onClick={() => void share()}>
            共有する
          </button>
        ) : null}
        <button type="button" className={styles.button} onClick={() => void copy()}>
          URLをコピー
        </button>
      </div>
      <p role="status" className={styles.status}>
        {status}
      </p>
    </section>
  );
}

/** What an order says of its social gift (the order JSON's `social_gift`). */
export interface GiftOrderState {
  receiver_name: string;
  sender_name: string;
  message: string;
  state: string;
  state_label: string;
  /** Null until the payment issued the link. */
  expires_at?: string | null;
  /** Once accepted: only the prefecture, never the address. */
  prefecture?: string | null;
  delivery_date?: string | null;
  delivery_timezone_label?: string | null;
}

/** `2026-11-25` → `2026.11.25` (a delivery date is a Japan date already). */
const japanDate = (value: string) => value.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$1.$2.$3');

/** The gift of an order as the buyer may see it: to whom, its state, and where and when once accepted. */
export function GiftOrderFacts({ gift }: { gift: GiftOrderState }) {
  const accepted = gift.state === 'accepted';
  return (
    <dl className={styles.facts}>
      <div>
        <dt>状態</dt>
        <dd>
          <span className={styles.state}>{gift.state_label}</span>
        </dd>
      </div>
      <div>
        <dt>お相手</dt>
        <dd>{gift.receiver_name} 様</dd>
      </div>
      {gift.sender_name ? (
        <div>
          <dt>差出人</dt>
          <dd>{gift.sender_name}</dd>
        </div>
      ) : null}
      {gift.message ? (
        <div>
          <dt>メッセージ</dt>
          <dd className={styles.message}>{gift.message}</dd>
        </div>
      ) : null}
      {gift.state === 'waiting' && gift.expires_at ? (
        <div>
          <dt>入力期限</dt>
          <dd>
            <DateText value={gift.expires_at} withTime />
          </dd>
        </div>
      ) : null}
      {accepted ? (
        <>
          <div>
            <dt>お届け先（都道府県）</dt>
            <dd>{gift.prefecture ?? '—'}</dd>
          </div>
          <div>
            <dt>お届け希望日</dt>
            <dd>{gift.delivery_date ? japanDate(gift.delivery_date) : '指定なし'}</dd>
          </div>
          <div>
            <dt>お届け時間帯</dt>
            <dd>{gift.delivery_timezone_label || '指定なし'}</dd>
          </div>
        </>
      ) : null}
    </dl>
  );
}
