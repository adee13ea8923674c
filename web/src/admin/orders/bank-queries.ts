/**
 * 入金消込 (docs/contracts/bank-reconciliation.md): a bank statement's CSV previewed against the
 * shop's open bank transfers (POST /v1/admin/bank-statements/preview, the file's bytes as the
 * body; nothing changes), then the lines staff confirmed applied as the order desk's 入金確認
 * (POST /v1/admin/bank-statements/apply), after which the desk's lists are read again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi, checkResponse, client, loadData } from '../api/admin-client';
import type { StatementApplied, StatementApplyInput, StatementPreview } from './bank-types';
import { ORDERS_KEY } from './order-queries';

/** The statement as the bank wrote it (Shift_JIS or UTF-8): its bytes, never read as text here. */
export function usePreviewStatement() {
  return useMutation({
    mutationFn: async (file: Blob): Promise<StatementPreview> => {
      const response = await checkResponse(
        await adminApi().fetch('/v1/admin/bank-statements/preview', {
          method: 'POST',
          headers: { 'Content-Type': 'text/csv' },
          body: await file.arrayBuffer(),
        }),
      );
      return (await response.json()) as StatementPreview;
    },
  });
}

/** Each match is the desk's 入金確認 of its order at the version the preview showed. */
export function useApplyStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StatementApplyInput): Promise<StatementApplied> =>
      loadData(client().POST('/v1/admin/bank-statements/apply', { body })),
    // Even a refused line may have followed recorded ones: the desk reads its lists again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ORDERS_KEY }),
  });
}
