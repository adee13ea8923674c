import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api, load } from '../../api/client';
import type { Pagination } from '../../lib/paged';
import type { BlogItem } from '../../api/types';

export const BLOG_PER_PAGE = 10;

export const blogKeys = {
  all: ['blog'] as const,
  list: (page: number, category: string | null) => [...blogKeys.all, 'list', { page, category }] as const,
  detail: (key: string) => [...blogKeys.all, 'detail', key] as const,
};

export interface BlogPage {
  items: BlogItem[];
  pagination: Pagination;
}

export const blogListQuery = (page: number, category: string | null) =>
  queryOptions({
    queryKey: blogKeys.list(page, category),
    queryFn: async ({ signal }): Promise<BlogPage> => {
      const query = { page, per: BLOG_PER_PAGE, ...(category ? { category } : {}) };
      const { data, pagination } = await load(api().GET('/v1/blogs', { params: { query }, signal }));
      return {
        items: data.data,
        pagination: pagination ?? { total: data.data.length, per: BLOG_PER_PAGE, last: 1, current: page },
      };
    },
  });

export const blogDetailQuery = (key: string) =>
  queryOptions({
    queryKey: blogKeys.detail(key),
    queryFn: async ({ signal }) =>
      (await load(api().GET('/v1/blogs/{key}', { params: { path: { key } }, signal }))).data,
  });

export const useBlogList = (page: number, category: string | null) =>
  useSuspenseQuery(blogListQuery(page, category)).data;
export const useBlogDetail = (key: string) => useSuspenseQuery(blogDetailQuery(key)).data;

export const blogHref = (key: string): string => `/blog/${encodeURIComponent(key)}`;
export const blogCategoryHref = (key: string): string => `/blog?category=${encodeURIComponent(key)}`;
