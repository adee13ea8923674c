/** The document title: "page｜shop name", the shop name alone on the top page. */
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
