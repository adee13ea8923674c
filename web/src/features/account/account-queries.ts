/**
 * The member area's calls (spec 001 §7): profile, password, login history, leaving and logging
 * out. The member and profile types are the generated schema's (api/types.ts).
 */
import { queryOptions, useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { api, apiInstance, load } from '../../api/client';
import type { Pagination } from '../../lib/paged';
import { meUserQuery, memberUserKey } from '../../domain/member/member-queries';
import type { LeaveInput, Member, ProfileInput, SecurityQuestionInput, UserUpdated } from '../../api/types';
import { logout } from '../../domain/auth/logout';
import { applyGrant } from '../../api/session';
import { MEMBER_QUERY_ROOT } from '../../lib/query-client';

export const LOGIN_HISTORY_PER_PAGE = 10;

export const accountKeys = {
  all: MEMBER_QUERY_ROOT,
  user: memberUserKey,
  loginHistories: (page: number) => [...accountKeys.all, 'login-histories', { page }] as const,
};

export interface PasswordInput {
  current_password: string;
  password: string;
  password_confirmation: string;
}

export type { LeaveInput, SecurityQuestionInput };

export type LoginMethod = 'password' | 'code' | 'reminder' | 'social' | 'sync';

export interface LoginHistory {
  id: string;
  logged_in_at: string;
  ip_address: string;
  user_agent: string;
  method: LoginMethod;
}

export interface LoginHistoryPage {
  items: LoginHistory[];
  pagination: Pagination;
}

export { meUserQuery };

export const loginHistoriesQuery = (page: number) =>
  queryOptions({
    queryKey: accountKeys.loginHistories(page),
    queryFn: async ({ signal }): Promise<LoginHistoryPage> => {
      const { data, pagination } = await load(
        api().GET('/v1/me/login-histories', { params: { query: { page } }, signal }),
      );
      const items = (data as { data: LoginHistory[] }).data;
      return {
        items,
        pagination: pagination ?? { total: items.length, per: LOGIN_HISTORY_PER_PAGE, last: 1, current: page },
      };
    },
  });

export const useMeUser = () => useSuspenseQuery(meUserQuery()).data;
export const useLoginHistories = (page: number) => useSuspenseQuery(loginHistoriesQuery(page)).data;
/**
 * PUT /v1/me/user; the answer (without its `message`) replaces the cached profile. A new e-mail
 * is not applied yet: it comes back as `pending_email`, with `message` saying a link was mailed.
 */
export const useUpdateProfile = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: ProfileInput): Promise<UserUpdated> =>
      (await load(api().PUT('/v1/me/user', { body: input }))).data,
    onSuccess: (answer) => {
      const { message: _message, ...user } = answer;
      client.setQueryData(accountKeys.user(), user as Member);
      void client.invalidateQueries({ queryKey: accountKeys.user() });
    },
  });
};

/**
 * PUT /v1/me/password → 204; a wrong current password is a 422 on `current_password`. The
 * server ends every session, this access token included, and sets a new refresh cookie: the
 * token is refreshed right away (as after a social login) so the next call needs no 401 detour.
 * A failed refresh is left to the client's own 401 handling.
 */
export const useChangePassword = () =>
  useMutation({
    mutationFn: async (input: PasswordInput): Promise<void> => {
      await load(api().PUT('/v1/me/password', { body: input }));
      try {
        applyGrant(await apiInstance().requestRefresh());
      } catch {
        // The next member call's 401 tries the refresh again, or logs out.
      }
    },
  });

/** PUT /v1/me/security-question → the member; a wrong password is a 422 on `current_password`. */
export const useChangeSecurityQuestion = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: SecurityQuestionInput): Promise<Member> =>
      (await load(api().PUT('/v1/me/security-question', { body: input }))).data,
    onSuccess: (user) => client.setQueryData(accountKeys.user(), user),
  });
};

/** POST /v1/me/leave-code → 202 `{message}`: mails the leave code to a member without a password. */
export const useRequestLeaveCode = () =>
  useMutation({
    mutationFn: async (): Promise<string> => (await load(api().POST('/v1/me/leave-code'))).data.message,
  });

/** Logout (spec 000 §4, domain/auth/logout): local state goes whatever the server says. */
export const useLogout = () => useMutation({ mutationFn: () => logout() });

/** DELETE /v1/me/user → 204: the member leaves and is logged out here too. */
export const useLeave = () =>
  useMutation({
    mutationFn: async (input: LeaveInput): Promise<void> => {
      await load(api().DELETE('/v1/me/user', { body: input }));
      // The server revoked the tokens; this clears them here and drops the member's cache.
      await logout();
    },
  });
