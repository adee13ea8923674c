/**
 * IPアドレス制限: the list (GET /v1/admin/settings/ip-allowlist, with the address the server sees
 * this screen's requests come from) and 保存する (PUT, the lines with the version read; a 409
 * `settings.stale` when it was saved elsewhere first). A save answers the list as it is now
 * (normalised, version + 1): shown at once; the audit log has a new line.
 * (docs/contracts/ip-allowlist.md)
 */
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminApiError, client, loadData } from '../api/admin-client';
import { ADMIN_ROOT } from '../api/session-queries';
import type { IpAllowlist, IpAllowlistInput } from './ip-allowlist-types';

/** Under the settings screens' key, as its path is under theirs. */
const IP_ALLOWLIST_KEY = [...ADMIN_ROOT, 'settings', 'ip-allowlist'] as const;

/** The code of a 409: the list was saved elsewhere since the form read it (as every setting's). */
export const IP_ALLOWLIST_STALE_CODE = 'settings.stale';

export function isIpAllowlistStale(error: unknown): boolean {
  return error instanceof AdminApiError && (error.code === IP_ALLOWLIST_STALE_CODE || error.status === 409);
}

export const ipAllowlistQuery = () =>
  queryOptions({
    queryKey: IP_ALLOWLIST_KEY,
    queryFn: ({ signal }) => loadData(client().GET('/v1/admin/settings/ip-allowlist', { signal })),
  });

/** 最新の内容を読み込む: the list as the server has it now (after a 409), read afresh. */
export function refreshIpAllowlist(queryClient: QueryClient): Promise<IpAllowlist> {
  return queryClient.fetchQuery({ ...ipAllowlistQuery(), staleTime: 0 });
}

/** 保存する: the lines, answered as saved. */
export function useSaveIpAllowlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IpAllowlistInput) => loadData(client().PUT('/v1/admin/settings/ip-allowlist', { body })),
    onSuccess: (saved) => {
      queryClient.setQueryData(IP_ALLOWLIST_KEY, saved);
      // Not awaited: the page says it is saved at once.
      void queryClient.invalidateQueries({ queryKey: [...ADMIN_ROOT, 'audit-log'] });
    },
  });
}
