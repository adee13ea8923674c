/**
 * /social-gift/<token>/complete: 「お届け先を承りました」 — the address, the date and slot, and
 * the products (GET /v1/social-gifts/{token}/complete). Opening the link again after accepting
 * lands here too. The tab's memory of the inputs is cleared: the server has them now.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../lib/form-errors';
import { forgetGift, readGiftMemory } from './gift-memory';
import { GiftFailureView, GiftFrame, GiftGone, GiftLoading, GiftProductList } from './gift-parts';
import { giftCompletionQuery, giftFailure } from './gift-queries';
import type { GiftCompletion } from './gift-types';
import styles from './social-gift.module.css';

const postal = (code: string) => code.replace(/^(\d{3})(\d{4})$/, '$1-$2');

function CompletionView({ done }: { done: GiftCompletion }) {
  const address = done.address;
  return (
    <>
      <div className={styles.done} role="status">
        <p>
          {done.sender_name} 様からのギフトのお届け先を承りました。{done.shop_name}より発送いたします。
        </p>
        <p>ご入力のメールアドレスに、お届け先の確認メールをお送りしました。</p>
      </div>
      <section className={`${styles.section} ${styles.box}`} aria-labelledby="done-address">
        <h2 id="done-address" className={styles.sectionTitle}>
          お届け先
        </h2>
        <address className={styles.address}>
          <span>{address.name} 様</span>
          {address.full_address ? (
            <span>{address.full_address}</span>
          ) : (
            <>
              <span>〒{postal(address.postal_code)}</span>
              <span>
                {address.prefecture}
                {address.city}
                {address.address1}
                {address.address2 ? ` ${address.address2}` : ''}
              </span>
            </>
          )}
          {address.phone_number ? <span>TEL {address.phone_number}</span> : null}
        </address>
      </section>
      <section className={`${styles.section} ${styles.box}`} aria-labelledby="done-delivery">
        <h2 id="done-delivery" className={styles.sectionTitle}>
          お届け日時
        </h2>
        <dl className={styles.dl}>
          <dt>お届け希望日</dt>
          <dd>{done.delivery_date_label ?? done.delivery_date ?? '指定なし'}</dd>
          <dt>お届け時間帯</dt>
          <dd>{done.delivery_timezone_label ?? '指定なし'}</dd>
        </dl>
      </section>
      <section className={styles.section} aria-labelledby="done-products">
        <h2 id="done-products" className={styles.sectionTitle}>
          ギフトの内容
        </h2>
        <GiftProductList products={done.products} />
      </section>
      <div className={styles.actions}>
        <Link to="/" className={styles.primaryLink}>
          {done.shop_name}のトップページへ
        </Link>
      </div>
    </>
  );
}

function Completion({ token }: { token: string }) {
  const done = useQuery(giftCompletionQuery(token));
  useEffect(() => {
    if (done.data && readGiftMemory()?.token === token) forgetGift();
  }, [done.data, token]);
  if (done.isError && giftFailure(done.error)) return <GiftFailureView error={done.error} token={token} />;
  return (
    <GiftFrame title="お届け先を承りました" step="complete">
      {done.isPending ? (
        <GiftLoading />
      ) : done.isError ? (
        <p role="alert" className={styles.alert}>
          {errorMessage(done.error) ?? '読み込めませんでした。時間をおいて再度お試しください。'}
        </p>
      ) : (
        <CompletionView done={done.data} />
      )}
    </GiftFrame>
  );
}

export function GiftCompletePage() {
  const { key } = useParams();
  const token = key || readGiftMemory()?.token || '';
  if (!token) return <GiftGone />;
  return <Completion token={token} />;
}

export { GiftCompletePage as Component };
