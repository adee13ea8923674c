/**
 * 支払方法設定: the methods and the gaps (GET /v1/admin/settings/payments), saving one method
 * (PUT …/{id}, with the version read; a 409 `settings.stale` when it was saved elsewhere first)
 * and saving the order (PUT …/order, every id with the order shown; a 409 when the order changed
 * since). Both saves answer the whole desk as it is now (the list and its new gaps): the list
 * shows it at once, and the audit log has a new line.
 */
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { client, loadData } from '../api/admin-client';
import { ADMIN_ROOT } from '../api/session-queries';
import { SETTINGS_KEY } from './carriage-queries';
import type { PaymentMethodInput, PaymentMethodSettings, PaymentOrderInput, PaymentSettings } from './payments-types';

const PAYMENTS_KEY = [...SETTINGS_KEY, 'payments'] as const;

export const paymentsQuery = () =>
  queryOptions({
    queryKey: PAYMENTS_KEY,
    queryFn: ({ signal }) => loadData(client().GET('/v1/admin/settings/payments', { signal })),
  });

/** 最新の内容を読み込む: the methods as the server has them now (after a 409), read afresh. */
export function refreshPayments(queryClient: QueryClient): Promise<PaymentSettings> {
  return queryClient.fetchQuery({ ...paymentsQuery(), staleTime: 0 });
}

/** The method `id` of an answer; a method the answer lacks is not this shop's (as the server's 404). */
export function methodIn(settings: PaymentSettings, id: string): PaymentMethodSettings {
  const method = settings.data.find((candidate) => candidate.id === id);
  if (!method) throw new Error(`no payment method ${id} in the answer`);
  return method;
}

/** 最新の内容を読み込む on the editor: the method `id` as the server has it now. */
export async function refreshPaymentMethod(queryClient: QueryClient, id: string): Promise<PaymentMethodSettings> {
  return methodIn(await refreshPayments(queryClient), id);
}

/** The audit log's queries: a save adds a line to it. */
function auditLogChanged(queryClient: QueryClient) {
  // Not awaited: the page says it is saved at once.
  void queryClient.invalidateQueries({ queryKey: [...ADMIN_ROOT, 'audit-log'] });
}

/**
 * 保存する on the editor: the method `id`, answered as saved. The answer is the whole desk: the
 * list (and its gaps) takes it, and the editor the method.
 */
export function useSavePaymentMethod(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PaymentMethodInput): Promise<PaymentMethodSettings> => {
      const saved = await loadData(
        client().PUT('/v1/admin/settings/payments/{id}', { params: { path: { id } }, body }),
      );
      queryClient.setQueryData(PAYMENTS_KEY, saved);
      return methodIn(saved, id);
    },
    onSuccess: () => auditLogChanged(queryClient),
  });
}

/** 上へ / 下へ: every method's id in the new order, with the order the list showed. */
export function useSavePaymentOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentOrderInput) => loadData(client().PUT('/v1/admin/settings/payments/order', { body })),
    onSuccess: (saved) => {
      queryClient.setQueryData(PAYMENTS_KEY, saved);
      auditLogChanged(queryClient);
    },
  });
}
