/**
 * 営業日カレンダー: one month of the calendar (GET /v1/admin/settings/calendar?month=YYYY-MM;
 * without `month`, this month in Japan time) and 保存する (PUT, the rules and that month's own
 * closed dates with the version read; a 409 `settings.stale` when the calendar was saved elsewhere
 * first). A save answers the saved month (version + 1): shown at once; the audit log has a new
 * line. One version covers every month (docs/contracts/settings-calendar.md), so once a newer one
 * is known the months read at the old one are dropped: moving there reads them afresh, and their
 * save does not meet a 409 for nothing. The key and the 409's test are 送料設定's (every settings
 * screen shares them).
 */
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { client, loadData } from '../api/admin-client';
import { ADMIN_ROOT } from '../api/session-queries';
import { SETTINGS_KEY } from './carriage-queries';
import type { CalendarSettings, CalendarSettingsInput } from './calendar-types';

const CALENDAR_KEY = [...SETTINGS_KEY, 'calendar'] as const;
/** The key's last part for the first read, which names no month (the server picks this month). */
const THIS_MONTH = 'this-month';

/** `month` (`2026-12`), or null for this month in Japan time. */
export const calendarQuery = (month: string | null) =>
  queryOptions({
    queryKey: [...CALENDAR_KEY, month ?? THIS_MONTH] as const,
    queryFn: ({ signal }) =>
      loadData(
        client().GET('/v1/admin/settings/calendar', {
          params: { query: month === null ? {} : { month } },
          signal,
        }),
      ),
  });

/**
 * The calendar as the server has it now (`fresh`, one month) into the cache: the months read as
 * that month take it; months read at another version go (they are read again when shown).
 */
function keepFresh(queryClient: QueryClient, fresh: CalendarSettings) {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: CALENDAR_KEY })) {
    const cached = query.state.data as CalendarSettings | undefined;
    if (cached?.month === fresh.month) queryClient.setQueryData(query.queryKey, fresh);
    else if (cached && cached.version !== fresh.version)
      queryClient.removeQueries({ queryKey: query.queryKey, exact: true });
  }
}

/** 最新の内容を読み込む: `month` as the server has it now (after a 409), read afresh. */
export async function refreshCalendar(queryClient: QueryClient, month: string): Promise<CalendarSettings> {
  const fresh = await queryClient.fetchQuery({ ...calendarQuery(month), staleTime: 0 });
  keepFresh(queryClient, fresh);
  return fresh;
}

/** 保存する: the rules and the month's closed dates, answered as that month saved. */
export function useSaveCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CalendarSettingsInput) => loadData(client().PUT('/v1/admin/settings/calendar', { body })),
    onSuccess: (saved) => {
      keepFresh(queryClient, saved);
      // Not awaited: the page says it is saved at once.
      void queryClient.invalidateQueries({ queryKey: [...ADMIN_ROOT, 'audit-log'] });
    },
  });
}
