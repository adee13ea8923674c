/**
 * Postal codes (GET /v1/postal-code, GET /v1/postal-codes/prefectures), shared by every form
 * with an address: the prefecture list for the select and the address of a 7-digit code.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryClient } from '../../lib/query-client';
import { api, load } from '../../api/client';
import type { PostalAddress, Prefecture } from '../../api/types';

export const postalKeys = {
  prefectures: () => ['postal-codes', 'prefectures'] as const,
  address: (code: string) => ['postal-code', code] as const,
};

export const prefecturesQuery = () =>
  queryOptions({
    queryKey: postalKeys.prefectures(),
    queryFn: async ({ signal }): Promise<Prefecture[]> =>
      (await load(api().GET('/v1/postal-codes/prefectures', { signal }))).data.data,
    staleTime: Infinity,
  });

/** The 47 prefectures for the select; a form still works (free text) if they fail to load. */
export const usePrefectures = () => useQuery(prefecturesQuery());

/**
 * The address of a 7-digit postal code, or null when there is none or the lookup failed. Asked
 * on demand (typing, or the autofill button), so a miss is the form's business, not an error
 * page; each code is asked once.
 */
export async function lookupPostalCode(code: string): Promise<PostalAddress | null> {
  try {
    return await queryClient.fetchQuery({
      queryKey: postalKeys.address(code),
      queryFn: async ({ signal }) =>
        (await load(api().GET('/v1/postal-code', { params: { query: { code } }, signal }))).data,
      staleTime: Infinity,
      retry: false,
    });
  } catch {
    return null;
  }
}
