/**
 * Posting a review (`POST /v1/products/{product_id}/reviews`, body `{ review }`). A published
 * review changes the product's count and average and the first page of its reviews: those are
 * asked again. Failures are the form's to show (field messages, `reviews.already_posted`), so
 * this is a plain call rather than a mutation the query client would toast.
 */
import type { QueryClient } from '@tanstack/react-query';
import { api, load } from '../../api/client';
import type { ReviewInput, ReviewPosted } from '../../api/types';
import { catalogKeys } from './catalog-queries';

export const ALREADY_POSTED_CODE = 'reviews.already_posted';

export async function postReview(productId: string, review: ReviewInput): Promise<ReviewPosted> {
  const call = api().POST('/v1/products/{key}/reviews', {
    params: { path: { key: productId } },
    body: { review },
  });
  return (await load(call)).data;
}

export function refreshReviews(client: QueryClient, productKey: string): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: catalogKeys.product(productKey), exact: true }),
    client.invalidateQueries({ queryKey: [...catalogKeys.product(productKey), 'reviews'] }),
  ]);
}
