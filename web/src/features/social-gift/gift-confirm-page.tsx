/**
 * /social-gift/confirm: everything the recipient gave — the address, the date and slot — with
 * the gift's products, and 「この内容で受け取る」: PUT /v1/social-gifts/{token}, which checks
 * everything again. Accepted → the completion (which clears the tab's memory). A 422 sends
 * the person back to the step whose field failed, with its message under the field.
 */
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-error';
import { errorMessage } from '../../lib/form-errors';
import { queryClient } from '../../lib/query-client';
import { FormAlert, SubmitButton, buttonClass } from '../../ui/form-field';
import { GIFT_PATHS, completePath, stepOfErrors, type GiftMemory } from './gift-memory';
import { GiftFailureView, GiftFrame, GiftLoading, GiftProductList, useGiftStep } from './gift-parts';
import { acceptGift, giftFailure, giftKeys, giftProductsQuery } from './gift-queries';
import type { GiftAddress } from './gift-types';
import styles from './social-gift.module.css';

const postal = (code: string) => code.replace(/^(\d{3})(\d{4})$/, '$1-$2');

export function AddressLines({ address }: { address: GiftAddress }) {
  return (
    <address className={styles.address}>
      <span>
        {address.shipping_last_name} {address.shipping_first_name} 様
        {address.shipping_last_name_kana || address.shipping_first_name_kana
          ? `（${address.shipping_last_name_kana} ${address.shipping_first_name_kana}）`
          : ''}
      </span>
      <span>〒{postal(address.postal_code)}</span>
      <span>
        {address.prefecture}
        {address.city}
        {address.address1}
        {address.address2 ? ` ${address.address2}` : ''}
      </span>
      {address.phone_number ? <span>TEL {address.phone_number}</span> : null}
      {address.cell_phone_number ? <span>携帯 {address.cell_phone_number}</span> : null}
      <span>{address.email}</span>
    </address>
  );
}

function ConfirmView({ memory }: { memory: GiftMemory & { shipping: GiftAddress } }) {
  const { token, shipping } = memory;
  const delivery = memory.delivery;
  const navigate = useNavigate();
  const gift = useQuery(giftProductsQuery(token));
  const [sending, setSending] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    setFormError(null);
    try {
      const completion = await acceptGift(token, {
        shipping,
        delivery_at: delivery?.delivery_at ?? null,
        delivery_timezone: delivery?.delivery_timezone ?? null,
      });
      queryClient.setQueryData(giftKeys.completion(token), completion);
      navigate(completePath(token), { replace: true });
      void queryClient.invalidateQueries({ queryKey: giftKeys.products(token) });
    } catch (error) {
      setSending(false);
      if (giftFailure(error)) {
        setFailure(error);
        return;
      }
      if (error instanceof ApiError && error.status === 422) {
        const step = stepOfErrors(error.errors);
        if (step) {
          navigate(GIFT_PATHS[step], { state: { errors: error.errors } });
          return;
        }
      }
      setFormError(errorMessage(error));
    }
  };

  if (failure) return <GiftFailureView error={failure} token={token} />;
  if (gift.isError && giftFailure(gift.error)) return <GiftFailureView error={gift.error} token={token} />;
  if (gift.data?.state === 'accepted') return <Navigate to={completePath(token)} replace />;

  return (
    <GiftFrame title="入力内容の確認" step="confirm">
      <FormAlert message={formError} />
      <section className={`${styles.section} ${styles.box}`} aria-labelledby="confirm-address">
        <h2 id="confirm-address" className={styles.sectionTitle}>
          お届け先
        </h2>
        <AddressLines address={shipping} />
        <p>
          <Link to={GIFT_PATHS.shipping}>お届け先を変更する</Link>
        </p>
      </section>
      <section className={`${styles.section} ${styles.box}`} aria-labelledby="confirm-delivery">
        <h2 id="confirm-delivery" className={styles.sectionTitle}>
          お届け日時
        </h2>
        <dl className={styles.dl}>
          <dt>お届け希望日</dt>
          <dd>{delivery?.delivery_at ? (delivery.date_label ?? delivery.delivery_at) : '指定なし'}</dd>
          <dt>お届け時間帯</dt>
          <dd>{delivery?.delivery_timezone ? (delivery.timezone_label ?? delivery.delivery_timezone) : '指定なし'}</dd>
        </dl>
        <p>
          <Link to={GIFT_PATHS.delivery}>お届け日時を変更する</Link>
        </p>
      </section>
      <section className={styles.section} aria-labelledby="confirm-products">
        <h2 id="confirm-products" className={styles.sectionTitle}>
          ギフトの内容
        </h2>
        {gift.data ? (
          <>
            <p className={styles.muted}>{gift.data.sender_name} 様からのギフト</p>
            <GiftProductList products={gift.data.products} />
          </>
        ) : (
          <GiftLoading />
        )}
      </section>
      <form noValidate onSubmit={(e) => void submit(e)} aria-label="ギフトのお受け取り">
        <p className={styles.muted}>お受け取りの手続き後は、お届け先とお届け日時を変更できません。</p>
        <div className={styles.actions}>
          <SubmitButton pending={sending} pendingLabel="送信中…">
            この内容で受け取る
          </SubmitButton>
          <Link to={GIFT_PATHS.delivery} className={buttonClass.secondary}>
            戻る
          </Link>
        </div>
      </form>
    </GiftFrame>
  );
}

export function GiftConfirmPage() {
  const { memory, redirect } = useGiftStep('confirm');
  if (redirect || !memory?.shipping) return <Navigate to={redirect ?? GIFT_PATHS.gift} replace />;
  return <ConfirmView memory={{ ...memory, shipping: memory.shipping }} />;
}

export { GiftConfirmPage as Component };
