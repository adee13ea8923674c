/**
 * What every screen that edits one thing shares (the content editors: お知らせ, ページ, クーポン;
 * the settings screens through settings-form-frame.tsx), so that they open, refuse and load alike:
 *
 * - EditorFrame: the page's title, the link back to where the screen was opened from, the h1, and
 *   the screen only for staff holding `shop_settings` (オーナー and 店長), the others reading why not;
 * - EditorLoader: the thing read once (loading, or why it could not be read), then its form;
 * - arrivedNotice: the status line a screen was sent to with (a list after a delete, an editor after a create).
 */
import type { ReactNode } from 'react';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useCan } from '../api/session-queries';
import { LoadFailed, Loading } from './query-state';

/** The link above the h1: where it goes, what it says, and the screen's own class for its paragraph. */
export interface BackLinkProps {
  to: string;
  label: string;
  className: string | undefined;
}

/** The page around an editor: `title` is the h1 and the tab's title; `forbidden` what other roles read. */
export function EditorFrame({
  title,
  back,
  forbidden,
  children,
}: {
  title: string;
  back: BackLinkProps;
  forbidden: string;
  children: ReactNode;
}) {
  const allowed = useCan()('shop_settings');
  return (
    <>
      <title>{`${title} | 管理画面`}</title>
      <p className={back.className}>
        <Link to={back.to}>{back.label}</Link>
      </p>
      <h1>{title}</h1>
      {allowed ? children : <p role="alert">{forbidden}</p>}
    </>
  );
}

/**
 * The query's data, handed to `children` (the form); until then what is happening. Give it a
 * `key` naming what it reads when the screen can move to another one (a new form, not the old one's state).
 */
export function EditorLoader<T, K extends QueryKey>({
  query,
  children,
}: {
  query: UseQueryOptions<T, Error, T, K>;
  children: (data: T) => ReactNode;
}) {
  const result = useQuery(query);
  // Read once, the form keeps what it read: a later background read does not overwrite typing.
  if (result.data) return children(result.data);
  if (result.isPending) return <Loading />;
  return <LoadFailed error={result.error} />;
}

/** The message a screen was sent here with (`navigate(…, { state: { notice } })`: 「…を作成しました。」), or null. */
export function arrivedNotice(state: unknown): string | null {
  const notice = (state as { notice?: unknown } | null)?.notice;
  return typeof notice === 'string' ? notice : null;
}
