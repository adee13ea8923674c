/**
 * スタッフ管理: the shop's staff (GET /v1/admin/staff, owners first, then by name), one member's
 * login history (GET /v1/admin/staff/{id}/logins) and the two changes — 無効にする (POST …/disable)
 * and 有効にする / ロックを解除 (POST …/enable) — each with the version shown (a 409 `staff.stale`
 * when the account changed elsewhere first). A change answers the member as they are now: shown
 * in the list at once, then the list and the audit log are read again.
 */
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { AdminApiError, client, loadData, loadPage, type Page } from '../api/admin-client';
import { ADMIN_ROOT } from '../api/session-queries';
import type { StaffMember } from './staff-types';

/** Every query of the staff desk keys under this: a change reads them all again. */
export const STAFF_KEY = [...ADMIN_ROOT, 'staff'] as const;
const LIST_KEY = [...STAFF_KEY, 'list'] as const;

/** The code of a 409: the account was changed elsewhere since the list was read. */
export const STAFF_STALE_CODE = 'staff.stale';

export function isStaffStale(error: unknown): boolean {
  return error instanceof AdminApiError && (error.code === STAFF_STALE_CODE || error.status === 409);
}

const path = (id: string) => ({ path: { id } });

export const staffListQuery = () =>
  queryOptions({
    queryKey: LIST_KEY,
    queryFn: ({ signal }) => loadPage(client().GET('/v1/admin/staff', { signal })),
  });

/** The member's last 50 logins, read afresh each time the history opens. */
export const staffLoginsQuery = (id: string) =>
  queryOptions({
    queryKey: [...STAFF_KEY, 'logins', id] as const,
    queryFn: async ({ signal }) =>
      (await loadData(client().GET('/v1/admin/staff/{id}/logins', { params: path(id), signal }))).data,
    staleTime: 0,
  });

/** 最新の内容を読み込む: the list afresh (after a 409). */
export function useReloadStaff(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: STAFF_KEY });
}

export interface StaffChange {
  id: string;
  /** 無効にする, or 有効にする (which also unlocks a locked account). */
  action: 'disable' | 'enable';
  version: number;
}

/** The member as the server has it now into the list. */
function showMember(queryClient: QueryClient, member: StaffMember) {
  queryClient.setQueryData<Page<StaffMember>>(LIST_KEY, (page) =>
    page ? { ...page, items: page.items.map((item) => (item.id === member.id ? member : item)) } : page,
  );
}

/** 無効にする / 有効にする / ロックを解除, answered as the member is now. */
export function useStaffChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, version }: StaffChange) =>
      loadData(
        action === 'disable'
          ? client().POST('/v1/admin/staff/{id}/disable', { params: path(id), body: { version } })
          : client().POST('/v1/admin/staff/{id}/enable', { params: path(id), body: { version } }),
      ),
    onSuccess: (member) => {
      showMember(queryClient, member);
      // Not awaited: the page says it is done at once; the audit log has a new line.
      void queryClient.invalidateQueries({ queryKey: STAFF_KEY });
      void queryClient.invalidateQueries({ queryKey: [...ADMIN_ROOT, 'audit-log'] });
    },
  });
}
