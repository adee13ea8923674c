/**
 * The signed-in staff member and their shop (GET /v1/admin/auth/me), the two login steps and
 * logout.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client, loadData } from './admin-client';
import type { Permission, Staff } from './admin-types';

/** Every query of the back office keys under this root, so logout can drop them all. */
export const ADMIN_ROOT = ['admin'] as const;

export const meQuery = () =>
  queryOptions({
    queryKey: [...ADMIN_ROOT, 'me'] as const,
    queryFn: ({ signal }) => loadData(client().GET('/v1/admin/auth/me', { signal })),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/** The staff member; only under the signed-in layout, whose loader has fetched it. */
export function useStaff(): Staff {
  return useSession().staff;
}

/** The shop is the corporate (B2B) variant: its back office also approves companies (法人会員). */
export function useIsCorporateShop(): boolean {
  return useSession().is_corporate_shop;
}

function useSession() {
  const { data } = useQuery(meQuery());
  if (!data) throw new Error('the staff session is read outside the signed-in layout');
  return data;
}

/** Whether `staff`'s role grants `permission` (the server checks again and answers 403). */
export function can(staff: Pick<Staff, 'permissions'>, permission: Permission): boolean {
  return staff.permissions.includes(permission);
}

/**
 * The signed-in staff member's permissions as a question: `const allowed = useCan();
 * allowed('shipping')`. Menus and buttons follow the permissions, never the role's name.
 */
export function useCan(): (permission: Permission) => boolean {
  const staff = useStaff();
  return (permission) => can(staff, permission);
}

export function usePasswordStep() {
  return useMutation({
    mutationFn: (body: { email: string; password: string }) =>
      loadData(client().POST('/v1/admin/auth/login', { body })),
  });
}

export function useCodeStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { pending: string; code: string }) => loadData(client().POST('/v1/admin/auth/totp', { body })),
    onSuccess: (session) => {
      queryClient.removeQueries({ queryKey: ADMIN_ROOT });
      queryClient.setQueryData(meQuery().queryKey, session);
    },
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => loadData(client().POST('/v1/admin/auth/logout')),
    onSettled: () => queryClient.removeQueries({ queryKey: ADMIN_ROOT }),
  });
}
