/**
 * 会員管理 (docs/contracts/member-desk.md): the list (GET /v1/admin/members) and its CSV
 * (…/members.csv, the same query plus `encoding`, saved under the server's file name), one member
 * (GET …/members/{id}) and the desk's changes — ロックを解除 (POST …/unlock) and 要注意 (PUT
 * …/caution), each with the version shown (409 `members.stale` when the member changed
 * elsewhere first) and answered by the member as they are now — the points ledger (GET
 * …/points) and ポイントを調整 (POST …/points, with the balance shown: 409 `points.stale` when it
 * has moved since). The member's recent orders and inquiries come from the order desk
 * (GET /v1/admin/orders?member=) and the inbox (GET /v1/admin/inquiries?q={email}).
 */
import { keepPreviousData, queryOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminApiError, adminApi, checkResponse, client, load, loadData, loadPage } from '../api/admin-client';
import { ADMIN_ROOT } from '../api/session-queries';
import { todayInJapan } from '../ui/date-time';
import { fileNameOf } from '../ui/save-file';
import { csvPath, listQuery, type MemberFilter } from './member-filter';
import type { CautionBody, MemberCsvEncoding, MemberDetail, PointsBody } from './members-types';

export const MEMBERS_PER_PAGE = 20;
export const POINTS_PER_PAGE = 20;
/** How many of the member's latest orders and inquiries the member's page lists. */
export const RECENT_COUNT = 5;

/** Every query of the member desk keys under this. */
export const MEMBERS_KEY = [...ADMIN_ROOT, 'members'] as const;
const LIST_KEY = [...MEMBERS_KEY, 'list'] as const;
const AUDIT_KEY = [...ADMIN_ROOT, 'audit-log'] as const;
/** The order desk's queries: an order shows its member's 要注意. */
const ORDERS_KEY = [...ADMIN_ROOT, 'orders'] as const;

/** The code of a 409 on ロックを解除 / 要注意: the member was changed elsewhere since the page read them. */
export const MEMBER_STALE_CODE = 'members.stale';
/** The code of a 409 on ポイントを調整: the balance has moved since the page read it. */
export const POINTS_STALE_CODE = 'points.stale';

export function isMemberStale(error: unknown): boolean {
  return error instanceof AdminApiError && (error.code === MEMBER_STALE_CODE || error.status === 409);
}

export function isPointsStale(error: unknown): boolean {
  return error instanceof AdminApiError && (error.code === POINTS_STALE_CODE || error.status === 409);
}

export function isNotFound(error: unknown): boolean {
  return error instanceof AdminApiError && error.status === 404;
}

const path = (id: string) => ({ path: { id } });

export const membersQuery = (filter: MemberFilter) =>
  queryOptions({
    queryKey: [...LIST_KEY, filter] as const,
    queryFn: ({ signal }) =>
      loadPage(client().GET('/v1/admin/members', { params: { query: listQuery(filter, MEMBERS_PER_PAGE) }, signal })),
    placeholderData: keepPreviousData,
  });

export const memberQuery = (id: string) =>
  queryOptions({
    queryKey: [...MEMBERS_KEY, 'detail', id] as const,
    queryFn: ({ signal }) => loadData(client().GET('/v1/admin/members/{id}', { params: path(id), signal })),
  });

/** The balance and one page of the ledger (newest first). */
export const memberPointsQuery = (id: string, page: number) =>
  queryOptions({
    queryKey: [...MEMBERS_KEY, 'points', id, page] as const,
    queryFn: ({ signal }) =>
      load(
        client().GET('/v1/admin/members/{id}/points', {
          params: { ...path(id), query: { page, per: POINTS_PER_PAGE } },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

/** The member's latest orders, from the order desk. */
export const memberOrdersQuery = (id: string) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'list', { member: id, per: RECENT_COUNT }] as const,
    queryFn: ({ signal }) =>
      loadPage(
        client().GET('/v1/admin/orders', {
          params: { query: { member: id, page: '1', per: String(RECENT_COUNT) } },
          signal,
        }),
      ),
  });

/** The member's latest inquiries: the inbox searched for their e-mail address. */
export const memberInquiriesQuery = (email: string) =>
  queryOptions({
    queryKey: [...ADMIN_ROOT, 'inquiries', 'list', { q: email, per: RECENT_COUNT }] as const,
    queryFn: ({ signal }) =>
      loadPage(client().GET('/v1/admin/inquiries', { params: { query: { q: email, per: RECENT_COUNT } }, signal })),
  });

/**
 * 最新の内容を読み込む: the member afresh (after a 409), into the page. A failure is the member's
 * query's own (a member who left meanwhile reads as not found).
 */
export function refreshMember(queryClient: QueryClient, id: string): Promise<void> {
  return queryClient.refetchQueries({ queryKey: memberQuery(id).queryKey, exact: true });
}

/** 最新の内容を読み込む for the points: every page of the member's ledger afresh. */
export function refreshPoints(queryClient: QueryClient, id: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [...MEMBERS_KEY, 'points', id] });
}

/** A change's answer (the member now) into the page at once; the list and the audit log read again. */
function useMemberChange<V>(id: string, call: (variables: V) => Promise<MemberDetail>, touchesOrders = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (member) => {
      queryClient.setQueryData(memberQuery(id).queryKey, member);
      void queryClient.invalidateQueries({ queryKey: LIST_KEY });
      void queryClient.invalidateQueries({ queryKey: AUDIT_KEY });
      if (touchesOrders) void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
    },
  });
}

/** ロックを解除: every failed-login count of the account cleared, with the version shown. */
export function useUnlockMember(id: string) {
  return useMemberChange(id, (version: number) =>
    loadData(client().POST('/v1/admin/members/{id}/unlock', { params: path(id), body: { version } })),
  );
}

/** 要注意 on or off, with its note (the order desk shows it on the member's orders). */
export function useSetCaution(id: string) {
  return useMemberChange(
    id,
    (body: CautionBody) => loadData(client().PUT('/v1/admin/members/{id}/caution', { params: path(id), body })),
    true,
  );
}

/** ポイントを調整: the answer is the balance and the ledger's first page; every page reads again. */
export function useAdjustPoints(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PointsBody) =>
      loadData(client().POST('/v1/admin/members/{id}/points', { params: path(id), body })),
    onSuccess: () => {
      void refreshPoints(queryClient, id);
      void queryClient.invalidateQueries({ queryKey: AUDIT_KEY });
    },
  });
}

export interface MemberFile {
  file: Blob;
  name: string;
}

/** The list's CSV as the server wrote it (UTF-8 with a BOM, or Shift_JIS), under its file name. */
export function useDownloadMembersCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      filter,
      encoding,
    }: {
      filter: Omit<MemberFilter, 'page'>;
      encoding: MemberCsvEncoding;
    }): Promise<MemberFile> => {
      const response = await checkResponse(
        await adminApi().fetch(csvPath(filter, encoding), { headers: { Accept: 'text/csv' } }),
      );
      return {
        file: await response.blob(),
        name: fileNameOf(response.headers.get('content-disposition')) ?? `会員_${todayInJapan()}.csv`,
      };
    },
    // The export is audited.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: AUDIT_KEY }),
  });
}
