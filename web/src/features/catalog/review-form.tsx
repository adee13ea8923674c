import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { ApiError, LOGIN_PATH } from '../../api/client';
import type { ReviewStatus } from '../../api/memorial-size-review-types';
import type { ProductDetail } from '../../api/types';
import { applyServerErrors } from '../../lib/form-errors';
import { patchSession, useSession } from '../../lib/session';
import { FieldGroup, FormAlert, FormField, SubmitButton, buttonClass, controlClass } from '../../ui/form-field';
import {
  BODY_MAX,
  BODY_MIN,
  EMPTY_REVIEW,
  NICKNAME_MAX,
  REVIEW_FIELD_NAMES,
  TITLE_MAX,
  reviewSchema,
  toReviewInput,
  type ReviewFields,
} from './review-form-schema';
import { ALREADY_POSTED_CODE, postReview, refreshReviews } from './review-queries';
import styles from './product-reviews.module.css';

export const REVIEW_TEXTS = {
  loginFirst: 'レビューを書くにはログインしてください',
  published: 'レビューを投稿しました',
  pending: 'レビューはショップの確認後に掲載されます',
} as const;

const STARS = [1, 2, 3, 4, 5] as const;

type Outcome = { kind: 'posted'; status: ReviewStatus } | { kind: 'already'; message: string };

/** 評価: five radio buttons drawn as stars (the chosen one and those before it filled). */
function RatingStars({
  register,
  rating,
  error,
}: {
  register: ReturnType<typeof useForm<ReviewFields>>['register'];
  rating: number;
  error?: string;
}) {
  const name = useId();
  return (
    <FieldGroup legend="評価" required error={error}>
      <div className={styles.rating}>
        {STARS.map((n) => {
          const id = `${name}-${n}`;
          return (
            <span key={n} className={styles.ratingStar}>
              <input id={id} type="radio" value={String(n)} className={styles.ratingInput} {...register('rating')} />
              <label
                htmlFor={id}
                className={n <= rating ? `${styles.ratingLabel} ${styles.ratingOn}` : styles.ratingLabel}
              >
                <span aria-hidden="true">★</span>
                <span className="visually-hidden">星{n}つ</span>
              </label>
            </span>
          );
        })}
        <span className={styles.ratingValue} aria-hidden="true">
          {rating > 0 ? `${rating} / 5` : ''}
        </span>
      </div>
    </FieldGroup>
  );
}

function ReviewForm({
  product,
  onDone,
  onCancel,
}: {
  product: ProductDetail;
  onDone: (outcome: Outcome) => void;
  onCancel: () => void;
}) {
  const client = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    watch,
    formState: { errors },
  } = useForm<ReviewFields>({ resolver: zodResolver(reviewSchema), defaultValues: EMPTY_REVIEW });
  const rating = Number(watch('rating')) || 0;
  // Opened by 「レビューを書く」: the person goes on from the first star.
  useEffect(() => setFocus('rating'), [setFocus]);

  const onSubmit = handleSubmit(async (fields) => {
    setFormError(null);
    setPending(true);
    try {
      const posted = await postReview(product.id, toReviewInput(fields));
      void refreshReviews(client, product.key);
      onDone({ kind: 'posted', status: posted.status });
    } catch (error) {
      if (error instanceof ApiError && error.code === ALREADY_POSTED_CODE) {
        onDone({ kind: 'already', message: error.message });
      } else {
        setFormError(applyServerErrors(error, setError, REVIEW_FIELD_NAMES));
      }
    } finally {
      setPending(false);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="レビューを書く" className={styles.form}>
      <FormAlert message={formError} />
      <RatingStars register={register} rating={rating} error={errors.rating?.message} />
      <FormField label="タイトル" required hint={`${TITLE_MAX}文字以内`} error={errors.title?.message}>
        {(control) => <input {...control} {...register('title')} type="text" autoComplete="off" />}
      </FormField>
      <FormField label="本文" required hint={`${BODY_MIN}〜${BODY_MAX}文字`} error={errors.body?.message}>
        {(control) => <textarea {...control} {...register('body')} className={controlClass.textarea} rows={5} />}
      </FormField>
      <FormField
        label="ニックネーム"
        required={false}
        hint={`${NICKNAME_MAX}文字以内。空欄のときは、お名前（姓）に「さん」を付けて表示します`}
        error={errors.nickname?.message}
      >
        {(control) => <input {...control} {...register('nickname')} type="text" autoComplete="nickname" />}
      </FormField>
      <div className={styles.formActions}>
        <SubmitButton pending={pending} pendingLabel="投稿中…">
          投稿する
        </SubmitButton>
        <button type="button" className={buttonClass.secondary} onClick={onCancel} disabled={pending}>
          キャンセル
        </button>
      </div>
    </form>
  );
}

/**
 * The review form for members (behind 「レビューを書く」), what became of the review once sent,
 * or, for visitors, the way to log in and come back here.
 */
export function ReviewComposer({ product }: { product: ProductDetail }) {
  const { isLogin } = useSession();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const closed = useRef(false);
  // After キャンセル, focus goes back to the button that opened the form.
  useEffect(() => {
    if (!open && closed.current) opener.current?.focus();
  }, [open]);

  if (!isLogin) {
    return (
      <p className={styles.loginNote}>
        {REVIEW_TEXTS.loginFirst}。
        <Link
          to={LOGIN_PATH}
          onClick={() => patchSession({ redirectUrl: `${location.pathname}${location.search}` })}
          className={styles.loginLink}
        >
          ログインしてレビューを書く
        </Link>
      </p>
    );
  }
  if (outcome?.kind === 'posted') {
    return (
      <p role="status" className={styles.done}>
        {outcome.status === 'pending' ? REVIEW_TEXTS.pending : REVIEW_TEXTS.published}
      </p>
    );
  }
  if (outcome?.kind === 'already') {
    return (
      <p role="alert" className={styles.done}>
        {outcome.message}
      </p>
    );
  }
  return (
    <div className={styles.composer}>
      {open ? (
        <ReviewForm
          product={product}
          onDone={setOutcome}
          onCancel={() => {
            closed.current = true;
            setOpen(false);
          }}
        />
      ) : (
        <button ref={opener} type="button" className={buttonClass.secondary} onClick={() => setOpen(true)}>
          レビューを書く
        </button>
      )}
    </div>
  );
}
