/**
 * Loaders of the product list and a product page. They live outside the screens' chunk, in the
 * first bundle: the router starts them at once, alongside the screen's code, instead of after it
 * has downloaded — on a slow phone that is a whole round trip before the products are asked for.
 */
import type { LoaderFunctionArgs } from 'react-router';
import { messagesQuery } from '../../domain/site/site-queries';
import { queryClient } from '../../lib/query-client';
import { nextTask } from '../../lib/wait';
import {
  accessoriesQuery,
  brandsQuery,
  categoriesQuery,
  makersQuery,
  productDetailQuery,
  productListQuery,
  recommendQuery,
  tagsQuery,
} from './catalog-queries';
import { filtersFromSearch } from './product-filters';

/**
 * The products first; the category tree too (it names the page). Filter lists follow, requested
 * after those two so that they do not take the browser's connections ahead of them.
 */
export async function productListLoader({ request }: LoaderFunctionArgs) {
  const filters = filtersFromSearch(new URL(request.url).searchParams);
  const needed = Promise.all([
    queryClient.ensureQueryData(productListQuery(filters)),
    queryClient.ensureQueryData(categoriesQuery()).catch(() => null),
  ]);
  needed.catch(() => undefined); // awaited below; a failure meanwhile is not "unhandled"
  // The rest in a task of its own (lib/wait: each request costs a slow phone a few ms).
  await nextTask();
  void queryClient.prefetchQuery(makersQuery());
  void queryClient.prefetchQuery(brandsQuery());
  void queryClient.prefetchQuery(tagsQuery());
  await needed;
  return null;
}

/** The product is awaited (an unknown key answers 404 → the 404 page); the rest follows. */
export async function productDetailLoader({ params }: LoaderFunctionArgs) {
  const key = params.key ?? '';
  // The product first: the rest must not take the browser's connections ahead of it.
  const product = queryClient.ensureQueryData(productDetailQuery(key));
  product.catch(() => undefined); // awaited below; a failure meanwhile is not "unhandled"
  // The rest in a task of its own (lib/wait: each request costs a slow phone a few ms).
  await nextTask();
  void queryClient.prefetchQuery(categoriesQuery());
  void queryClient.prefetchQuery(accessoriesQuery(key));
  void queryClient.prefetchQuery(recommendQuery(key));
  // The page's notice slots (product, pre-order) read the shop's messages.
  void queryClient.prefetchQuery(messagesQuery());
  await product;
  return null;
}
