import { useId } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title';
import { queryClient } from '../../lib/query-client';
import { patchSession, sessionStore, useSession } from '../../api/session';
import { showToast } from '../../lib/toast';
import { DateText } from '../../ui/date-text';
import { Price } from '../../ui/price';
import type { Coupon } from '../../api/types';
import { couponsQuery, useCoupons, useTakeCoupon } from '../../domain/coupons/coupon-queries';
import styles from './wallet.module.css';

export async function loader() {
  await queryClient.ensureQueryData(couponsQuery(sessionStore.get().isLogin));
  return null;
}

export const COUPON_MESSAGES = {
  taken: (name: string) => `クーポン「${name}」を取得しました。`,
  loginFirst: 'クーポンの取得にはログインが必要です。',
} as const;

const LOGIN_PATH = '/login/';

function CouponPeriod({ coupon }: { coupon: Coupon }) {
  if (!coupon.starts_at && !coupon.ends_at) return <>期限なし</>;
  return (
    <>
      {coupon.starts_at ? <DateText value={coupon.starts_at} /> : null}〜
      {coupon.ends_at ? <DateText value={coupon.ends_at} /> : null}
    </>
  );
}

function CouponEntry({
  coupon,
  member,
  busy,
  onTake,
}: {
  coupon: Coupon;
  member: boolean;
  busy: boolean;
  onTake: (coupon: Coupon) => void;
}) {
  const titleId = useId();
  return (
    <article aria-labelledby={titleId} className={coupon.is_taken ? `${styles.card} ${styles.cardMain}` : styles.card}>
      <h2 id={titleId} className={styles.cardHead}>
        {coupon.name}
        {coupon.member_only ? <span className={`${styles.mark} ${styles.markMuted}`}>会員限定</span> : null}
        {coupon.is_taken ? <span className={styles.mark}>取得済み</span> : null}
      </h2>
      <p className={styles.couponValue}>{coupon.discount_label}</p>
      {coupon.description ? <p>{coupon.description}</p> : null}
      <dl className={styles.facts}>
        <div>
          <dt>クーポンコード</dt>
          <dd className={styles.couponCode}>{coupon.code}</dd>
        </div>
        {coupon.minimum_amount ? (
          <div>
            <dt>ご利用条件</dt>
            <dd>
              <Price value={coupon.minimum_amount} />
              以上のご購入
            </dd>
          </div>
        ) : null}
        <div>
          <dt>有効期間</dt>
          <dd>
            <CouponPeriod coupon={coupon} />
          </dd>
        </div>
      </dl>
      <div className={styles.actions}>
        {!coupon.requires_take ? (
          <p className={styles.note}>取得は不要です。カートでクーポンコードを入力してご利用ください。</p>
        ) : coupon.is_taken ? (
          <p className={styles.note}>取得済みです。カートでクーポンコードを入力してご利用ください。</p>
        ) : (
          <button
            type="button"
            className={`${styles.action} ${styles.actionPrimary}`}
            disabled={busy}
            onClick={() => onTake(coupon)}
          >
            クーポンを取得する<span className="visually-hidden">（{coupon.name}）</span>
          </button>
        )}
        {!member && coupon.requires_take ? <p className={styles.note}>取得にはログインが必要です。</p> : null}
      </div>
    </article>
  );
}

/**
 * /coupon: the shop's coupons in their period. Members see which they have taken and take the
 * ones that must be taken (is_taken false → true); visitors are asked to log in first.
 */
export function CouponPage() {
  useDocumentTitle('クーポン');
  const { isLogin } = useSession();
  const coupons = useCoupons(isLogin);
  const take = useTakeCoupon();
  const navigate = useNavigate();
  const location = useLocation();

  const onTake = (coupon: Coupon) => {
    if (!isLogin) {
      patchSession({ redirectUrl: `${location.pathname}${location.search}` });
      showToast(COUPON_MESSAGES.loginFirst, 'info');
      void navigate(LOGIN_PATH);
      return;
    }
    take.mutate(
      { couponId: coupon.id, page: location.pathname },
      { onSuccess: () => showToast(COUPON_MESSAGES.taken(coupon.name), 'success') },
    );
  };

  return (
    <div className={styles.standalone}>
      <h1 className={styles.heading}>クーポン</h1>
      {coupons.length === 0 ? (
        <p className={styles.empty}>現在ご利用いただけるクーポンはありません。</p>
      ) : (
        <ul className={styles.list} aria-label="クーポンの一覧">
          {coupons.map((coupon) => (
            <li key={coupon.id}>
              <CouponEntry coupon={coupon} member={isLogin} busy={take.isPending} onTake={onTake} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export { CouponPage as Component };
