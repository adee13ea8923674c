/**
 * スタッフ管理: the shop's staff (GET /v1/admin/staff, owners first, then by name), one member's
 * login history (GET /v1/admin/staff/{id}/logins) and the changes — 無効にする (POST …/disable),
 * 有効にする / ロックを解除 (POST …/enable), 権限を変更 (PUT …/role) and 認証アプリを再設定 (POST
 * …/reset-authenticator) — each with the version shown (a 409 `staff.stale` when the account
 * changed elsewhere first). A change answers the member as they are now: shown in the list at
 * once, then the list and the audit log are read again. The pending invitations (GET
 * /v1/admin/staff/invitations), スタッフを招待 (POST) and 取り消す (DELETE …/invitations/{id})
 * follow the same way.
 */
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { AdminApiError, client, loadData, loadPage, type Page } from '../api/admin-client';
import { ADMIN_ROOT } from '../api/session-queries';
import type { Invitation, InvitationBody, StaffMember, StaffRole } from './staff-types';

/** Every query of the staff desk keys under this: a change reads them all again. */
export const STAFF_KEY = [...ADMIN_ROOT, 'staff'] as const;
const LIST_KEY = [...STAFF_KEY, 'list'] as const;
const INVITATIONS_KEY = [...STAFF_KEY, 'invitations'] as const;
const AUDIT_KEY = [...ADMIN_ROOT, 'audit-log'] as const;

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

/** 招待中: the unused, unexpired invitations, newest first. */
export const invitationsQuery = () =>
  queryOptions({
    queryKey: INVITATIONS_KEY,
    queryFn: async ({ signal }) => (await loadData(client().GET('/v1/admin/staff/invitations', { signal }))).data,
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

/**
 * 無効にする, 有効にする (which also unlocks a locked account), 認証アプリを再設定, or 権限を変更 to
 * `role`; each with the version shown.
 */
export type StaffChange = { id: string; version: number } & (
  | { action: 'disable' | 'enable' | 'reset' }
  | { action: 'role'; role: StaffRole }
);

function sendChange(change: StaffChange) {
  const params = path(change.id);
  const version = change.version;
  switch (change.action) {
    case 'disable':
      return client().POST('/v1/admin/staff/{id}/disable', { params, body: { version } });
    case 'enable':
      return client().POST('/v1/admin/staff/{id}/enable', { params, body: { version } });
    case 'reset':
      return client().POST('/v1/admin/staff/{id}/reset-authenticator', { params, body: { version } });
    case 'role':
      return client().PUT('/v1/admin/staff/{id}/role', { params, body: { version, role: change.role } });
  }
}

/** The member as the server has it now into the list. */
function showMember(queryClient: QueryClient, member: StaffMember) {
  queryClient.setQueryData<Page<StaffMember>>(LIST_KEY, (page) =>
    page ? { ...page, items: page.items.map((item) => (item.id === member.id ? member : item)) } : page,
  );
}

/** 無効にする / 有効にする / ロックを解除 / 権限を変更 / 認証アプリを再設定, answered as the member is now. */
export function useStaffChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: StaffChange) => loadData(sendChange(change)),
    onSuccess: (member) => {
      showMember(queryClient, member);
      // Not awaited: the page says it is done at once; the audit log has a new line.
      void queryClient.invalidateQueries({ queryKey: STAFF_KEY });
      void queryClient.invalidateQueries({ queryKey: AUDIT_KEY });
    },
  });
}

/**
 * スタッフを招待: the invitation at the top of 招待中 at once (replacing an earlier one to the same
 * address, which the server has voided), then the list read again.
 */
export function useInviteStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvitationBody) => loadData(client().POST('/v1/admin/staff/invitations', { body })),
    onSuccess: (invitation) => {
      queryClient.setQueryData<Invitation[]>(INVITATIONS_KEY, (list) =>
        list ? [invitation, ...list.filter((item) => item.email !== invitation.email)] : list,
      );
      void queryClient.invalidateQueries({ queryKey: INVITATIONS_KEY });
      void queryClient.invalidateQueries({ queryKey: AUDIT_KEY });
    },
  });
}

/** 取り消す: the invitation gone from 招待中 at once (its link no longer works), then the list read again. */
export function useCancelInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (invitation: Invitation) => {
      await loadData(client().DELETE('/v1/admin/staff/invitations/{id}', { params: path(invitation.id) }));
      return invitation;
    },
    onSuccess: (invitation) => {
      queryClient.setQueryData<Invitation[]>(INVITATIONS_KEY, (list) =>
        list?.filter((item) => item.id !== invitation.id),
      );
      void queryClient.invalidateQueries({ queryKey: AUDIT_KEY });
    },
    // A 404 (used, expired or cancelled meanwhile) leaves the list out of date too.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: INVITATIONS_KEY });
    },
  });
}
