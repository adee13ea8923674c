/**
 * ソーシャルギフト in the checkout (docs/social-gift-api.md, "Buyer side"): on /cart the buyer
 * chooses 「ソーシャルギフトで贈る」 with the recipient's name, the sender's name and a message
 * (PATCH /v1/carts/social/receiver); the later steps then ask no address, date or time slot —
 * the recipient chooses them within `days` days — and show what the gift is, with a way back to
 * an ordinary order.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { applyMutationErrors } from '../../lib/form-errors';
import { maxLength, zRule } from '../../lib/validators';
import { FormAlert, FormField, SubmitButton, buttonClass, controlClass } from '../../ui/form-field';
import { Price } from '../../ui/price';
import { patchCart, useCartAction } from './cart-api';
import type { Cart, CartSocialGift, GiftReceiver, SocialReceiverBody } from './cart-types';
import styles from './cart.module.css';

export const GIFT_CHOICE_LABEL = 'ソーシャルギフトで贈る（お届け先はお相手が入力）';
export const RECEIVER_NAME_MAX = 30;
export const SENDER_NAME_MAX = 30;
export const GIFT_MESSAGE_MAX = 200;
export const GIFT_DRAFT_NOTE = 'ギフトの内容を保存してから、レジにお進みください。';

/** The cart's gift offer, or null when the server says nothing of it. */
export function giftOf(cart: Cart | null | undefined): CartSocialGift | null {
  return cart?.social_gift ?? null;
}

/** The cart is a gift: no address, date or time slot is asked of the buyer. */
export function isGiftCart(cart: Cart | null | undefined): boolean {
  return Boolean(giftOf(cart)?.receiver);
}

/** Characters as the server counts them (code points: 𠮷 and 😀 are one each). */
export const charCount = (value: string): number => [...value].length;

const limit = (max: number) => (value: string) => maxLength(value, max);

export const giftSchema = z.object({
  receiver_name: zRule(limit(RECEIVER_NAME_MAX)),
  sender_name: zRule(limit(SENDER_NAME_MAX), { optional: true }),
  message: zRule(limit(GIFT_MESSAGE_MAX), { optional: true }),
});

export type GiftFields = z.infer<typeof giftSchema>;

export function giftBody(token: string, fields: GiftFields): SocialReceiverBody {
  return {
    token,
    is_social_gift: true,
    receiver_name: fields.receiver_name.trim(),
    sender_name: fields.sender_name.trim(),
    message: fields.message.trim(),
  };
}

const GIFT_FIELDS = ['receiver_name', 'sender_name', 'message'] as const;

/** PATCH /v1/carts/social/receiver {is_social_gift: false}: an ordinary order again. */
export function useStopGift() {
  return useCartAction<void>((token) =>
    patchCart('/v1/carts/social/receiver', { token, is_social_gift: false } satisfies SocialReceiverBody),
  );
}

/** 「お届け先とお届け日時はお相手が…」: what a gift changes for the buyer. */
export function GiftNotice({ gift }: { gift: CartSocialGift }) {
  return (
    <div className={styles.giftNotice}>
      <p>
        お届け先とお届け日時は、ご注文後にお送りするURLからお相手が入力します（ご注文から{gift.days}
        日以内）。お届け先のご入力は不要です。
      </p>
      <p>
        ソーシャルギフトの送料は <Price value={gift.carriage} /> です。
      </p>
    </div>
  );
}

function ReceiverFacts({ receiver }: { receiver: GiftReceiver }) {
  return (
    <dl className={styles.dl}>
      <dt>お相手</dt>
      <dd>{receiver.receiver_name} 様</dd>
      <dt>差出人</dt>
      <dd>{receiver.sender_name || 'ご注文者のお名前'}</dd>
      <dt>メッセージ</dt>
      <dd className={styles.giftMessage}>{receiver.message || 'なし'}</dd>
    </dl>
  );
}

