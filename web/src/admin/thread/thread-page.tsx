/**
 * スレッド: one inquiry — who asked (the customer's details), every message with its files, the
 * reply box, the status select and the internal notes. Roles without `inquiries` (出荷担当,
 * 閲覧のみ) read it only: no reply box, no status select, no note form.
 */
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { AdminApiError, errorText } from '../api/admin-client';
import { STATUS_LABELS, STATUSES, type Inquiry, type InquiryStatus } from '../api/admin-types';
import { useCan } from '../api/session-queries';
import { Badge } from '../ui/badge';
import { DateTime } from '../ui/date-time';
import { ui } from '../ui/form';
import { LoadFailed, Loading } from '../ui/query-state';
import { Attachments } from './attachment';
import { Notes } from './notes';
import { ReplyForm } from './reply-form';
import { inquiryQuery, useChangeStatus } from './thread-queries';
import styles from './thread.module.css';

export function ThreadPage() {
  const { key = '' } = useParams();
  const inquiry = useQuery(inquiryQuery(key));

  if (inquiry.isPending) return <Loading />;
  if (inquiry.isError) {
    return (
      <>
        <title>お問い合わせ | 管理画面</title>
        <h1>お問い合わせ</h1>
        {inquiry.error instanceof AdminApiError && inquiry.error.status === 404 ? (
          <p role="alert">このお問い合わせは見つかりません。</p>
        ) : (
          <LoadFailed error={inquiry.error} />
        )}
        <p>
          <Link to="/admin/inquiries">受信箱へ戻る</Link>
        </p>
      </>
    );
  }
  return <Thread inquiry={inquiry.data} />;
}

function Thread({ inquiry }: { inquiry: Inquiry }) {
  const mayAnswer = useCan()('inquiries');
  return (
    <>
      <title>{`${inquiry.number} ${inquiry.subject} | 管理画面`}</title>
      <p className={styles.back}>
        <Link to={`/admin/inquiries${inquiry.status === 'open' ? '' : `?status=${inquiry.status}`}`}>受信箱へ戻る</Link>
      </p>
      <h1 className={styles.title}>
        <span className={styles.number}>{inquiry.number}</span>
        {inquiry.subject}
      </h1>
      <p className={styles.meta}>
        {inquiry.topic?.name ?? '種別なし'}・受付 <DateTime value={inquiry.created_at} />
      </p>
      <div className={styles.layout}>
        <div className={styles.conversation}>
          <section aria-label="やりとり">
            <ol className={styles.messages}>
              {inquiry.messages.map((message) => (
                <li
                  key={message.id}
                  className={`${styles.message} ${message.author === 'shop' ? styles.fromShop : styles.fromCustomer}`}
                >
                  <article aria-label={`${message.author === 'shop' ? 'ショップ' : 'お客様'}のメッセージ`}>
                    <p className={styles.messageMeta}>
                      <Badge tone={message.author === 'shop' ? 'in_progress' : 'plain'}>
                        {message.author === 'shop' ? 'ショップ' : 'お客様'}
                      </Badge>
                      <span>{message.author_name}</span>
                      <DateTime value={message.created_at} />
                    </p>
                    <p className={styles.body}>{message.body}</p>
                    <Attachments files={message.files} />
                  </article>
                </li>
              ))}
            </ol>
          </section>
          {mayAnswer ? (
            <ReplyForm inquiryKey={inquiry.key} />
          ) : (
            <p className={styles.readOnly}>
              返信・対応状況の変更・社内メモの追加は、お問い合わせ対応の権限があるスタッフが行えます。
            </p>
          )}
        </div>
        <aside className={styles.side} aria-label="対応とお客様の情報">
          {mayAnswer ? (
            <StatusSelect inquiry={inquiry} />
          ) : (
            <section className={styles.panel} aria-label="対応状況">
              <h2 className={styles.panelTitle}>対応状況</h2>
              <Badge tone={inquiry.status}>{STATUS_LABELS[inquiry.status]}</Badge>
            </section>
          )}
          <Customer inquiry={inquiry} />
          <Notes inquiryKey={inquiry.key} notes={inquiry.notes} canAdd={mayAnswer} />
        </aside>
      </div>
    </>
  );
}

function StatusSelect({ inquiry }: { inquiry: Inquiry }) {
  const change = useChangeStatus(inquiry.key);
  const id = useId();
  const [done, setDone] = useState<string | null>(null);
  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.panelTitle}>
        対応状況
      </h2>
      <label htmlFor={id} className="visually-hidden">
        ステータス
      </label>
      <select
        id={id}
        className={ui.control}
        value={inquiry.status}
        disabled={change.isPending}
        onChange={(event) => {
          const status = event.target.value as InquiryStatus;
          setDone(null);
          change.mutate(status, {
            onSuccess: () => setDone(`ステータスを「${STATUS_LABELS[status]}」に変更しました。`),
          });
        }}
      >
        {STATUSES.map((status) => (
          <option key={status} value={status}>
            {STATUS_LABELS[status]}
          </option>
        ))}
      </select>
      <div role="status">{done ? <p className={styles.saved}>{done}</p> : null}</div>
      {change.error ? (
        <p role="alert" className={styles.fileError}>
          {errorText(change.error)}
        </p>
      ) : null}
    </section>
  );
}

function Customer({ inquiry }: { inquiry: Inquiry }) {
  const address = [
    inquiry.postal_code ? `〒${inquiry.postal_code}` : '',
    inquiry.prefecture,
    inquiry.city,
    inquiry.address1,
    inquiry.address2,
  ]
    .filter(Boolean)
    .join(' ');
  const rows: [string, string][] = [
    ['お名前', inquiry.name_kana ? `${inquiry.name}（${inquiry.name_kana}）` : inquiry.name],
    ['メールアドレス', inquiry.email],
    ['電話番号', inquiry.phone],
    ['会社名', inquiry.company],
    ['部署', inquiry.department],
    ['役職', inquiry.job],
    ['FAX', inquiry.fax],
    ['住所', address],
    ['注文番号', inquiry.order_number],
  ];
  return (
    <section className={styles.panel} aria-label="お客様の情報">
      <h2 className={styles.panelTitle}>お客様</h2>
      <dl className={styles.details}>
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{label === 'メールアドレス' ? <a href={`mailto:${value}`}>{value}</a> : value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}
