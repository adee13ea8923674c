/**
 * The logged-in member's profile (GET /v1/me/user), shared by the member area and the forms
 * that start from it (お問い合わせ fills in the name, e-mail and phone).
 */
import { queryOptions } from '@tanstack/react-query';
import { MEMBER_QUERY_ROOT } from '../../lib/query-client';
import { api, load } from '../../api/client';
import type { Member } from '../../api/types';

export const memberUserKey = () => [...MEMBER_QUERY_ROOT, 'user'] as const;

export const meUserQuery = () =>
  queryOptions({
    queryKey: memberUserKey(),
    queryFn: async ({ signal }): Promise<Member> => (await load(api().GET('/v1/me/user', { signal }))).data,
  });
