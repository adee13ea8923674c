/** 送信済みお知らせ: what was sent, to how many members, and how many have read it. */
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useSearchParams } from 'react-router';
import { SEGMENT_LABELS, type SentSystemMessage } from '../api/admin-types';
import { DateTime } from '../ui/date-time';
import { StatusNotice, ui } from '../ui/form';
import { Pager, pageParam } from '../ui/pager';
import { LoadFailed, Loading } from '../ui/query-state';
import { table } from '../ui/table';
import { sentMessagesQuery } from './message-queries';
import styles from './messages.module.css';

function audienceLabel(message: SentSystemMessage): string {
  if (message.audience === 'member') return '一人の会員';
  if (message.audience === 'segment') return message.segment ? SEGMENT_LABELS[message.segment] : 'セグメント';
  return '全会員';
}

function readRate(read: number, recipients: number): string {
  return recipients === 0 ? '—' : `${Math.round((read / recipients) * 100)}%`;
}

export function SentMessagesPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const notice = (location.state as { notice?: unknown } | null)?.notice;
  const list = useQuery(sentMessagesQuery(pageParam(params)));

  return (
    <>
      <title>送信済みお知らせ | 管理画面</title>
      <div className={styles.heading}>
        <h1>送信済みお知らせ</h1>
        <Link to="/admin/messages/new" className={ui.button}>
          お知らせを作成
        </Link>
      </div>
      <StatusNotice message={typeof notice === 'string' ? notice : null} />
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadFailed error={list.error} />
      ) : list.data.items.length === 0 ? (
        <p className={table.empty}>送信したお知らせはまだありません。</p>
      ) : (
        <>
          <table className={table.table}>
            <caption className="visually-hidden">送信済みお知らせ</caption>
            <thead>
              <tr>
                <th scope="col">件名</th>
                <th scope="col">送信日時</th>
                <th scope="col">送信先</th>
                <th scope="col">送信者</th>
                <th scope="col" className={table.numeric}>
                  送信数
                </th>
                <th scope="col" className={table.numeric}>
                  既読数
                </th>
                <th scope="col" className={table.numeric}>
                  既読率
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((message) => (
                <tr key={message.key}>
                  <td data-label="件名">{message.title}</td>
                  <td data-label="送信日時" className={table.nowrap}>
                    <DateTime value={message.created_at} />
                  </td>
                  <td data-label="送信先">{audienceLabel(message)}</td>
                  <td data-label="送信者">{message.staff_name}</td>
                  <td data-label="送信数" className={table.numeric}>
                    {message.recipients}
                  </td>
                  <td data-label="既読数" className={table.numeric}>
                    {message.read_count}
                  </td>
                  <td data-label="既読率" className={table.numeric}>
                    {readRate(message.read_count, message.recipients)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager pagination={list.data.pagination} />
        </>
      )}
    </>
  );
}
