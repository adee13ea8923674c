/**
 * Forgotten password and username (spec 001 §4 "Reminder", members contract §7–8): request a
 * mail, check the mailed token, then reset. A password reset answers a login response that logs
 * the member in.
 */
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, load } from '../../api/client';
import type { LoginResponse } from '../../api/types';
import { botCheckParams } from '../../domain/bot-check/bot-check';
import { queryClient as appQueryClient } from '../../lib/query-client';

export const reminderKeys = {
  all: ['reminder'] as const,
  check: (token: string) => [...reminderKeys.all, 'check', token] as const,
  usernameCheck: (token: string) => [...reminderKeys.all, 'username-check', token] as const,
};

export type QuestionCt = 1 | 2 | 3 | 4;

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

/** A reminder request: the address, and the bot check's proof (domain/bot-check/bot-check). */
export interface ReminderRequest {
  email: string;
  proof: string;
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
    mutationFn: async ({ email, proof }: ReminderRequest): Promise<RequestAccepted> =>
      (await load(api().POST('/v1/reminder/request', { body: { email }, params: botCheckParams(proof) })))
        .data as RequestAccepted,
  });

export const useUsernameRequest = () =>
  useMutation({
    mutationFn: async ({ email, proof }: ReminderRequest): Promise<RequestAccepted> =>
      (await load(api().POST('/v1/reminder/username/request', { body: { email }, params: botCheckParams(proof) })))
        .data as RequestAccepted,
  });

/** POST /v1/reminder/reset → login response: the member is logged in (domain/auth/login-complete). */
export const useReminderReset = () =>
  useMutation({
    mutationFn: async (input: ReminderResetInput): Promise<LoginResponse> =>
      (await load(api().POST('/v1/reminder/reset', { body: input }))).data,
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
