import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { api, load, settle } from '../../api/client';
import { NetworkIgnoredError } from '../../lib/api-error';
import type { CategoryNode, LandingPage, Maker, ProductItem, StaticPageLink } from '../../api/types';

export const pagesKeys = {
  all: ['pages'] as const,
  static: (path: string) => [...pagesKeys.all, 'static', path] as const,
  staticUrls: () => [...pagesKeys.all, 'static-urls'] as const,
  landing: (slug: string) => [...pagesKeys.all, 'landing', slug] as const,
  landingProducts: (category: string, count: number) =>
    [...pagesKeys.all, 'landing-products', category, count] as const,
  categories: () => [...pagesKeys.all, 'categories'] as const,
  makers: () => [...pagesKeys.all, 'makers'] as const,
  landingList: () => [...pagesKeys.all, 'landing-list'] as const,
};

const REFERENCE_STALE = 30 * 60_000;

export interface LandingAnswer {
  page: LandingPage;
  /** The `x-redirect` header, unchecked: the loader decides whether to follow it. */
  redirectTo: string | null;
}

export const staticPageQuery = (path: string) =>
  queryOptions({
    queryKey: pagesKeys.static(path),
    queryFn: async ({ signal }) =>
      (await load(api().GET('/v1/static-pages/url/{path}', { params: { path: { path } }, signal }))).data,
  });

export const landingPageQuery = (slug: string) =>
  queryOptions({
    queryKey: pagesKeys.landing(slug),
    queryFn: async ({ signal }): Promise<LandingAnswer> => {
      const outcome = await settle(api().GET('/v1/lp/{slug}', { params: { path: { slug } }, signal }));
      if (outcome.kind === 'ignored') throw new NetworkIgnoredError();
      if (outcome.kind === 'cancelled') throw new DOMException('リクエストが取り消されました', 'AbortError');
      return { page: outcome.data, redirectTo: outcome.response.headers.get('x-redirect') };
    },
  });

/** Products of a landing page block: newest of a category and the ones below it. */
export const landingProductsQuery = (category: string, count: number) =>
  queryOptions({
    queryKey: pagesKeys.landingProducts(category, count),
    queryFn: async ({ signal }): Promise<ProductItem[]> =>
      (await load(api().GET('/v1/products', { params: { query: { category, child: 1, per: count } }, signal }))).data
        .data,
  });

export const staticUrlsQuery = () =>
  queryOptions({
    queryKey: pagesKeys.staticUrls(),
    queryFn: async ({ signal }): Promise<StaticPageLink[]> =>
      (await load(api().GET('/v1/static-pages/urls', { signal }))).data.data,
    staleTime: REFERENCE_STALE,
  });

export const sitemapCategoriesQuery = () =>
  queryOptions({
    queryKey: pagesKeys.categories(),
    queryFn: async ({ signal }): Promise<CategoryNode[]> =>
      (await load(api().GET('/v1/categories/hierarchy', { params: { query: { table: 'products' } }, signal }))).data
        .data,
    staleTime: REFERENCE_STALE,
  });

export const sitemapMakersQuery = () =>
  queryOptions({
    queryKey: pagesKeys.makers(),
    queryFn: async ({ signal }): Promise<Maker[]> =>
      (await load(api().GET('/v1/makers', { params: { query: { per: 'all' } }, signal }))).data.data,
    staleTime: REFERENCE_STALE,
  });

export const landingListQuery = () =>
  queryOptions({
    queryKey: pagesKeys.landingList(),
    queryFn: async ({ signal }) => (await load(api().GET('/v1/lp', { signal }))).data.data,
    staleTime: REFERENCE_STALE,
  });

export const useStaticPage = (path: string) => useSuspenseQuery(staticPageQuery(path)).data;
export const useLandingPage = (slug: string) => useSuspenseQuery(landingPageQuery(slug)).data.page;
export const useLandingProducts = (category: string, count: number) => useQuery(landingProductsQuery(category, count));
export const useStaticUrls = () => useQuery(staticUrlsQuery());
export const useSitemapCategories = () => useQuery(sitemapCategoriesQuery());
export const useSitemapMakers = () => useQuery(sitemapMakersQuery());
export const useLandingList = () => useQuery(landingListQuery());
