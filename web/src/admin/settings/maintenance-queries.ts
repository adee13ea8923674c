/**
 * メンテナンスモード: the switch and its texts (GET /v1/admin/settings/maintenance) and 保存する
 * (PUT, with the version read; a 409 `settings.stale` when they were saved elsewhere, or switched
 * by the `shop channel maintenance` command, first). A save answers them as saved (trimmed), with
 * the group's new version.
 */
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { client, loadData } from '../api/admin-client';
import { ADMIN_ROOT } from '../api/session-queries';
import { SETTINGS_KEY } from './carriage-queries';
import type { MaintenanceInput, MaintenanceSettings } from './maintenance-types';

const MAINTENANCE_KEY = [...SETTINGS_KEY, 'maintenance'] as const;

export const maintenanceQuery = () =>
  queryOptions({
    queryKey: MAINTENANCE_KEY,
    queryFn: ({ signal }) => loadData(client().GET('/v1/admin/settings/maintenance', { signal })),
  });

/** 最新の内容を読み込む: the switch as the server has it now (after a 409), read afresh. */
export function refreshMaintenance(queryClient: QueryClient): Promise<MaintenanceSettings> {
  return queryClient.fetchQuery({ ...maintenanceQuery(), staleTime: 0 });
}

/** 保存する: the switch and both texts, answered as saved. */
export function useSaveMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MaintenanceInput) => loadData(client().PUT('/v1/admin/settings/maintenance', { body })),
    onSuccess: (saved) => {
      queryClient.setQueryData(MAINTENANCE_KEY, saved);
      // Not awaited: the page says it is saved at once.
      void queryClient.invalidateQueries({ queryKey: [...ADMIN_ROOT, 'audit-log'] });
    },
  });
}
