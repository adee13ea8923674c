/**
 * 売上 (docs/contracts/reports.md): the sales over time (GET /v1/admin/reports/sales?from&to&grain),
 * a breakdown (GET …/breakdown?from&to&by), and their CSVs (…/sales.csv, …/breakdown.csv, the
 * same query plus `encoding`) as bytes saved under the server's file name. Every call of the
 * screen is here.
 */
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { AdminApiError, adminApi, checkResponse, client, loadData } from '../api/admin-client';
import { ADMIN_ROOT } from '../api/session-queries';
import { fileNameOf } from '../ui/save-file';
import type { BreakdownQuery, ReportCsvEncoding, SalesQuery } from './report-types';

/** Every query of 売上 keys under this. */
export const REPORTS_KEY = [...ADMIN_ROOT, 'reports'] as const;

/**
 * A stretch looked at for the first time (a year of a large shop) is counted by the server in
 * the background: it answers 503 `reports.counting` meanwhile, and the screen asks again every
 * few seconds, showing the server's message until the figures come.
 */
export const COUNTING_CODE = 'reports.counting';
const COUNTING_RETRIES = 40;
const COUNTING_RETRY_MS = 3000;

export function isCounting(error: unknown): boolean {
  return error instanceof AdminApiError && error.status === 503 && error.code === COUNTING_CODE;
}

const whileCounting = {
  retry: (failures: number, error: Error) => isCounting(error) && failures < COUNTING_RETRIES,
  retryDelay: COUNTING_RETRY_MS,
};

/** The sales of `from`…`to` by `grain`, with the total and the previous stretch's total. */
export const salesReportQuery = ({ from, to, grain }: SalesQuery) =>
  queryOptions({
    queryKey: [...REPORTS_KEY, 'sales', { from, to, grain }] as const,
    queryFn: ({ signal }) =>
      loadData(client().GET('/v1/admin/reports/sales', { params: { query: { from, to, grain } }, signal })),
    ...whileCounting,
    // Another grain or period keeps the last answer on the screen until the new one arrives.
    placeholderData: keepPreviousData,
  });

/** The sales of `from`…`to` broken down `by`. */
export const breakdownReportQuery = ({ from, to, by }: BreakdownQuery) =>
  queryOptions({
    queryKey: [...REPORTS_KEY, 'breakdown', { from, to, by }] as const,
    queryFn: ({ signal }) =>
      loadData(client().GET('/v1/admin/reports/breakdown', { params: { query: { from, to, by } }, signal })),
    ...whileCounting,
    placeholderData: keepPreviousData,
  });

/** Which CSV: the sales over time (`sales.csv`) or a breakdown (`breakdown.csv`), with its query. */
export type ReportCsv = { kind: 'sales'; query: SalesQuery } | { kind: 'breakdown'; query: BreakdownQuery };

/** The CSV's address: the JSON's query (in the same order) plus `encoding`. */
export function reportCsvPath(csv: ReportCsv, encoding: ReportCsvEncoding): string {
  const { from, to } = csv.query;
  const query =
    csv.kind === 'sales'
      ? new URLSearchParams({ from, to, grain: csv.query.grain, encoding })
      : new URLSearchParams({ from, to, by: csv.query.by, encoding });
  return `/v1/admin/reports/${csv.kind}.csv?${query}`;
}

/** The name when the server gives none (it does: 売上_{from}_{to}_{grain}.csv, 売上内訳_…_{by}.csv). */
function fallbackName(csv: ReportCsv): string {
  const { from, to } = csv.query;
  return csv.kind === 'sales'
    ? `売上_${from}_${to}_${csv.query.grain}.csv`
    : `売上内訳_${from}_${to}_${csv.query.by}.csv`;
}

export interface ReportFile {
  file: Blob;
  name: string;
}

/** A report's CSV as the server wrote it (UTF-8 with a BOM, or Shift_JIS), under its file name. */
export function useDownloadReportCsv() {
  return useMutation({
    mutationFn: async ({ csv, encoding }: { csv: ReportCsv; encoding: ReportCsvEncoding }): Promise<ReportFile> => {
      const response = await checkResponse(
        await adminApi().fetch(reportCsvPath(csv, encoding), { headers: { Accept: 'text/csv' } }),
      );
      return {
        file: await response.blob(),
        name: fileNameOf(response.headers.get('content-disposition')) ?? fallbackName(csv),
      };
    },
  });
}
