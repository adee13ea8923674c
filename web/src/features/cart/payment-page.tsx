/**
 * /cart/payment: the payment methods for this cart (GET /v1/payments/carts/{token}: fee, and why
 * one is not available), a card — a member's saved card (GET /v1/me/user-cards) or a new one,
 * whose data goes ONLY to the gateway's tokeniser (domain/payment-card/card-tokenizer); the shop
 * gets the token (PATCH /v1/carts/order/modify {card_token}); the gateway's test numbers in test
 * mode — points for members (PATCH /v1/carts/point), and the last payment failure
 * (transaction_error) until dismissed.
 */
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-error';
import { useSettings } from '../../domain/site/site-queries';
import {
  CARDS_UNAVAILABLE_MESSAGE,
  cardDigits,
  cardErrorMessage,
  cardServiceQuery,
  tokenizeCard,
  type CardService,
} from '../../domain/payment-card/card-tokenizer';
import { useSession } from '../../api/session';
import { FormAlert, FormField, SubmitButton, buttonClass, controlClass } from '../../ui/form-field';
import { NoticeSlot } from '../../ui/notice-slot';
import { Price } from '../../ui/price';
import { LoadingBlock } from '../../ui/spinner';
import { patchCart, paymentsQuery, savedCardsQuery, useCartAction } from './cart-api';
import { CheckoutFrame, CheckoutGate, OrderTotals, useCartQueryError, useCheckoutCart } from './cart-parts';
import type { Cart, CartPaymentOption, SavedCard } from './cart-types';
import styles from './cart.module.css';

export const NEW_CARD = 'new';

export function isCardMethod(method: Pick<CartPaymentOption, 'code'> | null | undefined): boolean {
  return method?.code === 'credit_card' || method?.code === 'card';
}

export interface CardFields {
  number: string;
  holder_name: string;
  exp_month: string;
  exp_year: string;
  security_code: string;
}

export type CardErrors = Partial<Record<keyof CardFields | 'expiration', string>>;

/** The card form's own checks (the gateway checks again). */
export function checkCard(card: CardFields, now = new Date()): CardErrors {
  const errors: CardErrors = {};
  const digits = cardDigits(card.number);
  if (!/^\d{14,16}$/.test(digits)) errors.number = 'カード番号を正しく入力してください。';
  if (!/^[A-Za-z][A-Za-z .'-]*$/.test(card.holder_name.trim()))
    errors.holder_name = 'カード名義を半角英字で入力してください。';
  const month = Number(card.exp_month);
  const year = Number(card.exp_year);
  if (!month || !year) errors.expiration = '有効期限を選択してください。';
  else if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) {
    errors.expiration = '有効期限が切れています。';
  }
  if (!/^\d{3,4}$/.test(card.security_code.trim()))
    errors.security_code = 'セキュリティコードを正しく入力してください。';
  return errors;
}

const EMPTY_CARD: CardFields = { number: '', holder_name: '', exp_month: '', exp_year: '', security_code: '' };

function TransactionError({ cart }: { cart: Cart }) {
  const clear = useCartAction<void>((token) => patchCart('/v1/carts/transaction/error/delete', { token }));
  if (!cart.transaction_error) return null;
  return (
    <div role="alert" className={styles.alert}>
      <p>{cart.transaction_error}</p>
      <button type="button" className={styles.linkButton} onClick={() => clear.mutate()} disabled={clear.isPending}>
        このメッセージを閉じる
      </button>
    </div>
  );
}

function PointsBox({ cart }: { cart: Cart }) {
  const order = cart.detail.order;
  const [value, setValue] = useState(order.use_points > 0 ? String(order.use_points) : '');
  const [error, setError] = useState<string | undefined>();
  const use = useCartAction((token, points: number) => patchCart('/v1/carts/point', { token, use_points: points }));
  const balance = order.point_balance;
  if (balance === null || balance === undefined) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const points = value.trim() === '' ? 0 : Number(value);
    if (!Number.isInteger(points) || points < 0) {
      setError('ポイントは0以上の整数で入力してください。');
      return;
    }
    if (points > balance) {
      setError(`ご利用いただけるポイントは${balance.toLocaleString('ja-JP')}ptまでです。`);
      return;
    }
    setError(undefined);
    use.mutate(points, {
      onError: (failure) => {
        if (failure instanceof ApiError) setError(failure.errors.use_points?.[0]);
      },
    });
  };
  return (
    <section className={styles.section} aria-labelledby="points-title">
      <h2 id="points-title" className={styles.sectionTitle}>
        ポイント
      </h2>
      <p className={styles.muted}>
        保有ポイント {balance.toLocaleString('ja-JP')}pt（1pt＝1円）
        {order.use_points > 0 ? `／ ${order.use_points.toLocaleString('ja-JP')}pt 利用中` : ''}
      </p>
      <form noValidate onSubmit={submit} className={styles.inlineForm} aria-label="ポイントの利用">
        <FormField label="利用するポイント" error={error}>
          {(c) => (
            <input {...c} type="text" inputMode="numeric" value={value} onChange={(e) => setValue(e.target.value)} />
          )}
        </FormField>
        <button type="submit" className={buttonClass.secondary} disabled={use.isPending}>
          {use.isPending ? '適用中…' : 'ポイントを使う'}
        </button>
      </form>
    </section>
  );
}

