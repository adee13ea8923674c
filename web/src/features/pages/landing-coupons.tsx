import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Coupon, LandingBlock } from '../../api/types';
import { patchSession, useSession } from '../../api/session';
import { couponsQuery, useTakeCoupon } from '../../domain/coupons/coupon-queries';
import { showToast } from '../../lib/toast';
import { DateText } from '../../ui/date-text';
import { Price } from '../../ui/price';
import { couponRefs, resolveCoupons } from './lp-coupons';
import styles from './pages.module.css';

export const LP_COUPON_MESSAGES = {
  taken: (name: string) => `クーポン「${name}」を受け取りました。`,
  loginFirst: 'クーポンの受け取りにはログインが必要です。',
} as const;

const LOGIN_PATH = '/login/';

function CouponCard({ coupon, busy, onTake }: { coupon: Coupon; busy: boolean; onTake: (coupon: Coupon) => void }) {
  const titleId = useId();
  return (
    <article aria-labelledby={titleId} className={styles.lpCoupon}>
      <h3 id={titleId} className={styles.lpCouponName}>
        {coupon.name}
      </h3>
      {coupon.discount_label ? <p className={styles.lpCouponValue}>{coupon.discount_label}</p> : null}
      {coupon.description ? <p className={styles.lpCouponText}>{coupon.description}</p> : null}
      <dl className={styles.lpCouponFacts}>
        {coupon.code ? (
          <div>
            <dt>クーポンコード</dt>
            <dd className={styles.lpCouponCode}>{coupon.code}</dd>
          </div>
        ) : null}
        {coupon.minimum_amount > 0 ? (
          <div>
            <dt>ご利用条件</dt>
            <dd>
              <Price value={coupon.minimum_amount} />
              以上のご購入
            </dd>
          </div>
        ) : null}
        {coupon.ends_at ? (
          <div>
            <dt>有効期限</dt>
            <dd>
              <DateText value={coupon.ends_at} />
              まで
            </dd>
          </div>
        ) : null}
      </dl>
      {!coupon.requires_take ? (
        <p className={styles.lpCouponNote}>受け取りは不要です。カートでクーポンコードを入力してご利用ください。</p>
      ) : coupon.is_taken ? (
        <p className={styles.lpCouponNote}>
          <span className={styles.lpCouponTaken}>受け取り済み</span>
          カートでクーポンコードを入力してご利用ください。
        </p>
      ) : (
        <button type="button" className={styles.lpButton} disabled={busy} onClick={() => onTake(coupon)}>
          クーポンを受け取る<span className="visually-hidden">（{coupon.name}）</span>
        </button>
      )}
    </article>
  );
}

/**
 * The coupons of the first block's `props.coupon`, each with 「クーポンを受け取る」 (spec 001 §4:
 * is_taken goes from false to true, on the list or on a landing page). A visitor is sent to log in
 * first and comes back here.
 */
export function LandingCoupons({ slug, layout }: { slug: string; layout: readonly LandingBlock[] }) {
  const refs = couponRefs(layout);
  const { isLogin } = useSession();
  const known = useQuery({ ...couponsQuery(isLogin), enabled: refs.length > 0 });
  const take = useTakeCoupon();
  const navigate = useNavigate();
  const location = useLocation();
  const headingId = useId();
  // Until the list answers, the page's own coupon objects are shown (bare ids wait for it).
  const coupons = resolveCoupons(refs, known.data ?? []);
  if (coupons.length === 0) return null;

  const onTake = (coupon: Coupon) => {
    if (!isLogin) {
      patchSession({ redirectUrl: `${location.pathname}${location.search}` });
      showToast(LP_COUPON_MESSAGES.loginFirst, 'info');
      void navigate(LOGIN_PATH);
      return;
    }
    take.mutate(
      { couponId: coupon.id, page: slug },
      { onSuccess: () => showToast(LP_COUPON_MESSAGES.taken(coupon.name), 'success') },
    );
  };

  return (
    <section className={styles.lpBlock} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.lpBlockTitle}>
        クーポン
      </h2>
      <ul className={styles.lpCoupons}>
        {coupons.map((coupon) => (
          <li key={coupon.id}>
            <CouponCard coupon={coupon} busy={take.isPending} onTake={onTake} />
          </li>
        ))}
      </ul>
      {!isLogin && coupons.some((c) => c.requires_take && !c.is_taken) ? (
        <p className={styles.lpCouponNote}>クーポンの受け取りにはログインが必要です。</p>
      ) : null}
    </section>
  );
}
