/**
 * 送料設定: the setting (GET /v1/admin/settings/carriage) and 保存する (PUT, the whole setting with
 * the version read; a 409 `settings.stale` when it was saved elsewhere first). A save answers the
 * setting as it is now (version + 1): shown at once; the audit log has a new line.
 */
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminApiError, client, loadData } from '../api/admin-client';
import { ADMIN_ROOT } from '../api/session-queries';
import type { CarriageInput, CarriageSettings } from './carriage-types';

/** Every query of the settings screens keys under this. */
export const SETTINGS_KEY = [...ADMIN_ROOT, 'settings'] as const;
const CARRIAGE_KEY = [...SETTINGS_KEY, 'carriage'] as const;

/** The code of a 409: the setting was saved elsewhere since the form read it. */
export const SETTINGS_STALE_CODE = 'settings.stale';

export function isSettingsStale(error: unknown): boolean {
  return error instanceof AdminApiError && (error.code === SETTINGS_STALE_CODE || error.status === 409);
}

export const carriageQuery = () =>
  queryOptions({
    queryKey: CARRIAGE_KEY,
    queryFn: ({ signal }) => loadData(client().GET('/v1/admin/settings/carriage', { signal })),
  });

/** 最新の内容を読み込む: the setting as the server has it now (after a 409), read afresh. */
export function refreshCarriage(queryClient: QueryClient): Promise<CarriageSettings> {
  return queryClient.fetchQuery({ ...carriageQuery(), staleTime: 0 });
}

/** 保存する: the whole setting, answered as saved. */
export function useSaveCarriage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CarriageInput) => loadData(client().PUT('/v1/admin/settings/carriage', { body })),
    onSuccess: (saved) => {
      queryClient.setQueryData(CARRIAGE_KEY, saved);
      // Not awaited: the page says it is saved at once.
      void queryClient.invalidateQueries({ queryKey: [...ADMIN_ROOT, 'audit-log'] });
    },
  });
}
