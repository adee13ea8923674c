/**
 * Bookmarks (ブックマーク; docs/member-area-api.md): the button on news, blog, product and search
 * pages (ui/bookmark-button) asks whether the page is bookmarked; /mypage/bookmark
 * (features/bookmarks) lists, filters and deletes them. Both share these calls and keys, so a
 * change on one side is seen on the other.
 */
import { queryOptions } from '@tanstack/react-query';
import { MEMBER_QUERY_ROOT } from '../../lib/query-client';
import { pagedOf, type Paged } from '../../lib/paged';
import { api, load } from '../../api/client';
import type { Bookmark, BookmarkKind } from '../../api/types';

export const BOOKMARKS_PER_PAGE = 10;

export const bookmarkKeys = {
  all: [...MEMBER_QUERY_ROOT, 'bookmarks'] as const,
  page: (page: number, kind: BookmarkKind | null) => [...bookmarkKeys.all, 'page', { page, kind }] as const,
  byUrl: (url: string) => [...bookmarkKeys.all, 'url', url] as const,
};

export const BOOKMARK_KIND_LABELS: Record<BookmarkKind, string> = {
  news: 'ニュース',
  blog: 'ブログ',
  product: '商品',
  product_search: '商品検索',
  page: 'ページ',
};

export const BOOKMARK_KINDS = Object.keys(BOOKMARK_KIND_LABELS) as BookmarkKind[];

export function isBookmarkKind(value: string | null): value is BookmarkKind {
  return value !== null && (BOOKMARK_KINDS as string[]).includes(value);
}

/** One page of the member's bookmarks, newest first, of one kind or all. */
export const bookmarksQuery = (page: number, kind: BookmarkKind | null) =>
  queryOptions({
    queryKey: bookmarkKeys.page(page, kind),
    queryFn: async ({ signal }): Promise<Paged<Bookmark>> => {
      const query = { page, per: BOOKMARKS_PER_PAGE, ...(kind ? { kind } : {}) };
      const { data, pagination } = await load(api().GET('/v1/me/bookmarks', { params: { query }, signal }));
      return pagedOf(data.data, pagination, page, BOOKMARKS_PER_PAGE);
    },
  });

/** The member's bookmark of the page at `url`, or null. */
export const bookmarkByUrlQuery = (url: string) =>
  queryOptions({
    queryKey: bookmarkKeys.byUrl(url),
    queryFn: async ({ signal }): Promise<Bookmark | null> => {
      const { data } = await load(api().GET('/v1/me/bookmarks', { params: { query: { url, per: 1 } }, signal }));
      return data.data.find((bookmark) => bookmark.url === url) ?? null;
    },
  });

/** POST /v1/me/bookmarks: the new bookmark, or the one that page already had. */
export async function addBookmark(input: { url: string; title: string }): Promise<Bookmark> {
  return (await load(api().POST('/v1/me/bookmarks', { body: input }))).data;
}

export async function deleteBookmark(id: string): Promise<void> {
  await load(api().DELETE('/v1/me/bookmarks/{id}', { params: { path: { id } } }));
}
