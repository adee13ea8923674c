import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../../lib/api-error';
import { useDocumentTitle } from '../../lib/document-title';
import { queryClient } from '../../lib/query-client';
import { Breadcrumbs } from '../../ui/breadcrumbs';
import { LoadingBlock } from '../../ui/spinner';
import { guestInquiryQuery, inquiryKeys } from './inquiry-queries';
import { InquiryThread } from './inquiry-thread';
import { ReplyForm } from './reply-form';
import styles from './inquiries.module.css';

export async function loader({ params, request }: LoaderFunctionArgs) {
  const t = new URL(request.url).searchParams.get('t') ?? '';
  if (params.key && t) await queryClient.prefetchQuery(guestInquiryQuery(params.key, t));
  return null;
}

export const INVALID_LINK_MESSAGE =
  'このリンクは無効か、有効期限が切れています。最新のメールに記載のリンクからお開きください。';

/**
 * A guest's inquiry (/contact/thread/:key?t=…), opened from the receipt or a reply mail: the
 * thread and a reply box, both through the mailed token. A wrong or expired link says so.
 */
export function GuestThreadPage() {
  useDocumentTitle('お問い合わせ内容');
  const key = useParams().key ?? '';
  const [params] = useSearchParams();
  const t = params.get('t') ?? '';
  const client = useQueryClient();
  const thread = useQuery({ ...guestInquiryQuery(key, t), enabled: key !== '' && t !== '' });
  const notFound =
    key === '' || t === '' || (thread.error instanceof ApiError && [404, 422].includes(thread.error.status));

  if (thread.error && !notFound) throw thread.error;
  return (
    <div className={styles.page}>
      <Breadcrumbs items={[{ label: 'ホーム', to: '/' }, { label: 'お問い合わせ内容' }]} />
      <h1 className={styles.heading}>お問い合わせ内容</h1>
      {notFound ? (
        <div className={styles.invalid} role="alert">
          <p>{INVALID_LINK_MESSAGE}</p>
          <p>
            <Link to="/contact">お問い合わせフォームへ</Link>
          </p>
        </div>
      ) : thread.data ? (
        <>
          <InquiryThread inquiry={thread.data} token={t} />
          <ReplyForm
            inquiryKey={thread.data.key}
            token={t}
            closed={thread.data.status === 'closed'}
            onSent={() => void client.invalidateQueries({ queryKey: inquiryKeys.guest(key, t) })}
          />
        </>
      ) : (
        <LoadingBlock />
      )}
    </div>
  );
}

export { GuestThreadPage as Component };
