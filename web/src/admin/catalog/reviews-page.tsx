/**
 * レビュー管理: the reviews members wrote, by tab — 承認待ち (the default, with its count) / 公開中 /
 * 非公開 / すべて — and a keyword (商品名・商品コード・ニックネーム・タイトル・本文), both kept in
 * the address (?status&q&page). Each review is a card: its stars, title, body as written (plain
 * text, line breaks kept), nickname, 購入者, the product (linking to its form), when it was
 * posted (Japan time) and its state. Staff whose role may edit the catalogue (`catalog_edit`)
 * publish, hide or delete (after a question) it; a change sends the version shown, and when
 * someone else changed the review first (409) the card says so and offers to read the list again.
 */
import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { maxLength } from '../../lib/validators';
import { errorText, fieldError } from '../api/admin-client';
import { useCan } from '../api/session-queries';
import { Badge, type BadgeTone } from '../ui/badge';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { DateTime } from '../ui/date-time';
import { filterBar } from '../ui/filter-bar';
import { Field, FormAlert, StatusNotice, ui } from '../ui/form';
import { Pager } from '../ui/pager';
import { StaleNotice } from '../ui/stale-notice';
import { LoadFailed, Loading } from '../ui/query-state';
import {
  isReviewStale,
  type ReviewFilter,
  readReviewFilter,
  reviewCountsQuery,
  reviewListQuery,
  reviewSearch,
  useDeleteReview,
  useReloadReviews,
  useSetReviewStatus,
} from './reviews-queries';
import { type AdminReview, REVIEW_TABS, type ReviewState, STATE_LABELS } from './reviews-types';
import productStyles from './products.module.css';
import styles from './reviews.module.css';

export function ReviewsPage() {
  if (!useCan()('catalog_view')) {
    return (
      <>
        <title>レビュー管理 | 管理画面</title>
        <h1>レビュー管理</h1>
        <p role="alert">レビューを閲覧する権限がありません。</p>
      </>
    );
  }
  return <ReviewDesk />;
}

function ReviewDesk() {
  const mayEdit = useCan()('catalog_edit');
  const [params, setParams] = useSearchParams();
  const filter = readReviewFilter(params);
  const list = useQuery(reviewListQuery(filter));
  const [notice, setNotice] = useState<string | null>(null);
  const searchKey = params.toString();
  // Another tab, search or page: the last change's notice was about the list left behind.
  useEffect(() => {
    setNotice(null);
  }, [searchKey]);
  const tabLabel = REVIEW_TABS.find((tab) => tab.code === filter.status)?.label ?? STATE_LABELS.pending;

  return (
    <>
      <title>{`レビュー管理（${tabLabel}） | 管理画面`}</title>
      <div className={productStyles.heading}>
        <h1>レビュー管理</h1>
      </div>
      <StatusTabs filter={filter} />
      <SearchForm filter={filter} error={list.error} onSearch={(search) => setParams(new URLSearchParams(search))} />
      {mayEdit ? null : (
        <p className={productStyles.hint}>レビューを公開・非公開にする権限がないため、閲覧のみできます。</p>
      )}
      <StatusNotice message={notice} />

      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        fieldError(list.error, 'q') || fieldError(list.error, 'status') ? null : (
          <LoadFailed error={list.error} />
        )
      ) : list.data.items.length === 0 ? (
        <p className={styles.empty}>該当するレビューはありません。</p>
      ) : (
        <>
          <ul className={styles.list} aria-label={`レビュー一覧（${tabLabel}）`}>
            {list.data.items.map((review) => (
              <li key={review.id}>
                <ReviewCard review={review} mayEdit={mayEdit} onDone={setNotice} />
              </li>
            ))}
          </ul>
          <Pager pagination={list.data.pagination} />
        </>
      )}
    </>
  );
}

