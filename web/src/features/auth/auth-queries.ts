/**
 * The auth screens' calls (spec 000 §7 Auth, /work/members-contract.md flows 1–6, 9, 13). Every
 * typed call of the feature lives here, so when the generated schema learns the member paths
 * (`npm run gen:api`) this is the one file to adjust. The shapes below are the contract's.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, apiInstance, load } from '../../api/client';

/** The login response (contract "Login response (200)"). */
export interface LoginResponse {
  access_token?: string;
  token_type?: 'Bearer';
  expires_in?: number;
  /** Epoch seconds. */
  expires_at?: number;
  user_id: string;
  is_verify: boolean;
  /** An opaque id of the pending verification — never the code itself. */
  verify_code?: string;
  is_registered_member: boolean;
  has_password_expired: boolean;
  has_mail_error_count_over: boolean;
  is_sync_user_channel?: boolean;
}

export type GenderCt = 1 | 2 | 3 | 4;
export type QuestionCt = 1 | 2 | 3 | 4;

/** The profile fields of `POST /v1/users` (contract "User"); corporate fields only there. */
export interface RegisterInput {
  email: string;
  username?: string;
  password: string;
  password_confirmation: string;
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
  question_ct: QuestionCt | null;
  answer?: string;
  corporation?: string;
  department?: string;
  business_type?: string;
  store_name?: string;
  url?: string;
  /** Default true: the new member is logged in (or the code flow starts). */
  is_login?: boolean;
}

export interface RegisteredUser {
  id: string;
  email: string;
  username: string;
  is_registered_member: boolean;
}

/** 201 of `POST /v1/users`; `login` is absent when `is_login` was false. */
export interface RegisterResult {
  user: RegisteredUser;
  login?: LoginResponse | null;
}

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

export interface SocialProvider {
  type: string;
  name: string;
}

/** The address of a postal code (GET /v1/postal-code). */
export interface PostalAddress {
  postal_code: string;
  prefecture: string;
  city: string;
  town: string;
  street: string;
}

export const authKeys = {
  all: ['auth'] as const,
  unlock: (token: string) => [...authKeys.all, 'unlock', token] as const,
  emailToken: (token: string) => [...authKeys.all, 'email-verify', token] as const,
  providers: () => [...authKeys.all, 'providers'] as const,
  social: (type: string, search: string) => [...authKeys.all, 'social', type, search] as const,
  prefectures: () => ['postal-codes', 'prefectures'] as const,
  postal: (code: string) => ['postal-code', code] as const,
};

/** POST /v1/auth/login: `username` is the username or the e-mail address. */
export async function loginWithPassword(input: Credentials): Promise<LoginResponse> {
  return (await load(api().POST('/v1/auth/login', { body: input }))).data as LoginResponse;
}

/** POST /v1/auth/login-sync-channel: an account of a sibling shop, by its own credentials. */
export async function loginWithSiblingAccount(input: Credentials): Promise<LoginResponse> {
  return (await load(api().POST('/v1/auth/login-sync-channel', { body: input }))).data as LoginResponse;
}

/** POST /v1/auth/verify: the mailed one-time code of a login or registration. */
export async function verifyOneTimeCode(input: VerifyInput): Promise<LoginResponse> {
  return (await load(api().POST('/v1/auth/verify', { body: input }))).data as LoginResponse;
}

/** POST /v1/users (201 `{user, login}`). */
export async function registerMember(input: RegisterInput): Promise<RegisterResult> {
  return (await load(api().POST('/v1/users', { body: input }))).data as RegisterResult;
}

/** POST /v1/email-verify/request: mails a code and a `/verify/email?token=` link to the member. */
export async function requestEmailVerification(): Promise<void> {
  await load(api().POST('/v1/email-verify/request'));
}

/** POST /v1/email-verify/check with the typed code (logged in) or the link's token. */
export async function checkEmailVerification(input: { code: string } | { token: string }): Promise<void> {
  await load(api().POST('/v1/email-verify/check', { body: input }));
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
    queryFn: async () => {
      await checkEmailVerification({ token });
      return true as const;
    },
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });

/** GET /v1/auth/providers: the social logins this shop offers (none when the call fails). */
export const providersQuery = () =>
  queryOptions({
    queryKey: authKeys.providers(),
    queryFn: async ({ signal }): Promise<SocialProvider[]> => {
      const data = (await load(api().GET('/v1/auth/providers', { signal }))).data as unknown;
      const list = Array.isArray(data) ? data : (data as { data?: unknown } | null)?.data;
      if (!Array.isArray(list)) return [];
      return list.flatMap((item: unknown): SocialProvider[] => {
        const entry = item as { type?: unknown; name?: unknown; label?: unknown };
        if (typeof entry?.type !== 'string' || !/^[a-z0-9_-]{1,40}$/i.test(entry.type)) return [];
        const name = typeof entry.name === 'string' ? entry.name : typeof entry.label === 'string' ? entry.label : entry.type;
        return [{ type: entry.type, name }];
      });
    },
    staleTime: 5 * 60_000,
    retry: false,
  });

export const useProviders = () => useQuery(providersQuery());

/** Where the browser goes to start a social login (the server redirects on to the provider). */
export function socialLoginUrl(type: string, redirectPath: string): string {
  const base = apiInstance().deps.baseUrl;
  return `${base}/v1/auth/${encodeURIComponent(type)}/redirect?redirect=${encodeURIComponent(redirectPath)}`;
}

/** GET /v1/auth/{type}/callback with the provider's query (code, state): the login response. */
export const socialCallbackQuery = (type: string, search: string) =>
  queryOptions({
    queryKey: authKeys.social(type, search),
    queryFn: async ({ signal }): Promise<LoginResponse> => {
      const query = Object.fromEntries(new URLSearchParams(search));
      return (
        await load(api().GET('/v1/auth/{type}/callback', { params: { path: { type }, query }, signal }))
      ).data as LoginResponse;
    },
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });

export const prefecturesQuery = () =>
  queryOptions({
    queryKey: authKeys.prefectures(),
    queryFn: async ({ signal }) => (await load(api().GET('/v1/postal-codes/prefectures', { signal }))).data.data,
    staleTime: Infinity,
  });

/** The 47 prefectures for the select; the form still works (free text) if they fail to load. */
export const usePrefectures = () => useQuery(prefecturesQuery());

/** The address of a 7-digit postal code, or null when there is none (or the lookup failed). */
export async function lookupPostalCode(code: string, signal?: AbortSignal): Promise<PostalAddress | null> {
  try {
    return (await load(api().GET('/v1/postal-code', { params: { query: { code } }, signal }))).data;
  } catch {
    return null;
  }
}

/** POST /v1/product-histories for one product; false when it did not go through. */
export async function recordProductView(productId: string): Promise<boolean> {
  try {
    await load(api().POST('/v1/product-histories', { body: { product_id: productId } }));
    return true;
  } catch {
    return false;
  }
}
