import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import {
  BOOKMARK_KIND_LABELS,
  BOOKMARK_KINDS,
  bookmarkKeys,
  bookmarksQuery,
  deleteBookmark,
  isBookmarkKind,
} from '../../domain/bookmarks/bookmark-queries';
import { ApiError, isSilentError } from '../../lib/api-error';
import type { Bookmark, BookmarkKind } from '../../api/types';
import { GENERIC_ERROR_MESSAGE } from '../../lib/form-errors';
import { parsePageParam } from '../../lib/page-param';
import { withoutItems, type Paged } from '../../lib/paged';
import { queryClient } from '../../lib/query-client';
import { sessionStore } from '../../api/session';
import { showError, showToast } from '../../lib/toast';
import { DateText } from '../../ui/date-text';
import { MypageFrame } from '../../ui/mypage-frame';
import { Pagination } from '../../ui/pagination';
import styles from './bookmarks.module.css';

function readParams(params: URLSearchParams): { page: number; kind: BookmarkKind | null } {
  const kind = params.get('kind');
  return { page: parsePageParam(params.get('page')), kind: isBookmarkKind(kind) ? kind : null };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { page, kind } = readParams(new URL(request.url).searchParams);
  if (sessionStore.get().isLogin) await queryClient.ensureQueryData(bookmarksQuery(page, kind));
  return null;
}

/** The filter's link: all kinds or one, from page 1. */
function kindHref(kind: BookmarkKind | null): string {
  return kind ? `/mypage/bookmark?kind=${kind}` : '/mypage/bookmark';
}

/**
 * ブックマーク (/mypage/bookmark): the pages the member bookmarked, newest first, page by page,
 * of every kind or one; each can be opened or deleted (the total drops by one).
 */
export function BookmarksPage() {
  const [params] = useSearchParams();
  const { page, kind } = readParams(params);
  const bookmarks = useSuspenseQuery(bookmarksQuery(page, kind)).data;
  const client = useQueryClient();
  const [removing, setRemoving] = useState<string | null>(null);

  const remove = async (bookmark: Bookmark) => {
    if (removing) return;
    setRemoving(bookmark.id);
    try {
      await deleteBookmark(bookmark.id);
      client.setQueryData(bookmarksQuery(page, kind).queryKey, (prev: Paged<Bookmark> | undefined) =>
        prev ? withoutItems(prev, (b) => b.id === bookmark.id) : prev,
      );
      client.setQueryData(bookmarkKeys.byUrl(bookmark.url), null);
      showToast(`「${bookmark.title}」をブックマークから削除しました`, 'success');
      void client.invalidateQueries({ queryKey: bookmarkKeys.all, refetchType: 'none' });
    } catch (error) {
      if (!isSilentError(error)) showError(error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE);
    } finally {
      setRemoving(null);
    }
  };

  return (
    <MypageFrame title="ブックマーク">
      <nav aria-label="ブックマークの種類" className={styles.kinds}>
        <ul>
          {[null, ...BOOKMARK_KINDS].map((k) => (
            <li key={k ?? 'all'}>
              <Link
                to={kindHref(k)}
                aria-current={k === kind ? 'page' : undefined}
                className={k === kind ? `${styles.kind} ${styles.kindActive}` : styles.kind}
              >
                {k ? BOOKMARK_KIND_LABELS[k] : 'すべて'}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className={styles.total}>全{bookmarks.pagination.total}件</p>
      {bookmarks.items.length === 0 ? (
        <p className={styles.empty}>
          {kind ? `${BOOKMARK_KIND_LABELS[kind]}のブックマークはありません。` : 'ブックマークはありません。'}
        </p>
      ) : (
        <ul className={styles.rows} aria-label="ブックマーク一覧">
          {bookmarks.items.map((bookmark) => (
            <li key={bookmark.id} className={styles.row}>
              <div className={styles.rowMain}>
                <Link to={bookmark.url} className={styles.title}>
                  {bookmark.title}
                </Link>
                <p className={styles.meta}>
                  <span className={styles.badge}>{BOOKMARK_KIND_LABELS[bookmark.kind] ?? bookmark.kind}</span>
                  <span>
                    登録日 <DateText value={bookmark.created_at} />
                  </span>
                </p>
              </div>
              <button
                type="button"
                className={styles.remove}
                aria-label={`「${bookmark.title}」をブックマークから削除`}
                aria-busy={removing === bookmark.id || undefined}
                disabled={removing !== null}
                onClick={() => void remove(bookmark)}
              >
                削除
              </button>
            </li>
          ))}
        </ul>
      )}
      <Pagination pagination={bookmarks.pagination} label="ブックマークのページ送り" />
    </MypageFrame>
  );
}

export { BookmarksPage as Component };
