/**
 * ポイント設定: the setting (GET /v1/admin/settings/points) and 保存する (PUT, the rate with the
 * version read; a 409 `settings.stale` when it was saved elsewhere first). A save answers the
 * setting as it is now (version + 1): shown at once; the audit log has a new line. The key and
 * the 409's test are 送料設定's (every settings screen shares them).
 */
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { client, loadData } from '../api/admin-client';
import { ADMIN_ROOT } from '../api/session-queries';
import { SETTINGS_KEY } from './carriage-queries';
import type { PointSettings, PointSettingsInput } from './points-types';

const POINTS_KEY = [...SETTINGS_KEY, 'points'] as const;

export const pointsQuery = () =>
  queryOptions({
    queryKey: POINTS_KEY,
    queryFn: ({ signal }) => loadData(client().GET('/v1/admin/settings/points', { signal })),
  });

/** 最新の内容を読み込む: the setting as the server has it now (after a 409), read afresh. */
export function refreshPoints(queryClient: QueryClient): Promise<PointSettings> {
  return queryClient.fetchQuery({ ...pointsQuery(), staleTime: 0 });
}

/** 保存する: the rate, answered as saved. */
export function useSavePoints() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PointSettingsInput) => loadData(client().PUT('/v1/admin/settings/points', { body })),
    onSuccess: (saved) => {
      queryClient.setQueryData(POINTS_KEY, saved);
      // Not awaited: the page says it is saved at once.
      void queryClient.invalidateQueries({ queryKey: [...ADMIN_ROOT, 'audit-log'] });
    },
  });
}
