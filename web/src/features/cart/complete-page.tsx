/**
 * /cart/complete?order_no=…: the order number, the bank details for a bank transfer, that a
 * confirmation mail was sent, and for a guest the link to the receipt (/orders/receipt?no=…&t=…).
 * A social gift shows its URL (kept from the decision: the server shows it once) with the ways
 * to send it, its deadline, and the gift's state as the order says it.
 * The purchase data kept at the decision (30 minutes) is checked against the server's decision
 * data; a 404 there clears it (spec 000 §8).
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api-error';
import { reissueGuestGiftLink } from '../../domain/social-gift/gift-link';
import { useSettings } from '../../domain/site/site-queries';
import { track } from '../../domain/analytics/analytics';
import { clearPurchaseData, readPurchaseData } from '../../domain/cart/cart-store';
import { formatDate } from '../../lib/format';
import { useSession } from '../../api/session';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { buttonClass } from '../../ui/form-field';
import { GiftOrderFacts, GiftSharePanel } from '../../ui/gift-share';
import { NoticeSlot } from '../../ui/notice-slot';
import { Price } from '../../ui/price';
import { decisionData, orderSummaryQuery } from './cart-api';
import { CheckoutFrame, TaxBreakdown } from './cart-parts';
import type { BankAccount, DecisionGift, OrderGift } from './cart-types';
import { recallDecision, rememberGiftLink } from './decision-memory';
import styles from './cart.module.css';

function BankDetails({ account }: { account: BankAccount }) {
  return (
    <section className={`${styles.section} ${styles.box}`} aria-labelledby="bank-title">
      <h2 id="bank-title" className={styles.sectionTitle}>
        お振込先
      </h2>
      <dl className={styles.dl}>
        <dt>銀行名</dt>
        <dd>{account.bank_name}</dd>
        <dt>支店名</dt>
        <dd>{account.branch_name}</dd>
        <dt>口座種別</dt>
        <dd>{account.account_type}</dd>
        <dt>口座番号</dt>
        <dd>{account.account_number}</dd>
        <dt>口座名義</dt>
        <dd>{account.account_holder}</dd>
        <dt>お振込期限</dt>
        <dd>{formatDate(account.due_date) || account.due_date}</dd>
      </dl>
    </section>
  );
}

/**
 * The gift's URL to send, and what the order says of the gift. A guest whose tab kept the
 * order's receipt token may have the URL issued again while the gift waits (a member does it on
 * the order page).
 */
