/**
 * The member area's calls (spec 001 §7, /work/members-contract.md §10–12): profile, password,
 * login history, leaving and logging out, plus the postal-code lookup of the profile form.
 * Types follow the contract until the generated schema names these paths.
 */
import { queryOptions, useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { api, load, type Pagination } from '../../api/client';
import { logout } from '../../lib/logout';
import { queryClient as appQueryClient } from '../../lib/query-client';

export const LOGIN_HISTORY_PER_PAGE = 10;

export const accountKeys = {
  all: ['me'] as const,
  user: () => [...accountKeys.all, 'user'] as const,
  loginHistories: (page: number) => [...accountKeys.all, 'login-histories', { page }] as const,
  postal: (code: string) => ['postal-code', code] as const,
  prefectures: () => ['postal-codes', 'prefectures'] as const,
};

export type GenderCt = 1 | 2 | 3 | 4;
export type QuestionCt = 1 | 2 | 3 | 4;

/** GET /v1/me/user (contract: User). Corporate fields are null outside the corporate channel. */
export interface MemberUser {
  id: string;
  code: string;
  email: string;
  username: string;
  is_receive_newsletter: 0 | 1;
  is_registered_member: boolean;
  last_name: string;
  first_name: string;
  last_name_kana: string;
  first_name_kana: string;
  gender_ct: GenderCt | null;
  birthday: string | null;
  postal_code: string;
  prefecture: string;
  city: string;
  address1: string;
  address2: string;
  phone_number: string;
  cell_phone_number: string;
  question_ct: QuestionCt | null;
  created_at: string;
  corporation: string | null;
  department: string | null;
  business_type: string | null;
  store_name: string | null;
  url: string | null;
}

/**
 * PUT /v1/me/user: every profile field except username and password. The security question is
 * not among them (the server keeps it; it is set at registration).
 */
export interface ProfileInput {
  email: string;
  is_receive_newsletter: 0 | 1;
  last_name: string;
  first_name: string;
  last_name_kana: string;
  first_name_kana: string;
  gender_ct: GenderCt | null;
  birthday: string | null;
  postal_code: string;
  prefecture: string;
  city: string;
  address1: string;
  address2: string;
  phone_number: string;
  cell_phone_number: string;
  corporation?: string | null;
  department?: string | null;
  business_type?: string | null;
  store_name?: string | null;
  url?: string | null;
}

export interface PasswordInput {
  current_password: string;
  password: string;
  password_confirmation: string;
}

export interface LeaveInput {
  password: string;
  reason?: string;
}

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

/** The address a postal code stands for (GET /v1/postal-code). */
export interface PostalAddress {
  postal_code: string;
  prefecture: string;
  city: string;
  town: string;
  street: string;
}

export interface Prefecture {
  code: string;
  name: string;
}

export const meUserQuery = () =>
  queryOptions({
    queryKey: accountKeys.user(),
    queryFn: async ({ signal }): Promise<MemberUser> =>
      (await load(api().GET('/v1/me/user', { signal }))).data as MemberUser,
  });

export const loginHistoriesQuery = (page: number) =>
  queryOptions({
    queryKey: accountKeys.loginHistories(page),
    queryFn: async ({ signal }): Promise<LoginHistoryPage> => {
      const { data, pagination } = await load(
        api().GET('/v1/me/login-histories', { params: { query: { page: String(page) } }, signal }),
      );
      const items = (data as { data: LoginHistory[] }).data;
      return {
        items,
        pagination: pagination ?? { total: items.length, per: LOGIN_HISTORY_PER_PAGE, last: 1, current: page },
      };
    },
  });

export const prefecturesQuery = () =>
  queryOptions({
    queryKey: accountKeys.prefectures(),
    queryFn: async ({ signal }): Promise<Prefecture[]> =>
      (await load(api().GET('/v1/postal-codes/prefectures', { signal }))).data.data,
    staleTime: Infinity,
  });

export const useMeUser = () => useSuspenseQuery(meUserQuery()).data;
export const useLoginHistories = (page: number) => useSuspenseQuery(loginHistoriesQuery(page)).data;
/** The 47 prefectures for the select; the form still works (free text) if they fail to load. */
export const usePrefectures = () => useQuery(prefecturesQuery());

/**
 * The address of a postal code, or null when there is none. Asked on demand (the autofill
 * button), so a miss is the form's business, not an error toast.
 */
export async function lookupPostalCode(code: string): Promise<PostalAddress | null> {
  try {
    const data = await appQueryClient.fetchQuery({
      queryKey: accountKeys.postal(code),
      queryFn: async ({ signal }) =>
        (await load(api().GET('/v1/postal-code', { params: { query: { code } }, signal }))).data,
      staleTime: Infinity,
      retry: false,
    });
    return data;
  } catch {
    return null;
  }
}

/** PUT /v1/me/user; the answer replaces the cached profile. */
export const useUpdateProfile = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: ProfileInput): Promise<MemberUser> =>
      (await load(api().PUT('/v1/me/user', { body: input }))).data as MemberUser,
    onSuccess: (user) => {
      client.setQueryData(accountKeys.user(), user);
      void client.invalidateQueries({ queryKey: accountKeys.user() });
    },
  });
};

/** PUT /v1/me/password → 204; a wrong current password is a 422 on `current_password`. */
export const useChangePassword = () =>
  useMutation({
    mutationFn: async (input: PasswordInput): Promise<void> => {
      await load(api().PUT('/v1/me/password', { body: input }));
    },
  });

/** Logout (spec 000 §4, lib/logout): local state goes whatever the server says. */
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
