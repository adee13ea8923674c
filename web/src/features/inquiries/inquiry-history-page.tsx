import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { parsePageParam } from '../../lib/page-param';
import { queryClient } from '../../lib/query-client';
import { sessionStore } from '../../api/session';
import { buttonClass } from '../../ui/form-field';
import { DateText } from '../../ui/date-text';
import { MypageFrame } from '../../ui/mypage-frame';
import { Pagination } from '../../ui/pagination';
import { inquiriesQuery, inquiryPath } from './inquiry-queries';
import { StatusBadge } from './inquiry-thread';
import styles from './inquiries.module.css';

export async function loader({ request }: LoaderFunctionArgs) {
  const page = parsePageParam(new URL(request.url).searchParams.get('page'));
  if (sessionStore.get().isLogin) await queryClient.ensureQueryData(inquiriesQuery(page));
  return null;
}

/**
 * お問い合わせ履歴 (/mypage/inquiry_history): the member's inquiries, newest activity first,
 * with their status and a mark where the shop replied since the member last looked.
 */
export function InquiryHistoryPage() {
  const [params] = useSearchParams();
  const page = parsePageParam(params.get('page'));
  const inquiries = useSuspenseQuery(inquiriesQuery(page)).data;

  return (
    <MypageFrame title="お問い合わせ履歴">
      <p className={styles.total}>全{inquiries.pagination.total}件</p>
      {inquiries.items.length === 0 ? (
        <div className={styles.empty}>
          <p>お問い合わせはありません。</p>
          <Link to="/contact" className={buttonClass.secondary}>
            お問い合わせフォームへ
          </Link>
        </div>
      ) : (
        <ul className={styles.list} aria-label="お問い合わせ一覧">
          {inquiries.items.map((inquiry) => (
            <li key={inquiry.key} className={styles.item}>
              <p className={styles.itemHead}>
                <StatusBadge inquiry={inquiry} />
                {inquiry.has_unread_reply ? <span className={styles.unread}>新着回答あり</span> : null}
                <span className={styles.itemNumber}>{inquiry.number}</span>
              </p>
              <Link to={inquiryPath(inquiry.key)} className={styles.subject}>
                {inquiry.subject || '（件名なし）'}
                {inquiry.has_unread_reply ? <span className="visually-hidden">（新着回答あり）</span> : null}
              </Link>
              <dl className={styles.itemFacts}>
                <div>
                  <dt>種別</dt>
                  <dd>{inquiry.topic?.name ?? '—'}</dd>
                </div>
                <div>
                  <dt>受付日</dt>
                  <dd>
                    <DateText value={inquiry.created_at} />
                  </dd>
                </div>
                <div>
                  <dt>最終更新</dt>
                  <dd>
                    <DateText value={inquiry.last_message_at} withTime />
                  </dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
      <Pagination pagination={inquiries.pagination} label="お問い合わせ履歴のページ送り" />
    </MypageFrame>
  );
}

export { InquiryHistoryPage as Component };
