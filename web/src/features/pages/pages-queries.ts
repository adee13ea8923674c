import { queryOptions, useMutation, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { NetworkIgnoredError, api, load, settle } from '../../api/client';
import type { CategoryNode, Coupon, LandingPage, Maker, ProductItem, StaticPageLink } from '../../api/types';
import { MEMBER_QUERY_ROOT, queryClient } from '../../lib/query-client';

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
  /**
   * The coupons a landing page completes its offers from. A member's sit under the member's
   * coupon key, so taking one here also refreshes the /coupon list and the other way round.
   */
  coupons: (member: boolean) =>
    member ? ([...MEMBER_QUERY_ROOT, 'coupons', 'landing'] as const) : ([...pagesKeys.all, 'coupons'] as const),
};

/** The coupon list a landing page can show: 50 is the server's page maximum and far above a shop's open coupons. */
const COUPONS_PER_PAGE = 50;

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

/** The coupons open now, with the member's `is_taken` (`/v1/me/coupons` also lists the ones taken). */
export const landingCouponsQuery = (member: boolean) =>
  queryOptions({
    queryKey: pagesKeys.coupons(member),
    queryFn: async ({ signal }): Promise<Coupon[]> => {
      const options = { params: { query: { per: COUPONS_PER_PAGE } }, signal };
      const call = member ? api().GET('/v1/me/coupons', options) : api().GET('/v1/coupons', options);
      return (await load(call)).data.data;
    },
  });

/** POST /v1/me/coupons {coupon_id, page: the landing page's slug}: the coupon comes back taken. */
export const useTakeLandingCoupon = () =>
  useMutation({
    mutationFn: async ({ couponId, slug }: { couponId: string; slug: string }): Promise<Coupon> =>
      (await load(api().POST('/v1/me/coupons', { body: { coupon_id: couponId, page: slug } }))).data,
    onSuccess: (taken) => {
      queryClient.setQueryData<Coupon[]>(pagesKeys.coupons(true), (list) =>
        list?.some((c) => c.id === taken.id)
          ? list.map((c) => (c.id === taken.id ? { ...taken, is_taken: true } : c))
          : [...(list ?? []), { ...taken, is_taken: true }],
      );
      // The /coupon list (another screen) asks again when it is next shown.
      void queryClient.invalidateQueries({ queryKey: [...MEMBER_QUERY_ROOT, 'coupons'], refetchType: 'none' });
    },
  });

export const useStaticPage = (path: string) => useSuspenseQuery(staticPageQuery(path)).data;
export const useLandingPage = (slug: string) => useSuspenseQuery(landingPageQuery(slug)).data.page;
export const useLandingProducts = (category: string, count: number) => useQuery(landingProductsQuery(category, count));
export const useStaticUrls = () => useQuery(staticUrlsQuery());
export const useSitemapCategories = () => useQuery(sitemapCategoriesQuery());
export const useSitemapMakers = () => useQuery(sitemapMakersQuery());
export const useLandingList = () => useQuery(landingListQuery());
export const useLandingCoupons = (member: boolean, enabled: boolean) =>
  useQuery({ ...landingCouponsQuery(member), enabled });
