/**
 * 振込先口座: the account (GET /v1/admin/settings/bank-account) and 保存する (PUT, every field with
 * the version read; a 409 `settings.stale` when it was saved elsewhere first). A save answers the
 * account as the server normalised it (version + 1): shown at once; the audit log has a new line,
 * and 支払方法設定 is read again (銀行振込 can be enabled once an account is saved). The key and
 * the 409's test are 送料設定's (every settings screen shares them).
 */
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { client, loadData } from '../api/admin-client';
import { ADMIN_ROOT } from '../api/session-queries';
import type { BankAccountInput, BankAccountSettings } from './bank-account-types';
import { SETTINGS_KEY } from './carriage-queries';
import { paymentsQuery } from './payments-queries';

const BANK_ACCOUNT_KEY = [...SETTINGS_KEY, 'bank-account'] as const;

export const bankAccountQuery = () =>
  queryOptions({
    queryKey: BANK_ACCOUNT_KEY,
    queryFn: ({ signal }) => loadData(client().GET('/v1/admin/settings/bank-account', { signal })),
  });

/** 最新の内容を読み込む: the account as the server has it now (after a 409), read afresh. */
export function refreshBankAccount(queryClient: QueryClient): Promise<BankAccountSettings> {
  return queryClient.fetchQuery({ ...bankAccountQuery(), staleTime: 0 });
}

/** 保存する: the account, answered as saved (normalised). */
export function useSaveBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BankAccountInput) => loadData(client().PUT('/v1/admin/settings/bank-account', { body })),
    onSuccess: (saved) => {
      queryClient.setQueryData(BANK_ACCOUNT_KEY, saved);
      // Not awaited: the page says it is saved at once.
      // 銀行振込's `unready_reason` on 支払方法設定 follows the account.
      void queryClient.invalidateQueries({ queryKey: paymentsQuery().queryKey });
      void queryClient.invalidateQueries({ queryKey: [...ADMIN_ROOT, 'audit-log'] });
    },
  });
}
