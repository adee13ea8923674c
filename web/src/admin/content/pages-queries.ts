/**
 * ページ管理: the list (GET /v1/admin/pages), one page (GET /v1/admin/pages/{id}) and 保存する
 * (PUT, the whole page with the version read; a 409 `pages.stale` when it was saved elsewhere
 * first). A save answers the page as it is now (version + 1): shown at once, in the editor and in
 * the list's line; the audit log has a new line.
 */
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminApiError, client, loadData } from '../api/admin-client';
import { ADMIN_ROOT } from '../api/session-queries';
import type { AdminPage, PageInput, PageSummary } from './pages-types';

/** Every query of the page desk keys under this. */
const PAGES_KEY = [...ADMIN_ROOT, 'content', 'pages'] as const;
const LIST_KEY = [...PAGES_KEY, 'list'] as const;
const pageKey = (id: string) => [...PAGES_KEY, 'page', id] as const;

/** The code of a 409: the page was saved elsewhere since the editor read it. */
export const PAGES_STALE_CODE = 'pages.stale';

export function isPageStale(error: unknown): boolean {
  return error instanceof AdminApiError && (error.code === PAGES_STALE_CODE || error.status === 409);
}

export const pagesQuery = () =>
  queryOptions({
    queryKey: LIST_KEY,
    queryFn: async ({ signal }): Promise<PageSummary[]> =>
      (await loadData(client().GET('/v1/admin/pages', { signal }))).data,
  });

export const pageQuery = (id: string) =>
  queryOptions({
    queryKey: pageKey(id),
    queryFn: ({ signal }) => loadData(client().GET('/v1/admin/pages/{id}', { params: { path: { id } }, signal })),
  });

/** 最新の内容を読み込む: the page as the server has it now (after a 409), read afresh. */
export function refreshPage(queryClient: QueryClient, id: string): Promise<AdminPage> {
  return queryClient.fetchQuery({ ...pageQuery(id), staleTime: 0 });
}

/** The list's line of a page. */
function summaryOf({ sections: _sections, ...summary }: AdminPage): PageSummary {
  return summary;
}

/** 保存する: the whole page, answered as saved. */
export function useSavePage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PageInput) => loadData(client().PUT('/v1/admin/pages/{id}', { params: { path: { id } }, body })),
    onSuccess: (saved) => {
      queryClient.setQueryData(pageKey(id), saved);
      queryClient.setQueryData(LIST_KEY, (list: PageSummary[] | undefined) =>
        list?.map((line) => (line.id === saved.id ? summaryOf(saved) : line)),
      );
      // Not awaited: the page says it is saved at once.
      void queryClient.invalidateQueries({ queryKey: [...ADMIN_ROOT, 'audit-log'] });
    },
  });
}
