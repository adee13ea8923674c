/**
 * The document's head as a screen sets it: the title ("page｜shop name", the shop name alone on
 * the top page) and, for screens search engines must not index, a robots meta.
 */
import { useEffect } from 'react';
import { createStore, useStore } from './store';

export const siteNameStore = createStore<string>('');

export function composeTitle(title: string | null | undefined, siteName: string): string {
  if (!title) return siteName || document.title;
  return siteName && title !== siteName ? `${title}｜${siteName}` : title;
}

export function useDocumentTitle(title: string | null | undefined): void {
  const siteName = useStore(siteNameStore);
  useEffect(() => {
    document.title = composeTitle(title, siteName);
  }, [title, siteName]);
}

/**
 * A robots meta while the screen is shown: keeps pages with one-time links or a payment in
 * progress out of indexes even where robots.txt (which disallows them) is not read.
 */
export function useNoIndex(): void {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex, nofollow';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);
}
