import { useState } from 'react';
import { useMessages } from '../domain/site/site-queries';
import type { Message } from '../api/types';
import { hideNotice, isNoticeHidden } from '../lib/notice-memory';
import { Paragraphs } from './paragraphs';
import styles from './notice-slot.module.css';

export interface NoticeProps {
  message: Message;
  onClose: () => void;
}

/** One notice with its close button. */
export function Notice({ message, onClose }: NoticeProps) {
  const label = message.title || 'お知らせ';
  return (
    <section className={styles.notice} aria-label={label}>
      <div className={styles.content}>
        {message.title ? <h2 className={styles.title}>{message.title}</h2> : null}
        <Paragraphs text={message.body} className={styles.body} />
      </div>
      <button type="button" className={styles.close} onClick={onClose} aria-label={`「${label}」を閉じる`}>
        <span aria-hidden="true">×</span>
      </button>
    </section>
  );
}

/**
 * The message slot `code` (spec 000 §2: caution, point, cart index, …). A notice the visitor
 * closed stays hidden until the shop updates it.
 */
export function NoticeSlot({ code }: { code: string }) {
  const { data } = useMessages();
  const [, setClosed] = useState(0);
  const message = data?.find((m) => m.code === code);
  if (!message || isNoticeHidden(message.code, message.updated_at)) return null;
  return (
    <Notice
      message={message}
      onClose={() => {
        hideNotice(message.code, message.updated_at);
        setClosed((n) => n + 1);
      }}
    />
  );
}
