import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../lib/query-client';
import { sessionStore } from '../../api/session';
import { MypageFrame } from '../../ui/mypage-frame';
import { inquiryKeys, inquiryQuery } from './inquiry-queries';
import { InquiryThread } from './inquiry-thread';
import { ReplyForm } from './reply-form';
import styles from './inquiries.module.css';

export async function loader({ params }: LoaderFunctionArgs) {
  if (sessionStore.get().isLogin && params.key) await queryClient.ensureQueryData(inquiryQuery(params.key));
  return null;
}

/**
 * お問い合わせ詳細 (/mypage/inquiry_history/:key): the thread with the shop, its attachments, and
 * a reply box. Opening it marks the shop's replies read, so the list's mark goes.
 */
export function InquiryDetailPage() {
  const key = useParams().key ?? '';
  const client = useQueryClient();
  const inquiry = useSuspenseQuery(inquiryQuery(key)).data;

  useEffect(() => {
    // The server marked the replies read when it answered: the list learns it next time.
    void client.invalidateQueries({ queryKey: inquiryKeys.pages() });
  }, [client]);

  return (
    <MypageFrame title="お問い合わせ詳細">
      <p className={styles.back}>
        <Link to="/mypage/inquiry_history">お問い合わせ履歴へ戻る</Link>
      </p>
      <InquiryThread inquiry={inquiry} />
      <ReplyForm
        inquiryKey={inquiry.key}
        closed={inquiry.status === 'closed'}
        onSent={() => {
          void client.invalidateQueries({ queryKey: inquiryKeys.detail(inquiry.key) });
          void client.invalidateQueries({ queryKey: inquiryKeys.pages() });
        }}
      />
    </MypageFrame>
  );
}

export { InquiryDetailPage as Component };
