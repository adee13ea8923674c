/**
 * 受信箱: inquiries by status (tabs with the counts of /v1/admin/inquiries/counts), narrowed by
 * topic and a search word, 20 to a page. The filter lives in the address (?status&topic&q&page),
 * so a reload or a shared link shows the same list.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { STATUS_LABELS, STATUSES, type InquiryStatus } from '../api/admin-types';
import { topicsQuery } from '../api/topic-queries';
import { Badge } from '../ui/badge';
import { DateTime } from '../ui/date-time';
import { Field, ui } from '../ui/form';
import { filterBar } from '../ui/filter-bar';
import { Pager, pageParam } from '../ui/pager';
import { LoadFailed, Loading } from '../ui/query-state';
import { table } from '../ui/table';
import { countsQuery, inquiriesQuery, type InboxFilter } from './inbox-queries';
import styles from './inbox.module.css';

function readFilter(params: URLSearchParams): InboxFilter {
  const status = params.get('status');
  return {
    status: STATUSES.includes(status as InquiryStatus) ? (status as InquiryStatus) : 'open',
    topicId: params.get('topic') ?? '',
    q: params.get('q') ?? '',
    page: pageParam(params),
  };
}

function filterSearch(filter: Omit<InboxFilter, 'page'>): string {
  const params = new URLSearchParams();
  if (filter.status !== 'open') params.set('status', filter.status);
  if (filter.topicId) params.set('topic', filter.topicId);
  if (filter.q) params.set('q', filter.q);
  const query = params.toString();
  return query ? `?${query}` : '';
}

export function InboxPage() {
  const [params, setParams] = useSearchParams();
  const filter = readFilter(params);
  const counts = useQuery(countsQuery());
  const topics = useQuery(topicsQuery());
  const list = useQuery(inquiriesQuery(filter));

  const [topicId, setTopicId] = useState(filter.topicId);
  const [q, setQ] = useState(filter.q);
  // Back/forward changes the address: the form follows it.
  useEffect(() => {
    setTopicId(filter.topicId);
    setQ(filter.q);
  }, [filter.topicId, filter.q]);

  function search(event: FormEvent) {
    event.preventDefault();
    setParams(new URLSearchParams(filterSearch({ status: filter.status, topicId, q: q.trim() })));
  }

  return (
    <>
      <title>{`受信箱（${STATUS_LABELS[filter.status]}） | 管理画面`}</title>
      <h1>受信箱</h1>
      <nav aria-label="対応状況">
        <ul className={styles.tabs}>
          {STATUSES.map((status) => (
            <li key={status}>
              <Link
                to={{ search: filterSearch({ status, topicId: filter.topicId, q: filter.q }) }}
                className={styles.tab}
                aria-current={status === filter.status ? 'page' : undefined}
              >
                {STATUS_LABELS[status]}
                {counts.data ? (
                  <span className={styles.count}>
                    {counts.data[status]}
                    <span className="visually-hidden">件</span>
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <form onSubmit={search} aria-label="お問い合わせの絞り込み">
        <div className={filterBar.fields}>
          <Field label="種別">
            {(control) => (
              <select {...control} value={topicId} onChange={(event) => setTopicId(event.target.value)}>
                <option value="">すべての種別</option>
                {(topics.data ?? []).map((topic) => (
                  <option key={topic.id} value={topic.id}>
                    {topic.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="キーワード" hint="番号・お名前・メールアドレス・件名・本文から探します。">
            {(control) => <input {...control} type="search" value={q} onChange={(event) => setQ(event.target.value)} />}
          </Field>
        </div>
        <div className={filterBar.actions}>
          <button type="submit" className={ui.button}>
            検索
          </button>
          {filter.topicId || filter.q ? (
            <Link to={{ search: filterSearch({ status: filter.status, topicId: '', q: '' }) }} className={ui.secondary}>
              条件をクリア
            </Link>
          ) : null}
        </div>
      </form>

      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadFailed error={list.error} />
      ) : list.data.items.length === 0 ? (
        <p className={table.empty}>該当するお問い合わせはありません。</p>
      ) : (
        <>
          <table className={table.table}>
            <caption className="visually-hidden">{`${STATUS_LABELS[filter.status]}のお問い合わせ`}</caption>
            <thead>
              <tr>
                <th scope="col">番号</th>
                <th scope="col">種別</th>
                <th scope="col">お名前</th>
                <th scope="col">件名</th>
                <th scope="col">最終更新</th>
                <th scope="col">会員／ゲスト</th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((inquiry) => (
                <tr key={inquiry.key}>
                  <td data-label="番号" className={table.nowrap}>
                    <Link to={`/admin/inquiries/${inquiry.key}`}>{inquiry.number}</Link>
                  </td>
                  <td data-label="種別">{inquiry.topic?.name ?? '—'}</td>
                  <td data-label="お名前">{inquiry.name}</td>
                  <td data-label="件名">
                    <span className={styles.subject}>{inquiry.subject}</span>
                    {inquiry.last_author === 'customer' && inquiry.status !== 'closed' ? (
                      <span className={styles.attention}>
                        <Badge tone="attention">要返信</Badge>
                      </span>
                    ) : null}
                  </td>
                  <td data-label="最終更新" className={table.nowrap}>
                    <DateTime value={inquiry.last_message_at} />
                  </td>
                  <td data-label="会員／ゲスト">
                    {inquiry.is_member ? <Badge tone="member">会員</Badge> : <Badge>ゲスト</Badge>}
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