function CardForm({
  value,
  errors,
  onChange,
}: {
  value: CardFields;
  errors: CardErrors;
  onChange: (next: CardFields) => void;
}) {
  const set = (patch: Partial<CardFields>) => onChange({ ...value, ...patch });
  const year = new Date().getFullYear();
  return (
    <div className={styles.box}>
      <FormField label="カード番号" required error={errors.number} hint="半角数字（例：4242 4242 4242 4242）">
        {(c) => (
          <input
            {...c}
            type="text"
            inputMode="numeric"
            autoComplete="cc-number"
            value={value.number}
            onChange={(e) => set({ number: e.target.value })}
          />
        )}
      </FormField>
      <FormField label="カード名義" required error={errors.holder_name} hint="半角英字（例：TARO YAMADA）">
        {(c) => (
          <input
            {...c}
            type="text"
            autoComplete="cc-name"
            value={value.holder_name}
            onChange={(e) => set({ holder_name: e.target.value })}
          />
        )}
      </FormField>
      <div className={controlClass.row}>
        <FormField label="有効期限（月）" required error={errors.expiration}>
          {(c) => (
            <select
              {...c}
              className={controlClass.select}
              autoComplete="cc-exp-month"
              value={value.exp_month}
              onChange={(e) => set({ exp_month: e.target.value })}
            >
              <option value="">月</option>
              {Array.from({ length: 12 }, (_, i) => String(i + 1)).map((m) => (
                <option key={m} value={m}>
                  {m.padStart(2, '0')}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="有効期限（年）" required>
          {(c) => (
            <select
              {...c}
              className={controlClass.select}
              autoComplete="cc-exp-year"
              value={value.exp_year}
              onChange={(e) => set({ exp_year: e.target.value })}
            >
              <option value="">年</option>
              {Array.from({ length: 12 }, (_, i) => String(year + i)).map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <FormField label="セキュリティコード" required error={errors.security_code} hint="カード裏面の3桁または4桁の数字">
        {(c) => (
          <input
            {...c}
            type="password"
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            value={value.security_code}
            onChange={(e) => set({ security_code: e.target.value })}
          />
        )}
      </FormField>
    </div>
  );
}

/**
 * The gateway's test numbers and what each does (approved, declined, 本人認証 …), as the gateway
 * describes them; the list is empty for a live account.
 */
function TestCards({ cards }: { cards: CardService['test_cards'] }) {
  if (cards.length === 0) return null;
  return (
    <details className={styles.section}>
      <summary>テスト用のカード番号</summary>
      <ul className={styles.splitItems} aria-label="テスト用のカード番号">
        {cards.map((c) => (
          <li key={c.number}>
            {c.number}：{c.description}
          </li>
        ))}
      </ul>
    </details>
  );
}

function PaymentForm({ cart, methods, cards }: { cart: Cart; methods: CartPaymentOption[]; cards: SavedCard[] }) {
  const navigate = useNavigate();
  const order = cart.detail.order;
  const firstAvailable = methods.find((m) => m.is_available)?.id ?? '';
  const current =
    order.payment_method && methods.some((m) => m.id === order.payment_method?.id && m.is_available)
      ? order.payment_method.id
      : firstAvailable;
  const [methodId, setMethodId] = useState(current);
  const mainCard = cards.find((c) => order.card?.id === c.id) ?? cards.find((c) => c.is_main) ?? cards[0];
  const [cardChoice, setCardChoice] = useState<string>(mainCard?.id ?? NEW_CARD);
  const [card, setCard] = useState<CardFields>(EMPTY_CARD);
  const [cardErrors, setCardErrors] = useState<CardErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [tokenizing, setTokenizing] = useState(false);
  const service = useQuery({ ...cardServiceQuery(), enabled: methods.some(isCardMethod) });
  const method = methods.find((m) => m.id === methodId);

  const save = useCartAction((token, body: { payment_method_id: string; card_id?: string; card_token?: string }) =>
    patchCart('/v1/carts/order/modify', { token, ...body }),
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (!method?.is_available) {
      setFormError('お支払い方法を選択してください。');
      return;
    }
    let body: { payment_method_id: string; card_id?: string; card_token?: string } = { payment_method_id: method.id };
    if (isCardMethod(method)) {
      if (cardChoice !== NEW_CARD) {
        body = { ...body, card_id: cardChoice };
      } else {
        const errors = checkCard(card);
        setCardErrors(errors);
        if (Object.keys(errors).length > 0) return;
        if (service.data === null) {
          setFormError(CARDS_UNAVAILABLE_MESSAGE);
          return;
        }
        if (!service.data) {
          setFormError('カード決済の準備ができていません。時間をおいて再度お試しください。');
          return;
        }
        setTokenizing(true);
        try {
          const issued = await tokenizeCard(
            {
              number: card.number,
              holder_name: card.holder_name,
              exp_month: Number(card.exp_month),
              exp_year: Number(card.exp_year),
              security_code: card.security_code,
            },
            service.data,
          );
          body = { ...body, card_token: issued.token };
        } catch (error) {
          if (error instanceof ApiError && Object.keys(error.errors).length > 0) {
            const e = error.errors;
            setCardErrors({
              number: e.number?.[0],
              holder_name: e.holder_name?.[0],
              expiration: e.expiration?.[0] ?? e.exp_month?.[0] ?? e.exp_year?.[0],
              security_code: e.security_code?.[0],
            });
          } else {
            setFormError(cardErrorMessage(error));
          }
          return;
        } finally {
          setTokenizing(false);
        }
      }
    }
    save.mutate(body, { onSuccess: () => navigate('/cart/confirm') });
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-label="お支払い方法の選択">
      <FormAlert message={formError} />
      <fieldset className={styles.section}>
        <legend className={styles.sectionTitle}>お支払い方法</legend>
        <ul className={styles.choiceList}>
          {methods.map((m) => (
            <li key={m.id}>
              <label className={styles.choice}>
                <input
                  type="radio"
                  name="payment_method"
                  value={m.id}
                  checked={methodId === m.id}
                  disabled={!m.is_available}
                  onChange={() => setMethodId(m.id)}
                />
                <span className={styles.choiceText}>
                  <span>
                    {m.name}
                    {m.fee > 0 ? (
                      <>
                        （手数料 <Price value={m.fee} />）
                      </>
                    ) : null}
                  </span>
                  {m.description ? <span className={styles.muted}>{m.description}</span> : null}
                  {!m.is_available && m.unavailable_reason ? (
                    <span className={styles.muted}>{m.unavailable_reason}</span>
                  ) : null}
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>

      {isCardMethod(method) ? (
        <fieldset className={styles.section}>
          <legend className={styles.sectionTitle}>お支払いに使うカード</legend>
          {cards.length > 0 ? (
            <ul className={styles.choiceList}>
              {cards.map((c) => (
                <li key={c.id}>
                  <label className={styles.choice}>
                    <input
                      type="radio"
                      name="card"
                      value={c.id}
                      checked={cardChoice === c.id}
                      onChange={() => setCardChoice(c.id)}
                    />
                    <span className={styles.choiceText}>
                      <span>
                        {c.brand} {c.masked_number}
                      </span>
                      <span className={styles.muted}>
                        有効期限 {c.expiration} ／ {c.holder_name}
                      </span>
                    </span>
                  </label>
                </li>
              ))}
              <li>
                <label className={styles.choice}>
                  <input
                    type="radio"
                    name="card"
                    value={NEW_CARD}
                    checked={cardChoice === NEW_CARD}
                    onChange={() => setCardChoice(NEW_CARD)}
                  />
                  <span className={styles.choiceText}>新しいカードを使う</span>
                </label>
              </li>
            </ul>
          ) : null}
          {cardChoice === NEW_CARD ? (
            <>
              <CardForm value={card} errors={cardErrors} onChange={setCard} />
              <TestCards cards={service.data?.test_cards ?? []} />
            </>
          ) : null}
          <p className={styles.muted}>カード情報は決済代行会社へ直接送信され、当店には保存されません。</p>
        </fieldset>
      ) : null}

      <div className={styles.actions}>
        <SubmitButton pending={save.isPending || tokenizing}>ご注文内容の確認へ</SubmitButton>
        <Link to="/cart/shipping-detail" className={buttonClass.secondary}>
          お届け方法に戻る
        </Link>
      </div>
    </form>
  );
}

function PaymentStep({ cart }: { cart: Cart }) {
  const { isLogin } = useSession();
  const methods = useQuery(paymentsQuery(cart.token));
  const cards = useQuery({ ...savedCardsQuery(), enabled: isLogin });
  const corporate = useSettings()['SITE.IS_CORPORATE'];
  useCartQueryError(methods.error);
  if (methods.isPending || (isLogin && cards.isPending)) return <LoadingBlock label="お支払い方法を読み込み中" />;
  if (methods.isError) {
    return (
      <p role="alert" className={styles.alert}>
        お支払い方法を読み込めませんでした。
      </p>
    );
  }
  return (
    <div className={styles.layout}>
      <div>
        <TransactionError cart={cart} />
        <NoticeSlot code="cart_payment" />
        {isLogin && !corporate ? <PointsBox cart={cart} /> : null}
        <PaymentForm cart={cart} methods={methods.data} cards={cards.data ?? []} />
      </div>
      <OrderTotals totals={cart.detail.order} />
    </div>
  );
}

export function PaymentPage() {
  const state = useCheckoutCart();
  return (
    <CheckoutFrame title="お支払い方法の選択" step="payment">
      <CheckoutGate state={state}>{(cart) => <PaymentStep cart={cart} />}</CheckoutGate>
    </CheckoutFrame>
  );
}

export { PaymentPage as Component };
