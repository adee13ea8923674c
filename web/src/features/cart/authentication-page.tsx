/**
 * /cart/authentication: where the card issuer's 本人認証 (3-D Secure) sends the browser back
 * (docs/contracts/three-d-secure.md). It posts the decision again for the cart token kept
 * through the challenge (idempotent: never charged twice) and goes on as the confirm page does
 * (decision-outcome.ts): paid → the complete page; the challenge not finished → 「本人認証をやり直す」;
 * failed → the payment step with the message; the order still settling (409) → 「もう一度確認する」.
 * Guests reach it too; it has no form and is kept out of search indexes.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { getCartToken } from '../../api/session';
import { handleCartError, readPurchaseData } from '../../domain/cart/cart-store';
import { ApiError } from '../../lib/api-error';
import { useNoIndex } from '../../lib/document-title';
import { buttonClass } from '../../ui/form-field';
import { decide } from './cart-api';
import { CheckoutFrame } from './cart-parts';
import type { Decision } from './cart-types';
import {
  PAYMENT_DECLINED,
  completeOrder,
  returnToPayment,
  startAuthentication,
  type PurchaseProducts,
} from './decision-outcome';
import styles from './cart.module.css';

/** The order is still settling at the gateway: asking again later answers. */
const SETTLING_CODES: readonly string[] = ['cart.decision.in_progress', 'cart.payment.unconfirmed'];

const CHECK_FAILED = '本人認証の結果を確認できませんでした。';

type Check =
  | { kind: 'checking' }
  | { kind: 'unfinished'; decision: Decision; redirectUrl: string }
  | { kind: 'retry'; message: string };

/** The lines kept for the purchase data when the browser left for the challenge. */
function keptProducts(orderNo: string): PurchaseProducts {
  const data = readPurchaseData();
  return data?.order_no === orderNo ? data.products : [];
}

/** Posts the decision once on arrival (and again on 「もう一度確認する」); what it answered. */
function useAuthenticationCheck(token: string): { check: Check; retry: () => void } {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [check, setCheck] = useState<Check>({ kind: 'checking' });
  const run = useCallback(async () => {
    // This page is a passage (its address may carry the gateway's parameters): Back from where
    // it leads skips it.
    const goOn = (to: string) => void navigate(to, { replace: true });
    setCheck({ kind: 'checking' });
    try {
      const decision = await decide(token);
      const redirectUrl = decision.next_action?.redirect_url;
      if (redirectUrl) setCheck({ kind: 'unfinished', decision, redirectUrl });
      else await completeOrder(decision, token, keptProducts(decision.order_no), goOn);
    } catch (error) {
      if (error instanceof ApiError && error.code === PAYMENT_DECLINED) {
        await returnToPayment(goOn);
        return;
      }
      if (error instanceof ApiError && error.status === 409 && SETTLING_CODES.includes(error.code ?? '')) {
        setCheck({ kind: 'retry', message: error.message });
        return;
      }
      // An expired or cancelled cart leaves for /cart/ from here; anything else was a toast.
      await handleCartError(error, pathname);
      setCheck({ kind: 'retry', message: CHECK_FAILED });
    }
  }, [token, navigate, pathname]);
  // Once per arrival, StrictMode's second effect included: each post asks the gateway.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void run();
  }, [run]);
  return { check, retry: () => void run() };
}

function Unfinished({ token, decision, redirectUrl }: { token: string; decision: Decision; redirectUrl: string }) {
  const [leaving, setLeaving] = useState(false);
  const again = () => {
    setLeaving(true);
    startAuthentication(decision, redirectUrl, token, keptProducts(decision.order_no));
  };
  return (
    <>
      <p role="alert" className={styles.alert}>
        本人認証が完了していません。
      </p>
      <div className={styles.actions}>
        <button type="button" className={buttonClass.primary} disabled={leaving} onClick={again}>
          本人認証をやり直す
        </button>
        <Link to="/cart/payment" className={buttonClass.secondary}>
          お支払い方法を変更する
        </Link>
      </div>
    </>
  );
}

function AuthenticationCheck({ token }: { token: string }) {
  const { check, retry } = useAuthenticationCheck(token);
  if (check.kind === 'checking') return <p role="status">本人認証の結果を確認しています…</p>;
  if (check.kind === 'unfinished') {
    return <Unfinished token={token} decision={check.decision} redirectUrl={check.redirectUrl} />;
  }
  return (
    <>
      <p role="alert" className={styles.alert}>
        {check.message}
      </p>
      <div className={styles.actions}>
        <button type="button" className={buttonClass.primary} onClick={retry}>
          もう一度確認する
        </button>
      </div>
    </>
  );
}

/** Another device, or storage cleared: a member's order may be paid already. */
function NoOrder() {
  return (
    <>
      <p role="alert" className={styles.alert}>
        お手続き中のご注文が見つかりません。
      </p>
      <p className={styles.muted}>会員の方は、ご注文履歴でご注文の状況をご確認いただけます。</p>
      <div className={styles.actions}>
        <Link to="/cart" className={buttonClass.secondary}>
          カートを見る
        </Link>
        <Link to="/mypage/order_history" className={buttonClass.secondary}>
          ご注文履歴を見る
        </Link>
      </div>
    </>
  );
}

export function AuthenticationPage() {
  useNoIndex();
  // The token of the cart that went to the challenge, as it was on arrival.
  const [token] = useState(getCartToken);
  return (
    <CheckoutFrame title="ご本人確認" step="confirm">
      {token ? <AuthenticationCheck token={token} /> : <NoOrder />}
    </CheckoutFrame>
  );
}

export { AuthenticationPage as Component };
