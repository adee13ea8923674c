import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent, type Ref } from 'react';
import { Link, useLocation } from 'react-router';
import { LOGIN_PATH } from '../../api/client';
import { ApiError, isSilentError } from '../../lib/api-error';
import type { ReviewStatus, ProductDetail } from '../../api/types';
import { patchSession, useSession } from '../../api/session';
import { FieldGroup, FormAlert, FormField, SubmitButton, buttonClass, controlClass } from '../../ui/form-field';
import {
  BODY_MAX,
  BODY_MIN,
  EMPTY_REVIEW,
  NICKNAME_MAX,
  REVIEW_FIELDS,
  TITLE_MAX,
  checkReview,
  serverReviewErrors,
  toReviewInput,
  type ReviewErrors,
  type ReviewFields,
} from './review-rules';
import { ALREADY_POSTED_CODE, postReview, refreshReviews } from './review-queries';
import styles from './product-reviews.module.css';

export const REVIEW_TEXTS = {
  loginFirst: 'レビューを書くにはログインしてください',
  published: 'レビューを投稿しました',
  pending: 'レビューはショップの確認後に掲載されます',
  failed: 'エラーが発生しました。時間をおいて再度お試しください。',
} as const;

const STARS = [1, 2, 3, 4, 5] as const;

type Outcome = { kind: 'posted'; status: ReviewStatus } | { kind: 'already'; message: string };

/** 評価: five radio buttons drawn as stars (the chosen one and those before it filled). */
function RatingStars({
  value,
  error,
  onChange,
  firstRef,
}: {
  value: string;
  error?: string;
  onChange: (value: string) => void;
  firstRef: Ref<HTMLInputElement>;
}) {
  const name = useId();
  const rating = Number(value) || 0;
  return (
    <FieldGroup legend="評価" required error={error}>
      <div className={styles.rating}>
        {STARS.map((n) => {
          const id = `${name}-${n}`;
          return (
            <span key={n} className={styles.ratingStar}>
              <input
                ref={n === 1 ? firstRef : undefined}
                id={id}
                type="radio"
                name={name}
                value={String(n)}
                checked={value === String(n)}
                aria-invalid={error ? true : undefined}
                className={styles.ratingInput}
                onChange={() => onChange(String(n))}
              />
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
  const [fields, setFields] = useState<ReviewFields>(EMPTY_REVIEW);
  const [errors, setErrors] = useState<ReviewErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const controls = useRef<Partial<Record<keyof ReviewFields, HTMLElement | null>>>({});
  const bind = (name: keyof ReviewFields) => (element: HTMLElement | null) => {
    controls.current[name] = element;
  };
  const set = (name: keyof ReviewFields) => (value: string) => {
    setFields((prev) => ({ ...prev, [name]: value }));
    if (errors[name]) setErrors((prev) => ({ ...prev, [name]: undefined }));
  };
  const focusFirst = (found: ReviewErrors) => {
    const first = REVIEW_FIELDS.find((name) => found[name]);
    if (first) controls.current[first]?.focus();
  };

  // Opened by 「レビューを書く」: the person goes on from the first star.
  useEffect(() => controls.current.rating?.focus(), []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found = checkReview(fields);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    setPending(true);
    try {
      const posted = await postReview(product.id, toReviewInput(fields));
      void refreshReviews(client, product.key);
      onDone({ kind: 'posted', status: posted.status });
    } catch (error) {
      if (isSilentError(error)) return;
      if (error instanceof ApiError && error.code === ALREADY_POSTED_CODE) {
        onDone({ kind: 'already', message: error.message });
        return;
      }
      const server = error instanceof ApiError ? serverReviewErrors(error.errors) : { fields: {}, rest: [] };
      setErrors(server.fields);
      focusFirst(server.fields);
      const named = Object.keys(server.fields).length > 0;
      setFormError(
        server.rest.length > 0
          ? server.rest.join('\n')
          : named
            ? null
            : error instanceof ApiError && error.message
              ? error.message
              : REVIEW_TEXTS.failed,
      );
    } finally {
      setPending(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="レビューを書く" className={styles.form}>
      <FormAlert message={formError} />
      <RatingStars value={fields.rating} error={errors.rating} onChange={set('rating')} firstRef={bind('rating')} />
      <FormField label="タイトル" required hint={`${TITLE_MAX}文字以内`} error={errors.title}>
        {(control) => (
          <input
            {...control}
            ref={bind('title')}
            type="text"
            autoComplete="off"
            value={fields.title}
            onChange={(e) => set('title')(e.target.value)}
          />
        )}
      </FormField>
      <FormField label="本文" required hint={`${BODY_MIN}〜${BODY_MAX}文字`} error={errors.body}>
        {(control) => (
          <textarea
            {...control}
            ref={bind('body')}
            className={controlClass.textarea}
            rows={5}
            value={fields.body}
            onChange={(e) => set('body')(e.target.value)}
          />
        )}
      </FormField>
      <FormField
        label="ニックネーム"
        required={false}
        hint={`${NICKNAME_MAX}文字以内。空欄のときは、お名前（姓）に「さん」を付けて表示します`}
        error={errors.nickname}
      >
        {(control) => (
          <input
            {...control}
            ref={bind('nickname')}
            type="text"
            autoComplete="nickname"
            value={fields.nickname}
            onChange={(e) => set('nickname')(e.target.value)}
          />
        )}
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
