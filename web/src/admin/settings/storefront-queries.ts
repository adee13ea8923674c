/**
 * ご利用設定: the shop's switches (GET /v1/admin/settings/storefront) and 保存する (PUT, every
 * switch with the version read; a 409 `settings.stale` when they were saved elsewhere first). A
 * save answers the switches as saved, with the group's new version.
 */
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { client, loadData } from '../api/admin-client';
import { ADMIN_ROOT } from '../api/session-queries';
import { SETTINGS_KEY } from './carriage-queries';
import type { StorefrontInput, StorefrontSettings } from './storefront-types';

const STOREFRONT_KEY = [...SETTINGS_KEY, 'storefront'] as const;

export const storefrontQuery = () =>
  queryOptions({
    queryKey: STOREFRONT_KEY,
    queryFn: ({ signal }) => loadData(client().GET('/v1/admin/settings/storefront', { signal })),
  });

/** 最新の内容を読み込む: the switches as the server has them now (after a 409), read afresh. */
export function refreshStorefront(queryClient: QueryClient): Promise<StorefrontSettings> {
  return queryClient.fetchQuery({ ...storefrontQuery(), staleTime: 0 });
}

/** 保存する: every switch, answered as saved. */
export function useSaveStorefront() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StorefrontInput) => loadData(client().PUT('/v1/admin/settings/storefront', { body })),
    onSuccess: (saved) => {
      queryClient.setQueryData(STOREFRONT_KEY, saved);
      // Not awaited: the page says it is saved at once.
      void queryClient.invalidateQueries({ queryKey: [...ADMIN_ROOT, 'audit-log'] });
    },
  });
}