function GiftForm({
  receiver,
  onSaved,
  onCancel,
}: {
  receiver: GiftReceiver | null;
  onSaved: () => void;
  onCancel?: () => void;
}) {
  const form = useForm<GiftFields>({
    resolver: zodResolver(giftSchema),
    defaultValues: {
      receiver_name: receiver?.receiver_name ?? '',
      sender_name: receiver?.sender_name ?? '',
      message: receiver?.message ?? '',
    },
  });
  const { register, formState, watch } = form;
  const [formError, setFormError] = useState<string | null>(null);
  const save = useCartAction((token, fields: GiftFields) =>
    patchCart('/v1/carts/social/receiver', giftBody(token, fields)),
  );
  const count = charCount(watch('message') ?? '');

  const onSubmit = form.handleSubmit(async (fields) => {
    setFormError(null);
    try {
      await save.mutateAsync(fields);
      onSaved();
    } catch (error) {
      setFormError(applyMutationErrors(error, form.setError, GIFT_FIELDS, { headline: true }));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="ソーシャルギフトの内容" className={styles.giftForm}>
      <FormAlert message={formError} />
      <FormField
        label="お相手のお名前・ニックネーム"
        required
        error={formState.errors.receiver_name?.message}
        hint={`${RECEIVER_NAME_MAX}文字以内。ギフトの画面でお相手に表示されます。`}
      >
        {(c) => <input {...c} {...register('receiver_name')} type="text" autoComplete="off" />}
      </FormField>
      <FormField
        label="差出人名"
        error={formState.errors.sender_name?.message}
        hint={`${SENDER_NAME_MAX}文字以内。空欄の場合はご注文者のお名前になります。`}
      >
        {(c) => <input {...c} {...register('sender_name')} type="text" autoComplete="off" />}
      </FormField>
      <FormField
        label="メッセージ"
        error={formState.errors.message?.message}
        hint={
          <span className={count > GIFT_MESSAGE_MAX ? styles.overLimit : undefined}>
            {count}/{GIFT_MESSAGE_MAX}文字
          </span>
        }
      >
        {(c) => <textarea {...c} {...register('message')} className={controlClass.textarea} rows={4} />}
      </FormField>
      <div className={styles.inlineForm}>
        <SubmitButton pending={save.isPending} pendingLabel="保存中…">
          {receiver ? 'ギフトの内容を更新する' : 'ギフトの内容を保存する'}
        </SubmitButton>
        {onCancel ? (
          <button type="button" className={buttonClass.secondary} onClick={onCancel}>
            変更をやめる
          </button>
        ) : null}
      </div>
    </form>
  );
}

/**
 * /cart: the choice and its form. `onDraftChange(true)` while the form is open and unsaved, so
 * that 「レジに進む」 waits for it (the gift is only what the server has saved).
 */
export function GiftChoice({ cart, onDraftChange }: { cart: Cart; onDraftChange: (open: boolean) => void }) {
  const gift = giftOf(cart);
  const receiver = gift?.receiver ?? null;
  const [draft, setDraft] = useState(false);
  const [editing, setEditing] = useState(false);
  const stop = useStopGift();
  const titleId = useId();
  const reasonId = useId();
  if (!gift?.offered) return null;

  const open = (value: boolean) => {
    setDraft(value);
    onDraftChange(value);
  };
  const edit = (value: boolean) => {
    setEditing(value);
    onDraftChange(value);
  };
  const checked = receiver !== null || draft;
  const toggle = (next: boolean) => {
    if (next) {
      open(true);
    } else if (receiver) {
      edit(false);
      stop.mutate();
    } else {
      open(false);
    }
  };

  return (
    <section className={`${styles.section} ${styles.box}`} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.sectionTitle}>
        ソーシャルギフト
      </h2>
      <label className={styles.choice}>
        <input
          type="checkbox"
          checked={checked}
          disabled={(!gift.allowed && !receiver) || stop.isPending}
          aria-describedby={!gift.allowed ? reasonId : undefined}
          onChange={(event) => toggle(event.target.checked)}
        />
        <span className={styles.choiceText}>
          <span>{GIFT_CHOICE_LABEL}</span>
          <span className={styles.muted}>
            お相手の住所を知らなくても、URLをLINEやメールで送るだけでギフトを贈れます。
          </span>
        </span>
      </label>
      {!gift.allowed && gift.unavailable_reason ? (
        <p id={reasonId} className={styles.muted}>
          {gift.unavailable_reason}
        </p>
      ) : null}
      {checked ? <GiftNotice gift={gift} /> : null}
      {receiver && !editing ? (
        <>
          <ReceiverFacts receiver={receiver} />
          <p>
            <button type="button" className={styles.linkButton} onClick={() => edit(true)}>
              ギフトの内容を変更する
            </button>
          </p>
        </>
      ) : null}
      {(receiver && editing) || (!receiver && draft) ? (
        <GiftForm
          receiver={receiver}
          onSaved={() => {
            setDraft(false);
            setEditing(false);
            onDraftChange(false);
          }}
          onCancel={receiver ? () => edit(false) : undefined}
        />
      ) : null}
    </section>
  );
}

/**
 * The later steps and the confirm page: what the gift is, that no address is needed, and the
 * ways to change it (/cart) or to make the order an ordinary one again.
 */
export function GiftSummary({ cart, headingLevel = 2 }: { cart: Cart; headingLevel?: 2 | 3 }) {
  const gift = giftOf(cart);
  const stop = useStopGift();
  const titleId = useId();
  if (!gift?.receiver) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className={`${styles.section} ${styles.box}`} aria-labelledby={titleId}>
      <Heading id={titleId} className={styles.sectionTitle}>
        ソーシャルギフト
      </Heading>
      <ReceiverFacts receiver={gift.receiver} />
      <GiftNotice gift={gift} />
      <p className={styles.inlineForm}>
        <Link to="/cart">ギフトの内容を変更する</Link>
        <button type="button" className={styles.linkButton} disabled={stop.isPending} onClick={() => stop.mutate()}>
          {stop.isPending ? '変更中…' : 'ソーシャルギフトをやめる（お届け先を自分で入力する）'}
        </button>
      </p>
    </section>
  );
}
