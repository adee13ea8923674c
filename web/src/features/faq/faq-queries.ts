import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { api, load } from '../../api/client';
import type { Pagination } from '../../lib/paged';
import type { Qa, QaCategory } from '../../api/types';

/** The endpoint's maximum page size: a shop's FAQ fits on one page, pagination covers the rest. */
export const FAQ_PER_PAGE = 100;

export interface FaqFilters {
  category: string | null;
  keyword: string;
  page: number;
}

export const faqKeys = {
  all: ['faq'] as const,
  categories: () => [...faqKeys.all, 'categories'] as const,
  list: (filters: FaqFilters) => [...faqKeys.all, 'list', filters] as const,
};

export interface FaqPage {
  items: Qa[];
  pagination: Pagination;
}

/** The keyword as sent: spaces (also full-width ones) collapsed; blank means no keyword. */
export function normalizeKeyword(value: string | null | undefined): string {
  return (value ?? '')
    .replace(/[\s\u3000]+/g, ' ')
    .trim()
    .slice(0, 100);
}

export const faqCategoriesQuery = () =>
  queryOptions({
    queryKey: faqKeys.categories(),
    queryFn: async ({ signal }): Promise<QaCategory[]> =>
      (await load(api().GET('/v1/qa-categories', { signal }))).data.data,
    staleTime: 30 * 60_000,
  });

export const faqListQuery = (filters: FaqFilters) =>
  queryOptions({
    queryKey: faqKeys.list(filters),
    queryFn: async ({ signal }): Promise<FaqPage> => {
      const query = {
        page: filters.page,
        per: FAQ_PER_PAGE,
        ...(filters.category ? { category: filters.category } : {}),
        ...(filters.keyword ? { keyword: filters.keyword } : {}),
      };
      const { data, pagination } = await load(api().GET('/v1/qas', { params: { query }, signal }));
      return {
        items: data.data,
        pagination: pagination ?? { total: data.data.length, per: FAQ_PER_PAGE, last: 1, current: filters.page },
      };
    },
  });

export const useFaqCategories = () => useQuery(faqCategoriesQuery());
export const useFaqList = (filters: FaqFilters) => useSuspenseQuery(faqListQuery(filters)).data;
