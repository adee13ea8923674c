/**
 * Forgotten password and username (spec 001 §4 "Reminder", members contract §7–8): request a
 * mail, check the mailed token, then reset. A password reset answers a login response that logs
 * the member in.
 */
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, load } from '../../api/client';
import { dropViewerData } from '../../lib/logout';
import { applyGrant, setMfa } from '../../lib/session';
import { queryClient as appQueryClient } from '../../lib/query-client';

export const reminderKeys = {
  all: ['reminder'] as const,
  check: (token: string) => [...reminderKeys.all, 'check', token] as const,
  usernameCheck: (token: string) => [...reminderKeys.all, 'username-check', token] as const,
};

export type QuestionCt = 1 | 2 | 3 | 4;

/** The login response of the contract (POST /v1/reminder/reset answers one). */
export interface LoginResponse {
  access_token?: string;
  token_type?: 'Bearer';
  expires_in?: number;
  expires_at?: number;
  user_id: string;
  is_verify: boolean;
  verify_code?: string;
  is_registered_member: boolean;
  has_password_expired: boolean;
  has_mail_error_count_over: boolean;
  is_sync_user_channel?: boolean;
}

export interface ReminderCheck {
  question_ct: QuestionCt | null;
}

export interface ReminderResetInput {
  token: string;
  password: string;
  password_confirmation: string;
  answer?: string;
}

export interface UsernameResetInput {
  token: string;
  username: string;
}

/** The same answer whether or not the address is registered (no enumeration). */
export interface RequestAccepted {
  message: string;
}

export const reminderCheckQuery = (token: string) =>
  queryOptions({
    queryKey: reminderKeys.check(token),
    queryFn: async (): Promise<ReminderCheck> =>
      (await load(api().POST('/v1/reminder/check', { body: { token } }))).data as ReminderCheck,
    staleTime: Infinity,
    retry: false,
  });

export const usernameCheckQuery = (token: string) =>
  queryOptions({
    queryKey: reminderKeys.usernameCheck(token),
    queryFn: async (): Promise<{ username: string }> =>
      (await load(api().POST('/v1/reminder/username/check', { body: { token } }))).data as { username: string },
    staleTime: Infinity,
    retry: false,
  });

export const useReminderCheck = (token: string) => useQuery({ ...reminderCheckQuery(token), enabled: token !== '' });
export const useUsernameCheck = (token: string) => useQuery({ ...usernameCheckQuery(token), enabled: token !== '' });

export const useReminderRequest = () =>
  useMutation({
    mutationFn: async (email: string): Promise<RequestAccepted> =>
      (await load(api().POST('/v1/reminder/request', { body: { email } }))).data as RequestAccepted,
  });

export const useUsernameRequest = () =>
  useMutation({
    mutationFn: async (email: string): Promise<RequestAccepted> =>
      (await load(api().POST('/v1/reminder/username/request', { body: { email } }))).data as RequestAccepted,
  });

export type SignInResult = 'logged-in' | 'verify' | 'logged-out';

/**
 * Takes a login response into the session: a token logs the member in; without one, a pending
 * code verification keeps the user id in `mfa` (spec 000 §4).
 */
export function signInWith(response: LoginResponse): SignInResult {
  if (response.access_token) {
    // What was cached for the visitor (favourite marks, …) is not the member's.
    dropViewerData();
    applyGrant({ ...response, access_token: response.access_token });
    return 'logged-in';
  }
  if (response.is_verify) {
    setMfa(response.user_id, { isSyncUserChannel: response.is_sync_user_channel === true });
    return 'verify';
  }
  return 'logged-out';
}

/** POST /v1/reminder/reset → login response (the screen then leaves for /mypage). */
export const useReminderReset = () =>
  useMutation({
    mutationFn: async (input: ReminderResetInput): Promise<LoginResponse> =>
      (await load(api().POST('/v1/reminder/reset', { body: input }))).data as LoginResponse,
  });

/** POST /v1/reminder/username/reset → the new username (422 on `username` when taken). */
export const useUsernameReset = () =>
  useMutation({
    mutationFn: async (input: UsernameResetInput): Promise<{ username: string }> =>
      (await load(api().POST('/v1/reminder/username/reset', { body: input }))).data as { username: string },
    onSuccess: (answer, input) => {
      appQueryClient.setQueryData(reminderKeys.usernameCheck(input.token), answer);
    },
  });
