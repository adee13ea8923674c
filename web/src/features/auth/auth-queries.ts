/**
 * The auth screens' calls (spec 000 §7 Auth: login, the code step, registration, the e-mail check,
 * unlock, social logins). Every typed call of the feature lives here. Answers are typed by the
 * generated schema (api/schema.d.ts, `npm run gen:api`); `Credentials` and `VerifyInput` are the
 * bodies the forms send.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, apiInstance, load } from '../../api/client';
import type { EmailVerified, JsonOf, LoginResponse, RegisterInput, Registered } from '../../api/types';
import { botCheckParams } from '../../domain/bot-check/bot-check';
import type { TokenGrant } from '../../api/session';

export interface Credentials {
  username: string;
  password: string;
}

export interface VerifyInput {
  /** The code the person typed. */
  verify_code: string;
  user_id: string;
  is_sync_user_channel?: boolean;
}

export type SocialProvider = JsonOf<'/v1/auth/providers'>['data'][number];

export const authKeys = {
  all: ['auth'] as const,
  unlock: (token: string) => [...authKeys.all, 'unlock', token] as const,
  emailToken: (token: string) => [...authKeys.all, 'email-verify', token] as const,
  providers: () => [...authKeys.all, 'providers'] as const,
  socialSession: (landing: string) => [...authKeys.all, 'social-session', landing] as const,
};

/** POST /v1/auth/login: `username` is the username or the e-mail address; `proof` the bot check's. */
export async function loginWithPassword(input: Credentials, proof: string): Promise<LoginResponse> {
  return (await load(api().POST('/v1/auth/login', { body: input, params: botCheckParams(proof) }))).data;
}

/** POST /v1/auth/login-sync-channel: an account of a sibling shop, by its own credentials. */
export async function loginWithSiblingAccount(input: Credentials): Promise<LoginResponse> {
  return (await load(api().POST('/v1/auth/login-sync-channel', { body: input }))).data;
}

/** POST /v1/auth/verify: the mailed one-time code of a login or registration. */
export async function verifyOneTimeCode(input: VerifyInput): Promise<LoginResponse> {
  return (await load(api().POST('/v1/auth/verify', { body: input }))).data;
}

/** POST /v1/users (201 `{user, login}`; no `login` when `is_login` was false); `proof` the bot check's. */
export async function registerMember(input: RegisterInput, proof: string): Promise<Registered> {
  return (await load(api().POST('/v1/users', { body: input, params: botCheckParams(proof) }))).data;
}

/** POST /v1/email-verify/request: mails a code and a `/verify/email?token=` link to the member. */
export async function requestEmailVerification(): Promise<void> {
  await load(api().POST('/v1/email-verify/request'));
}

/**
 * POST /v1/email-verify/check with the typed code (logged in) or the link's token;
 * `email_changed` when the link was the one of an e-mail change.
 */
export async function checkEmailVerification(input: { code: string } | { token: string }): Promise<EmailVerified> {
  return (await load(api().POST('/v1/email-verify/check', { body: input }))).data;
}

/**
 * GET /v1/auth/unlock/{token}. A query, so the link is used once however often the screen
 * renders; a bad or used link is a 404 with the server's message.
 */
export const unlockQuery = (token: string) =>
  queryOptions({
    queryKey: authKeys.unlock(token),
    queryFn: async ({ signal }) =>
      (await load(api().GET('/v1/auth/unlock/{token}', { params: { path: { token } }, signal }))).data as {
        result: boolean;
      },
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });

/** The `/verify/email?token=` check, once per token for the life of the page. */
export const emailTokenQuery = (token: string) =>
  queryOptions({
    queryKey: authKeys.emailToken(token),
    queryFn: () => checkEmailVerification({ token }),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });

/** A provider `type` as a path segment of ours: anything else is not offered. */
const PROVIDER_TYPE = /^[a-z0-9_-]{1,40}$/i;

/**
 * GET /v1/auth/providers: the social logins this shop offers (`{data: [{type, name}]}`, empty
 * when none is configured). A failure shows no buttons rather than an error.
 * The one call of this file that needs the `oauth` server branch's schema (`npm run gen:api`).
 */
export const providersQuery = () =>
  queryOptions({
    queryKey: authKeys.providers(),
    queryFn: async ({ signal }): Promise<SocialProvider[]> =>
      (await load(api().GET('/v1/auth/providers', { signal }))).data.data.filter((p) => PROVIDER_TYPE.test(p.type)),
    staleTime: 5 * 60_000,
    retry: false,
  });

export const useProviders = () => useQuery(providersQuery());

/**
 * Where the browser goes (a full page load, not a fetch) to start a social login; the server
 * sends it on to the provider and, afterwards, to /oauth/callback?redirect=<path>.
 */
export function socialLoginUrl(type: string, redirectPath: string): string {
  const base = apiInstance().deps.baseUrl;
  return `${base}/v1/auth/${encodeURIComponent(type)}/redirect?redirect=${encodeURIComponent(redirectPath)}`;
}

/**
 * The session a finished social login left in the refresh cookie, as an access token:
 * POST /v1/auth/refresh through the client's own refresh. Once per landing URL — a second
 * refresh with the same cookie would look like a stolen one to the server — so never refetched.
 */
export const socialSessionQuery = (landing: string) =>
  queryOptions({
    queryKey: authKeys.socialSession(landing),
    queryFn: (): Promise<TokenGrant> => apiInstance().requestRefresh(),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
