import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  CARDS_UNAVAILABLE_MESSAGE,
  cardDigits,
  cardServiceQuery,
  tokenizeCard,
} from '../../domain/payment-card/card-tokenizer';
import { applyMutationErrors, applyServerErrors } from '../../lib/form-errors';
import { queryClient } from '../../lib/query-client';
import { sessionStore } from '../../api/session';
import { showToast } from '../../lib/toast';
import { FormAlert, FormField, SubmitButton } from '../../ui/form-field';
import { MypageFrame } from '../../ui/mypage-frame';
import { cardSchema, parseExpiration, type CardFields } from './card-schema';
import { useAddCard } from './wallet-queries';
import styles from './wallet.module.css';

export async function loader() {
  if (sessionStore.get().isLogin) await queryClient.ensureQueryData(cardServiceQuery());
  return null;
}

export const CARD_ADDED_MESSAGE = 'カードを登録しました。';

const EMPTY: CardFields = { number: '', holder_name: '', expiration: '', security_code: '' };
/** The tokeniser's and the shop's field names are the form's. */
const FIELDS = ['number', 'holder_name', 'expiration', 'security_code'] as const;

/**
 * カードの登録: the card goes to the payment gateway's tokeniser only; the shop receives the token
 * (POST /v1/me/user-cards {token}). Nothing of the card is kept in the page's state once sent.
 */
export function CardAddPage() {
  const navigate = useNavigate();
  const add = useAddCard();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    setValue,
    formState: { errors },
  } = useForm<CardFields>({ resolver: zodResolver(cardSchema), defaultValues: EMPTY });

  const [tokenizing, setTokenizing] = useState(false);
  const service = useQuery(cardServiceQuery());

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const expiry = parseExpiration(values.expiration);
    if (!expiry) return;
    let token: string;
    setTokenizing(true);
    try {
      const gateway = await queryClient.ensureQueryData(cardServiceQuery());
      if (!gateway) {
        setFormError(CARDS_UNAVAILABLE_MESSAGE);
        return;
      }
      const issued = await tokenizeCard(
        {
          number: cardDigits(values.number),
          holder_name: values.holder_name.trim().toUpperCase(),
          exp_month: expiry.month,
          exp_year: expiry.year,
          security_code: cardDigits(values.security_code),
        },
        gateway,
      );
      token = issued.token;
    } catch (error) {
      // The gateway refused (its field errors go on the fields): the security code is typed again.
      setValue('security_code', '');
      setFormError(applyServerErrors(error, setError, FIELDS));
      return;
    } finally {
      setTokenizing(false);
    }
    try {
      await add.mutateAsync(token);
      reset(EMPTY);
      showToast(CARD_ADDED_MESSAGE, 'success');
      void navigate('/mypage/card');
    } catch (error) {
      // Other failures (the limit) are toasted by the query client.
      setFormError(applyMutationErrors(error, setError, FIELDS, { headline: true }));
    }
  });

  if (service.data === null) {
    return (
      <MypageFrame title="カードの登録">
        <p role="status" className={styles.empty}>
          {CARDS_UNAVAILABLE_MESSAGE}
        </p>
        <Link to="/mypage/card">カード情報に戻る</Link>
      </MypageFrame>
    );
  }

  return (
    <MypageFrame title="カードの登録">
      <p className={styles.note}>カード情報は決済代行会社へ直接送られ、ショップには保存されません。</p>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className={styles.form} aria-label="カード情報の入力">
        <FormAlert message={formError} />
        <FormField
          label="カード番号"
          required
          hint="ハイフン・スペースなしでも入力できます。"
          error={errors.number?.message}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="1234 5678 9012 3456"
              maxLength={23}
              {...register('number')}
            />
          )}
        </FormField>
        <FormField
          label="カード名義"
          required
          hint="カードに記載のとおりローマ字で入力してください。"
          error={errors.holder_name?.message}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              autoComplete="cc-name"
              autoCapitalize="characters"
              placeholder="TARO YAMADA"
              maxLength={45}
              {...register('holder_name')}
            />
          )}
        </FormField>
        <div className={styles.row}>
          <FormField label="有効期限（年月）" required hint="西暦4桁＋月2桁の6桁" error={errors.expiration?.message}>
            {(control) => (
              <input
                {...control}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                placeholder="202812"
                maxLength={7}
                {...register('expiration')}
              />
            )}
          </FormField>
          <FormField
            label="セキュリティコード"
            required
            hint="カード裏面の3桁（AMEXは表面の4桁）"
            error={errors.security_code?.message}
          >
            {(control) => (
              <input
                {...control}
                type="password"
                inputMode="numeric"
                autoComplete="cc-csc"
                placeholder="123"
                maxLength={4}
                {...register('security_code')}
              />
            )}
          </FormField>
        </div>
        <div className={styles.actions}>
          <SubmitButton pending={tokenizing || add.isPending} pendingLabel="登録中…">
            登録する
          </SubmitButton>
          <Link to="/mypage/card">カード情報に戻る</Link>
        </div>
      </form>
    </MypageFrame>
  );
}

export { CardAddPage as Component };
