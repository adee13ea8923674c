import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api-error';
import { errorMessage } from '../../lib/form-errors';
import { useDocumentTitle } from '../../lib/document-title';
import { DateText } from '../../ui/date-text';
import { Price } from '../../ui/price';
import { Spinner } from '../../ui/spinner';
import { OrderGiftSection } from './order-gift-section';
import { guestReceiptQuery, useIssueGuestReceipt, useReissueGuestGiftLink } from './order-queries';
import { DEFAULT_RECEIPT_NOTE } from './order-schema';
import { ReceiptForm } from './receipt-form';
import styles from './orders.module.css';

export const GUEST_NOT_FOUND =
  'ご注文が見つかりませんでした。ご注文確認メールに記載のURLを、途中で切れていないかご確認のうえ開き直してください。';
export const GUEST_CANNOT_ISSUE = 'お支払いの確認後に発行できます。';

const TITLE = '領収書の発行';

function Frame({ children }: { children: ReactNode }) {
  useDocumentTitle(TITLE);
  return (
    <div className={styles.standalone}>
      <h1 className={styles.heading}>{TITLE}</h1>
      {children}
    </div>
  );
}

function GuestReceiptView({ no, t }: { no: string; t: string }) {
  const view = useQuery(guestReceiptQuery(no, t));
  const issue = useIssueGuestReceipt(no, t);
  const reissueGift = useReissueGuestGiftLink(no, t);

  if (view.isPending) return <Spinner label="読み込み中" />;
  if (view.isError) {
    const notFound = view.error instanceof ApiError && view.error.status === 404;
    return (
      <p role="alert" className={styles.warning}>
        {notFound ? GUEST_NOT_FOUND : (errorMessage(view.error) ?? GUEST_NOT_FOUND)}
      </p>
    );
  }
  const { check, receipt } = view.data;
  if (!check.is_valid) {
    return (
      <p role="alert" className={styles.warning}>
        {GUEST_NOT_FOUND}
      </p>
    );
  }
  return (
    <>
      <dl className={`${styles.rows} ${styles.section}`}>
        <div>
          <dt>注文番号</dt>
          <dd>{receipt.order_no}</dd>
        </div>
        <div>
          <dt>ご注文日</dt>
          <dd>
            <DateText value={receipt.ordered_at} />
          </dd>
        </div>
        <div>
          <dt>お支払い金額</dt>
          <dd>
            <Price value={receipt.total_payment} taxLabel />
          </dd>
        </div>
      </dl>
      <OrderGiftSection gift={receipt.social_gift} reissue={reissueGift} />
      <ReceiptForm
        defaults={{ addressee: receipt.addressee, note: receipt.note || DEFAULT_RECEIPT_NOTE }}
        issuedCount={receipt.issued_count}
        blockedReason={check.can_issue ? null : GUEST_CANNOT_ISSUE}
        pending={issue.isPending}
        onIssue={(values) => issue.mutateAsync(values)}
      />
    </>
  );
}

/**
 * /orders/receipt?no=<order number>&t=<token from the order mail>: a guest's receipt, without
 * login, and the order's social gift (its state; while it waits, the URL re-issued). A missing
 * or wrong token is "not found" (the server answers 404 for both).
 */
export function GuestReceiptPage() {
  const [params] = useSearchParams();
  const no = (params.get('no') ?? '').trim();
  const t = (params.get('t') ?? '').trim();
  return (
    <Frame>
      {no && t ? (
        <GuestReceiptView no={no} t={t} />
      ) : (
        <p role="alert" className={styles.warning}>
          {GUEST_NOT_FOUND}
        </p>
      )}
    </Frame>
  );
}

export { GuestReceiptPage as Component };
