/**
 * Catalogue endpoints: one query-options factory and one hook each. Reference lists (categories,
 * makers, brands, tags) change rarely and are fetched once per visit ("only when empty").
 */
import { keepPreviousData, queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { api, load } from '../../api/client';
import type { Pagination } from '../../lib/paged';
import { ApiError } from '../../lib/api-error';
import type { Brand, CategoryNode, Maker, ProductItem, Review, Tag } from '../../api/types';
import { apiQueryFromFilters, PRODUCTS_PER_PAGE, type ProductApiQuery, type ProductFilters } from './product-filters';
import { forgetTagGrant, tagGrantFor } from './tag-grants';

export const REVIEWS_PER_PAGE = 3;

export const catalogKeys = {
  all: ['catalog'] as const,
  products: (query: ProductApiQuery) => [...catalogKeys.all, 'products', query] as const,
  product: (key: string) => [...catalogKeys.all, 'product', key] as const,
  recommend: (key: string) => [...catalogKeys.all, 'product', key, 'recommend'] as const,
  accessories: (key: string) => [...catalogKeys.all, 'product', key, 'accessories'] as const,
  reviews: (key: string, page: number) => [...catalogKeys.all, 'product', key, 'reviews', page] as const,
  categories: () => [...catalogKeys.all, 'categories', 'products'] as const,
  makers: () => [...catalogKeys.all, 'makers'] as const,
  maker: (key: string) => [...catalogKeys.all, 'maker', key] as const,
  brands: () => [...catalogKeys.all, 'brands'] as const,
  tags: () => [...catalogKeys.all, 'tags'] as const,
};

export interface ProductPage {
  items: ProductItem[];
  pagination: Pagination;
  /** The tag of the list is protected and no valid grant was sent: the page asks for its password. */
  locked?: boolean;
}

/** The answer of a protected tag's list without its grant (server catalog/tag_password.rs). */
export const TAG_PASSWORD_REQUIRED = 'tag.password.required';

export interface ReviewPage {
  items: Review[];
  pagination: Pagination;
}

const REFERENCE_STALE = 30 * 60_000;

export const productListQuery = (filters: ProductFilters) => {
  const query = apiQueryFromFilters(filters);
  return queryOptions({
    queryKey: catalogKeys.products(query),
    queryFn: async ({ signal }): Promise<ProductPage> => {
      const tag = filters.tag;
      const grant = tag ? tagGrantFor(tag) : null;
      try {
        const { data, pagination } = await load(
          api().GET('/v1/products', {
            params: { query, header: grant ? { 'X-Tag-Grant': grant } : undefined },
            signal,
          }),
        );
        return {
          items: data.data,
          pagination: pagination ?? { total: data.data.length, per: PRODUCTS_PER_PAGE, last: 1, current: filters.page },
        };
      } catch (error) {
        // A protected tag is a page state (the password form), not an error page.
        if (tag && error instanceof ApiError && error.status === 403 && error.code === TAG_PASSWORD_REQUIRED) {
          if (grant) forgetTagGrant(tag);
          return { items: [], pagination: { total: 0, per: PRODUCTS_PER_PAGE, last: 1, current: 1 }, locked: true };
        }
        throw error;
      }
    },
  });
};

/** Every product list (after a tag's password opened it, they are asked again). */
export const productListsKey = () => [...catalogKeys.all, 'products'] as const;

export const productDetailQuery = (key: string) =>
  queryOptions({
    queryKey: catalogKeys.product(key),
    queryFn: async ({ signal }) =>
      (await load(api().GET('/v1/products/{key}', { params: { path: { key } }, signal }))).data,
  });

export const recommendQuery = (key: string) =>
  queryOptions({
    queryKey: catalogKeys.recommend(key),
    queryFn: async ({ signal }) =>
      (await load(api().GET('/v1/products/{key}/recommend', { params: { path: { key } }, signal }))).data.data,
  });

export const accessoriesQuery = (key: string) =>
  queryOptions({
    queryKey: catalogKeys.accessories(key),
    queryFn: async ({ signal }) =>
      (await load(api().GET('/v1/products/{key}/accessories', { params: { path: { key } }, signal }))).data.data,
  });

export const reviewsQuery = (key: string, page: number) =>
  queryOptions({
    queryKey: catalogKeys.reviews(key, page),
    queryFn: async ({ signal }): Promise<ReviewPage> => {
      const { data, pagination } = await load(
        api().GET('/v1/products/{key}/reviews', {
          params: { path: { key }, query: { page, per: REVIEWS_PER_PAGE } },
          signal,
        }),
      );
      return {
        items: data.data,
        pagination: pagination ?? { total: data.data.length, per: REVIEWS_PER_PAGE, last: 1, current: page },
      };
    },
  });

export const categoriesQuery = () =>
  queryOptions({
    queryKey: catalogKeys.categories(),
    queryFn: async ({ signal }): Promise<CategoryNode[]> =>
      (await load(api().GET('/v1/categories/hierarchy', { params: { query: { table: 'products' } }, signal }))).data
        .data,
    staleTime: REFERENCE_STALE,
  });

export const makersQuery = () =>
  queryOptions({
    queryKey: catalogKeys.makers(),
    queryFn: async ({ signal }): Promise<Maker[]> =>
      (await load(api().GET('/v1/makers', { params: { query: { per: 'all' } }, signal }))).data.data,
    staleTime: REFERENCE_STALE,
  });

export const makerQuery = (key: string) =>
  queryOptions({
    queryKey: catalogKeys.maker(key),
    queryFn: async ({ signal }) =>
      (await load(api().GET('/v1/makers/{key}', { params: { path: { key } }, signal }))).data,
  });

export const brandsQuery = () =>
  queryOptions({
    queryKey: catalogKeys.brands(),
    queryFn: async ({ signal }): Promise<Brand[]> =>
      (await load(api().GET('/v1/brands', { params: { query: { per: 'all' } }, signal }))).data.data,
    // Spec: brands are fetched only while none are known.
    staleTime: Infinity,
  });

export const tagsQuery = () =>
  queryOptions({
    queryKey: catalogKeys.tags(),
    // The endpoint has no per=all; 100 is its maximum and far above the shop's tags.
    queryFn: async ({ signal }): Promise<Tag[]> =>
      (await load(api().GET('/v1/tags', { params: { query: { per: 100 } }, signal }))).data.data,
    staleTime: REFERENCE_STALE,
  });

export const useProductList = (filters: ProductFilters) => useSuspenseQuery(productListQuery(filters)).data;
export const useProductDetail = (key: string) => useSuspenseQuery(productDetailQuery(key)).data;
export const useRecommendations = (key: string) => useQuery(recommendQuery(key));
export const useAccessories = (key: string) => useQuery(accessoriesQuery(key));
export const useReviews = (key: string, page: number) =>
  useQuery({ ...reviewsQuery(key, page), placeholderData: keepPreviousData });
export const useCategories = () => useQuery(categoriesQuery());
export const useMakers = () => useQuery(makersQuery());
export const useMaker = (key: string) => useSuspenseQuery(makerQuery(key)).data;
export const useBrands = () => useQuery(brandsQuery());
export const useTags = () => useQuery(tagsQuery());
