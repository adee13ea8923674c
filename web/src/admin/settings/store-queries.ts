/**
 * ショップ情報: the shop's details (GET /v1/admin/settings/store) and 保存する (PUT, the four
 * fields with the version read; a 409 `settings.stale` when they were saved elsewhere first). A
 * save answers the details as the server normalised them, with the group's new version.
 */
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { client, loadData } from '../api/admin-client';
import { ADMIN_ROOT } from '../api/session-queries';
import { SETTINGS_KEY } from './carriage-queries';
import type { StoreInfoInput, StoreInfoSettings } from './store-types';

const STORE_KEY = [...SETTINGS_KEY, 'store'] as const;

export const storeInfoQuery = () =>
  queryOptions({
    queryKey: STORE_KEY,
    queryFn: ({ signal }) => loadData(client().GET('/v1/admin/settings/store', { signal })),
  });

/** 最新の内容を読み込む: the details as the server has them now (after a 409), read afresh. */
export function refreshStoreInfo(queryClient: QueryClient): Promise<StoreInfoSettings> {
  return queryClient.fetchQuery({ ...storeInfoQuery(), staleTime: 0 });
}

/** 保存する: the details, answered as saved (normalised). */
export function useSaveStoreInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StoreInfoInput) => loadData(client().PUT('/v1/admin/settings/store', { body })),
    onSuccess: (saved) => {
      queryClient.setQueryData(STORE_KEY, saved);
      // Not awaited: the page says it is saved at once.
      void queryClient.invalidateQueries({ queryKey: [...ADMIN_ROOT, 'audit-log'] });
    },
  });
}
