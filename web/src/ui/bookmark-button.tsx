import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { bookmarkByUrlQuery, bookmarkKeys, addBookmark, deleteBookmark } from '../domain/bookmarks/bookmark-queries';
import { ApiError, isSilentError } from '../lib/api-error';
import { useAskToLogin } from '../domain/auth/ask-login';
import { GENERIC_ERROR_MESSAGE } from '../lib/form-errors';
import { useSession } from '../api/session';
import { showError, showToast } from '../lib/toast';
import styles from './bookmark-button.module.css';

export const BOOKMARK_LABEL = 'ブックマーク';
export const BOOKMARK_ADDED_MESSAGE = 'ブックマークに追加しました';
export const BOOKMARK_REMOVED_MESSAGE = 'ブックマークを解除しました';
export const LOGIN_FOR_BOOKMARK_MESSAGE = 'ブックマークをご利用いただくには、ログインしてください。';

export interface BookmarkButtonProps {
  /** The page's path (and query) in this shop, as it is bookmarked: `/news/abc`, `/product?keyword=…`. */
  url: string;
  /** The name the bookmark list shows: the page's heading. */
  title: string;
}

function Flag({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="M6 3.5h12v17l-6-4.2-6 4.2z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The words of a refused bookmark: the first field message (url, title), else the server's message. */
function refusal(error: unknown): string {
  if (!(error instanceof ApiError)) return GENERIC_ERROR_MESSAGE;
  const field = Object.values(error.errors)
    .flat()
    .find((m) => typeof m === 'string' && m !== '');
  return field ?? error.message;
}

function MemberBookmark({ url, title }: BookmarkButtonProps) {
  const queryClient = useQueryClient();
  const { data, isPending } = useQuery(bookmarkByUrlQuery(url));
  const [busy, setBusy] = useState(false);
  const marked = Boolean(data);

  const press = async () => {
    if (busy || isPending) return;
    setBusy(true);
    try {
      if (data) {
        await deleteBookmark(data.id);
        queryClient.setQueryData(bookmarkByUrlQuery(url).queryKey, null);
        showToast(BOOKMARK_REMOVED_MESSAGE, 'success');
      } else {
        const added = await addBookmark({ url, title: title.slice(0, 100) });
        queryClient.setQueryData(bookmarkByUrlQuery(url).queryKey, added);
        showToast(BOOKMARK_ADDED_MESSAGE, 'success');
      }
      void queryClient.invalidateQueries({ queryKey: [...bookmarkKeys.all, 'page'] });
    } catch (error) {
      if (!isSilentError(error)) showError(refusal(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <BookmarkToggle
      marked={marked}
      busy={busy}
      onPress={() => {
        void press();
      }}
    />
  );
}

function VisitorBookmark() {
  const askToLogin = useAskToLogin();
  return <BookmarkToggle marked={false} busy={false} onPress={() => askToLogin(LOGIN_FOR_BOOKMARK_MESSAGE)} />;
}

function BookmarkToggle({ marked, busy, onPress }: { marked: boolean; busy: boolean; onPress: () => void }) {
  return (
    <button
      type="button"
      className={marked ? `${styles.button} ${styles.marked}` : styles.button}
      aria-pressed={marked}
      aria-busy={busy || undefined}
      onClick={onPress}
    >
      <Flag filled={marked} />
      <span>{BOOKMARK_LABEL}</span>
    </button>
  );
}

/**
 * 「ブックマーク」 (spec 001 §2 bookmarks): pressed while the member has bookmarked this page; a
 * press adds or removes it. Visitors see it too, and a press asks them to log in — as the
 * favourite heart does.
 */
export function BookmarkButton(props: BookmarkButtonProps) {
  const { isLogin } = useSession();
  return isLogin ? <MemberBookmark {...props} /> : <VisitorBookmark />;
}

/** The row of a page's member buttons (heart, bookmark) under its heading; wraps on a phone. */
export function MemberActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}
