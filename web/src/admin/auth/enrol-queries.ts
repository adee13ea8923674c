/**
 * 登録 (/admin/enrol?token=…): the mailed link's person and the authenticator's new secret (POST
 * /v1/admin/enrolments/lookup; no session needed, the token is the credential) and 登録する (POST
 * /v1/admin/enrolments/complete), which logs the person in as the login's code step does.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, JsonOf } from '../../api/types';
import { AdminApiError, client, loadData } from '../api/admin-client';
import { ADMIN_ROOT, meQuery } from '../api/session-queries';

/** The link's person (name, e-mail, role), the shop, and the secret to add to the authenticator app. */
export type Enrolment = JsonOf<'/v1/admin/enrolments/lookup', 'post'>;
/** 登録する: the token, the chosen password and the authenticator's first code. */
export type EnrolmentCompleteBody = BodyOf<'/v1/admin/enrolments/complete', 'post'>;

/** The server's code for an unknown, used, expired or cancelled link. */
export const ENROLMENT_INVALID_CODE = 'admin.enrolment.invalid';

/** What the page says for a link that cannot be used (the server's words for its 404). */
export const ENROLMENT_INVALID =
  'このリンクは無効か、有効期限が切れています。オーナーに招待（再設定）をやり直してもらってください。';

/** The link cannot be used (any more): 404 `admin.enrolment.invalid`. */
export function isInvalidLink(error: unknown): boolean {
  return error instanceof AdminApiError && (error.code === ENROLMENT_INVALID_CODE || error.status === 404);
}

/**
 * The link's enrolment, read once for the page's life: the secret it shows must stay the one the
 * person adds to their app, so it is never read again behind their back (focus, staleness).
 */
export const enrolmentQuery = (token: string) =>
  queryOptions({
    queryKey: [...ADMIN_ROOT, 'enrolment', token] as const,
    queryFn: ({ signal }) => loadData(client().POST('/v1/admin/enrolments/lookup', { body: { token }, signal })),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: false,
  });

/** 登録する: on success the person is logged in (the cookie is set) and the session is theirs. */
export function useCompleteEnrolment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EnrolmentCompleteBody) => loadData(client().POST('/v1/admin/enrolments/complete', { body })),
    onSuccess: (session) => {
      // Nothing read for someone else (an owner trying the link in their own browser) may stay.
      queryClient.removeQueries({ queryKey: ADMIN_ROOT });
      queryClient.setQueryData(meQuery().queryKey, session);
    },
  });
}
