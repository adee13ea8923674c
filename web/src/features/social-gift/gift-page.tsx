/**
 * /social-gift?token=<hex>: the link the buyer sent. The gift as its recipient sees it — for
 * whom, from whom, the message, the products with their pictures (no prices), wrapping and
 * noshi, and until when the address can be given — and 「お届け先を入力する」. The token is
 * kept for the steps (gift-memory); a gift already accepted shows its completion.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { GIFT_PATHS, completePath, readGiftMemory, rememberGiftToken } from './gift-memory';
import { GiftDeadline, GiftFailureView, GiftFrame, GiftGone, GiftLoading, GiftProductList } from './gift-parts';
import { giftFailure, giftProductsQuery } from './gift-queries';
import type { GiftProducts } from './gift-types';
import styles from './social-gift.module.css';

function GiftView({ gift }: { gift: GiftProducts }) {
  const packing = gift.packing;
  return (
    <>
      <section className={`${styles.section} ${styles.card}`} aria-label="ギフトのメッセージ">
        <p className={styles.lead}>{gift.receiver_name} 様</p>
        <p>
          {gift.sender_name} 様から、{gift.shop_name}のギフトが届いています。
        </p>
        {gift.message ? <p className={styles.message}>{gift.message}</p> : null}
      </section>

      <section className={styles.section} aria-labelledby="gift-products-title">
        <h2 id="gift-products-title" className={styles.sectionTitle}>
          ギフトの内容
        </h2>
        <GiftProductList products={gift.products} />
        {packing && (packing.wrapping_label || packing.noshi_label) ? (
          <dl className={styles.dl}>
            {packing.wrapping_label ? (
              <>
                <dt>ラッピング</dt>
                <dd>{packing.wrapping_label}</dd>
              </>
            ) : null}
            {packing.noshi_label ? (
              <>
                <dt>のし</dt>
                <dd>
                  {packing.noshi_label}
                  {packing.noshi_name ? `（${packing.noshi_name}）` : ''}
                </dd>
              </>
            ) : null}
          </dl>
        ) : null}
      </section>

      <section className={`${styles.section} ${styles.box}`} aria-labelledby="gift-next-title">
        <h2 id="gift-next-title" className={styles.sectionTitle}>
          お受け取りの手続き
        </h2>
        <p>お届け先の住所とご希望のお届け日時をご入力ください。送料はかかりません。</p>
        <GiftDeadline expiresAt={gift.expires_at} />
        <p className={styles.muted}>期限を過ぎるとお受け取りいただけなくなります。</p>
        <div className={styles.actions}>
          <Link to={GIFT_PATHS.shipping} className={styles.primaryLink}>
            お届け先を入力する
          </Link>
        </div>
      </section>
    </>
  );
}

function GiftLoader({ token }: { token: string }) {
  const gift = useQuery(giftProductsQuery(token));
  if (gift.isPending) {
    return (
      <GiftFrame title="ギフトが届いています" step="gift">
        <GiftLoading />
      </GiftFrame>
    );
  }
  if (gift.isError) {
    if (giftFailure(gift.error)) return <GiftFailureView error={gift.error} token={token} />;
    return (
      <GiftFrame title="ギフトが届いています" step="gift">
        <p role="alert" className={styles.alert}>
          ギフトを読み込めませんでした。時間をおいて再度お試しください。
        </p>
      </GiftFrame>
    );
  }
  if (gift.data.state === 'accepted') return <Navigate to={completePath(token)} replace />;
  return (
    <GiftFrame title="ギフトが届いています" step="gift">
      <GiftView gift={gift.data} />
    </GiftFrame>
  );
}

export function GiftPage() {
  const [params] = useSearchParams();
  const fromLink = (params.get('token') ?? '').trim();
  // Back from a later step the URL may have no token: the kept one is the same gift.
  const token = fromLink || readGiftMemory()?.token || '';
  useEffect(() => {
    if (fromLink) rememberGiftToken(fromLink);
  }, [fromLink]);
  if (!token) return <GiftGone />;
  return <GiftLoader token={token} />;
}

export { GiftPage as Component };