function GiftSection({
  orderNo,
  remembered,
  gift,
  member,
  guestToken,
}: {
  orderNo: string;
  remembered: DecisionGift | null;
  gift: OrderGift | null;
  member: boolean;
  guestToken: string | null;
}) {
  const shopName = String(useSettings()['SITE.NAME'] ?? '');
  const titleId = useId();
  const [link, setLink] = useState(remembered);
  const [reissued, setReissued] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const reissue = useMutation({
    mutationFn: () => reissueGuestGiftLink(orderNo, guestToken ?? ''),
    onSuccess: (next) => {
      rememberGiftLink(orderNo, next);
      setLink(next);
      setReissued(true);
    },
    onSettled: () => setConfirming(false),
  });
  const canReissue = !member && guestToken !== null && gift?.state === 'waiting';
  return (
    <>
      {link ? (
        <div className={styles.section}>
          <GiftSharePanel link={link} shopName={shopName} title="ギフトのURLをお相手に送りましょう">
            {reissued ? (
              <p role="alert" className={styles.alert}>
                URLを再発行しました。以前のURLは使えなくなります。
              </p>
            ) : null}
            <p className={styles.muted}>
              このURLはご注文確認メールにも記載しています。URLを知っている方は誰でもお届け先を入力できますので、お相手以外には送らないでください。
            </p>
          </GiftSharePanel>
        </div>
      ) : (
        <p className={styles.section}>
          ギフトのURLはご注文確認メールでご確認ください。
          {member ? 'ご注文詳細からURLを再発行することもできます。' : ''}
        </p>
      )}
      {gift ? (
        <section className={`${styles.section} ${styles.box}`} aria-labelledby={titleId}>
          <h2 id={titleId} className={styles.sectionTitle}>
            ソーシャルギフト
          </h2>
          <GiftOrderFacts gift={gift} />
          {canReissue ? (
            <div className={styles.actions}>
              <button
                type="button"
                className={buttonClass.secondary}
                disabled={reissue.isPending}
                onClick={() => setConfirming(true)}
              >
                ギフトURLを再発行
              </button>
              <p className={styles.muted}>以前のURLは使えなくなります。</p>
            </div>
          ) : null}
        </section>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title="ギフトURLの再発行"
          confirmLabel="再発行する"
          pending={reissue.isPending}
          onConfirm={() => reissue.mutate()}
          onCancel={() => setConfirming(false)}
        >
          <p>新しいURLを発行します。以前のURLは使えなくなります。</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

/**
 * The purchase data of this order (kept 30 minutes from the decision), checked against the
 * server's decision data: a 404 forgets it (spec 000 §8); otherwise it is the purchase the data
 * layer gets (domain/analytics/analytics; once per order, and only when the shop has analytics on).
 */
function usePurchaseCheck(orderNo: string, cartToken: string | null) {
  useEffect(() => {
    const data = readPurchaseData();
    if (!data || data.order_no !== orderNo) return;
    const trackPurchase = () =>
      track({
        name: 'purchase',
        orderNo: data.order_no,
        value: data.total_payment,
        lines: data.products,
      });
    if (!data.event_id) {
      trackPurchase();
      return;
    }
    decisionData(data.event_id, cartToken).then(trackPurchase, (error: unknown) => {
      if (error instanceof ApiError && error.status === 404) clearPurchaseData();
    });
  }, [orderNo, cartToken]);
}

export function CompletePage() {
  const [params] = useSearchParams();
  const orderNo = params.get('order_no') ?? '';
  const { isLogin } = useSession();
  const remembered = orderNo ? recallDecision(orderNo) : null;
  const summary = useQuery({
    ...orderSummaryQuery(orderNo, remembered?.cart_token ?? ''),
    enabled: orderNo !== '' && remembered !== null,
  });
  usePurchaseCheck(orderNo, remembered?.cart_token ?? null);

  const order = summary.data;
  const bank = remembered?.bank_account ?? order?.bank_account ?? null;
  const guestToken = remembered?.guest_token ?? null;
  const giftLink = remembered?.social_gift ?? null;
  const orderGift = order?.social_gift ?? null;

  return (
    <CheckoutFrame title="ご注文ありがとうございました" step="complete">
      {orderNo === '' ? (
        <p>ご注文番号がわかりません。ご注文の内容はご注文確認メールでご確認ください。</p>
      ) : (
        <>
          <section className={styles.section} aria-labelledby="order-no-title">
            <h2 id="order-no-title" className={styles.sectionTitle}>
              ご注文番号
            </h2>
            <p className={styles.orderNo}>{orderNo}</p>
            <p>
              {order?.orderer.email
                ? `ご注文確認メールを ${order.orderer.email} 宛にお送りしました。`
                : 'ご注文確認メールをお送りしました。'}
              メールが届かない場合は、迷惑メールフォルダをご確認ください。
            </p>
          </section>
          {giftLink || orderGift ? (
            <GiftSection
              orderNo={orderNo}
              remembered={giftLink}
              gift={orderGift}
              member={isLogin}
              guestToken={guestToken}
            />
          ) : null}
          {bank ? <BankDetails account={bank} /> : null}
          {order ? (
            <section className={`${styles.section} ${styles.box}`} aria-labelledby="paid-title">
              <h2 id="paid-title" className={styles.sectionTitle}>
                ご注文内容
              </h2>
              <dl className={styles.dl}>
                <dt>お支払い方法</dt>
                <dd>
                  {order.payment_name}
                  {order.card_masked_number ? `（${order.card_masked_number}）` : ''}
                </dd>
                <dt>お支払い合計</dt>
                <dd>
                  <Price value={order.total_payment} taxLabel />
                </dd>
              </dl>
              <TaxBreakdown rates={order.amount_by_tax_rate} />
            </section>
          ) : null}
          <NoticeSlot code="cart_complete" />
          {guestToken ? (
            <p>
              <Link to={`/orders/receipt?no=${encodeURIComponent(orderNo)}&t=${encodeURIComponent(guestToken)}`}>
                領収書の発行はこちら
              </Link>
            </p>
          ) : null}
          {isLogin ? (
            <p>
              <Link to="/mypage/order_history">ご注文履歴を見る</Link>
            </p>
          ) : null}
        </>
      )}
      <div className={styles.actions}>
        <Link to="/" className={styles.primaryLink}>
          トップページへ戻る
        </Link>
      </div>
    </CheckoutFrame>
  );
}

export { CompletePage as Component };
