import { useSearchParams } from 'react-router';
import type { ProductDetail, Review } from '../../api/types';
import { parsePageParam } from '../../lib/page-param';
import { DateText } from '../../ui/date-text';
import { Pagination } from '../../ui/pagination';
import { LoadingBlock } from '../../ui/spinner';
import { useReviews } from './catalog-queries';
import styles from './product-detail.module.css';
import ownStyles from './product-reviews.module.css';
import { ReviewComposer } from './review-form';

export const REVIEW_PAGE_PARAM = 'review_page';

/** ★★★★☆ drawn for the eye; the words are for everyone. */
export function Stars({ rating }: { rating: number }) {
  const full = Math.round(rating);
  return (
    <span className={styles.stars} role="img" aria-label={`5点中${rating}点`}>
      <span aria-hidden="true">{'★'.repeat(full)}</span>
      <span aria-hidden="true" className={styles.starsEmpty}>
        {'★'.repeat(5 - full)}
      </span>
    </span>
  );
}

function ReviewItem({ review }: { review: Review }) {
  return (
    <article className={styles.review} aria-label={review.title}>
      <p className={styles.reviewHead}>
        <Stars rating={review.rating} />
        <strong className={styles.reviewTitle}>{review.title}</strong>
      </p>
      <p className={styles.reviewBody}>{review.body}</p>
      <p className={`${styles.reviewMeta} ${ownStyles.meta}`}>
        {/* The server writes the name as shown (a blank nickname becomes 「山田さん」). */}
        <span>{review.nickname}</span>
        {review.is_purchaser ? <span className={ownStyles.purchaser}>購入者</span> : null}
        <DateText value={review.created_at} />
      </p>
    </article>
  );
}

/**
 * The average and count, then the reviews a page at a time (`?review_page=`), then the form
 * for members (visitors are asked to log in).
 */
export function ProductReviews({ product, pathname }: { product: ProductDetail; pathname: string }) {
  const [params] = useSearchParams();
  const page = parsePageParam(params.get(REVIEW_PAGE_PARAM));
  const { count, average } = product.review;
  const reviews = useReviews(product.key, page);
  const hrefFor = (n: number) => {
    const next = new URLSearchParams(params);
    if (n <= 1) next.delete(REVIEW_PAGE_PARAM);
    else next.set(REVIEW_PAGE_PARAM, String(n));
    const query = next.toString();
    return query ? `${pathname}?${query}` : pathname;
  };

  return (
    <section aria-labelledby="reviews-title" className={styles.section} id="reviews">
      <h2 id="reviews-title" className={styles.sectionTitle}>
        レビュー
      </h2>
      {count === 0 || average === null || average === undefined ? (
        <p className={styles.muted}>この商品のレビューはまだありません。</p>
      ) : (
        <>
          <p className={styles.reviewSummary}>
            <Stars rating={average} />
            <span className={styles.average}>{average.toFixed(1)}</span>
            <span className={styles.muted}>（{count}件のレビュー）</span>
          </p>
          {reviews.isPending ? (
            <LoadingBlock label="レビューを読み込み中" />
          ) : reviews.isError ? (
            <p className={styles.muted}>レビューを読み込めませんでした。</p>
          ) : (
            <>
              <ul className={styles.reviewList}>
                {reviews.data.items.map((review) => (
                  <li key={review.id}>
                    <ReviewItem review={review} />
                  </li>
                ))}
              </ul>
              <Pagination pagination={reviews.data.pagination} hrefFor={hrefFor} label="レビューのページ送り" />
            </>
          )}
        </>
      )}
      <ReviewComposer product={product} />
    </section>
  );
}