function StatusTabs({ filter }: { filter: ReviewFilter }) {
  const counts = useQuery(reviewCountsQuery());
  return (
    <nav aria-label="レビューの状態の絞り込み">
      <ul className={productStyles.tabs}>
        {REVIEW_TABS.map((tab) => (
          <li key={tab.code}>
            <Link
              to={{ search: reviewSearch({ ...filter, status: tab.code }) }}
              className={`${productStyles.tab} ${styles.tab}`}
              aria-current={tab.code === filter.status ? 'page' : undefined}
            >
              {tab.label}
              {tab.code === 'pending' && counts.data ? (
                <span className={styles.count}>
                  {counts.data.pending}
                  <span className="visually-hidden">件</span>
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const Q_MAX = 100;

interface SearchFormProps {
  filter: ReviewFilter;
  /** The list's error: a 422 names the search field it is about. */
  error: unknown;
  onSearch: (search: string) => void;
}

function SearchForm({ filter, error, onSearch }: SearchFormProps) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<{ q: string }>({ defaultValues: { q: filter.q } });
  // Back/forward (or a tab) changes the address: the box follows it.
  useEffect(() => {
    reset({ q: filter.q });
  }, [filter.q, reset]);

  return (
    <form
      noValidate
      aria-label="レビューの検索"
      className={productStyles.search}
      onSubmit={handleSubmit(({ q }) => onSearch(reviewSearch({ status: filter.status, q })))}
    >
      <div className={filterBar.fields}>
        <Field
          label="キーワード"
          hint="商品名・商品コード・ニックネーム・タイトル・本文から探します。"
          error={errors.q?.message ?? fieldError(error, 'q') ?? fieldError(error, 'status')}
        >
          {(control) => (
            <input
              {...control}
              type="search"
              {...register('q', { validate: (value) => maxLength(value.trim(), Q_MAX) ?? true })}
            />
          )}
        </Field>
      </div>
      <div className={filterBar.actions}>
        <button type="submit" className={ui.button}>
          検索
        </button>
        {filter.q ? (
          <Link to={{ search: reviewSearch({ ...filter, q: '' }) }} className={ui.secondary}>
            条件をクリア
          </Link>
        ) : null}
      </div>
    </form>
  );
}

const STATE_TONES: Record<ReviewState, BadgeTone> = {
  pending: 'open',
  published: 'member',
  hidden: 'closed',
};

/** ★★★★☆ read out as 「5段階中4」. */
function Stars({ rating }: { rating: number }) {
  const filled = Math.max(0, Math.min(5, Math.round(rating)));
  return (
    <span role="img" aria-label={`5段階中${filled}`} className={styles.stars}>
      <span aria-hidden="true">{'★'.repeat(filled)}</span>
      <span aria-hidden="true" className={styles.emptyStars}>
        {'★'.repeat(5 - filled)}
      </span>
    </span>
  );
}

const STALE_TEXT = '他の担当者がこのレビューを先に変更しました。最新の内容を読み込んでから、もう一度操作してください。';

interface ReviewCardProps {
  review: AdminReview;
  mayEdit: boolean;
  /** What the page says once a change is done. */
  onDone: (notice: string) => void;
}

function ReviewCard({ review, mayEdit, onDone }: ReviewCardProps) {
  const titleId = useId();
  const setStatus = useSetReviewStatus();
  const remove = useDeleteReview();
  const [failure, setFailure] = useState<unknown>(null);
  const [confirming, setConfirming] = useState(false);
  const busy = setStatus.isPending || remove.isPending;

  const change = (status: 'published' | 'hidden') => {
    setFailure(null);
    setStatus.mutate(
      { id: review.id, status, version: review.version },
      {
        onSuccess: () =>
          onDone(
            status === 'published' ? `「${review.title}」を公開しました。` : `「${review.title}」を非公開にしました。`,
          ),
        onError: setFailure,
      },
    );
  };

  const confirmDelete = () => {
    setFailure(null);
    remove.mutate(
      { id: review.id, version: review.version },
      {
        onSuccess: () => {
          setConfirming(false);
          onDone(`「${review.title}」を削除しました。`);
        },
        onError: (error) => {
          setConfirming(false);
          setFailure(error);
        },
      },
    );
  };

  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <div className={styles.head}>
        <Stars rating={review.rating} />
        <Badge tone={STATE_TONES[review.status]}>{STATE_LABELS[review.status]}</Badge>
      </div>
      <h2 id={titleId} className={styles.title}>
        {review.title}
      </h2>
      <p className={styles.body}>{review.body}</p>
      <p className={styles.meta}>
        <span>{review.nickname}</span>
        {review.is_purchaser ? <Badge tone="member">購入者</Badge> : null}
        <span>
          投稿日時 <DateTime value={review.created_at} />
        </span>
      </p>
      <p className={styles.product}>
        <Link to={`/admin/products/${encodeURIComponent(review.product_id)}`} className={styles.productName}>
          {review.product_name}
        </Link>
        <span className={styles.code}>商品コード {review.product_code}</span>
      </p>

      {failure ? (
        <Failure
          error={failure}
          onReloaded={() => {
            setFailure(null);
            onDone('最新の内容を読み込みました。');
          }}
        />
      ) : null}

      {mayEdit ? (
        <div className={styles.actions}>
          {review.status !== 'published' ? (
            <button type="button" className={ui.button} disabled={busy} onClick={() => change('published')}>
              公開する
            </button>
          ) : null}
          {review.status !== 'hidden' ? (
            <button type="button" className={ui.secondary} disabled={busy} onClick={() => change('hidden')}>
              非公開にする
            </button>
          ) : null}
          <button
            type="button"
            className={ui.danger}
            disabled={busy}
            onClick={() => {
              setFailure(null);
              setConfirming(true);
            }}
          >
            削除
          </button>
        </div>
      ) : null}

      {confirming ? (
        <ConfirmDialog
          title="レビューを削除"
          confirmLabel="削除する"
          pending={remove.isPending}
          onConfirm={confirmDelete}
          onClose={() => setConfirming(false)}
        >
          <p>
            {`${review.nickname}さんのレビュー「${review.title}」（${review.product_name}）を削除します。削除したレビューは元に戻せません。`}
          </p>
        </ConfirmDialog>
      ) : null}
    </article>
  );
}

/** A change's failure on its card: the 409's notice with 最新の内容を読み込む, or the server's message. */
function Failure({ error, onReloaded }: { error: unknown; onReloaded: () => void }) {
  const reload = useReloadReviews();
  if (!isReviewStale(error)) return <FormAlert message={errorText(error)} />;
  return <StaleNotice message={STALE_TEXT} reload={reload} onReloaded={onReloaded} />;
}
