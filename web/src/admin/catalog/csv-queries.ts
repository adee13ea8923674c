/**
 * CSV入出力 (docs/contracts/catalog-csv.md): the products and inventory CSVs downloaded
 * (GET /v1/admin/catalog/products.csv, …/inventory.csv), and an import — the file uploaded
 * (POST …/imports, multipart, 202) for a dry run in the background, asked for every second while
 * it runs (GET …/imports/{id}), then applied (POST …/imports/{id}/apply, 202) and asked for again
 * until it is done. The shop's recent imports (GET …/imports) show a running job after a reload.
 */
import { useCallback } from 'react';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminApiError, adminApi, checkResponse, client, errorText, fieldError, loadData } from '../api/admin-client';
import { ADMIN_ROOT } from '../api/session-queries';
import { fileNameOf } from '../ui/save-file';
import { type CatalogImport, type CsvEncoding, type ImportKind, isRunning, type ProductsCsvQuery } from './csv-types';
import { PRODUCTS_KEY } from './product-queries';
import { STOCK_KEY } from './stock-queries';

/** How often a running job is asked for its progress (the contract's "every second"). */
export const IMPORT_POLL_MS = 1000;

/** The server takes files up to 50 MB; a larger one is refused here before it is sent. */
export const MAX_CSV_BYTES = 50 * 1024 * 1024;
const TOO_LARGE = 'ファイルは50MBまでです。';

/** Every query of the CSV desk keys under this. */
export const CSV_KEY = [...ADMIN_ROOT, 'catalog-csv'] as const;
const LIST_KEY = [...CSV_KEY, 'list'] as const;

export const importQuery = (id: string) =>
  queryOptions({
    queryKey: [...CSV_KEY, 'import', id] as const,
    queryFn: ({ signal }) =>
      loadData(client().GET('/v1/admin/catalog/imports/{id}', { params: { path: { id } }, signal })),
    refetchInterval: (query) => (query.state.data && isRunning(query.state.data.state) ? IMPORT_POLL_MS : false),
    staleTime: (query) => (query.state.data && isRunning(query.state.data.state) ? 0 : 30_000),
  });

/** The shop's last 20 imports, newest first; asked again while one of them runs. */
export const importListQuery = () =>
  queryOptions({
    queryKey: LIST_KEY,
    queryFn: ({ signal }) => loadData(client().GET('/v1/admin/catalog/imports', { signal })).then(({ data }) => data),
    refetchInterval: (query) => (query.state.data?.some((job) => isRunning(job.state)) ? IMPORT_POLL_MS : false),
  });

/** Why a file is refused before it is sent, or null. */
export function fileProblem(file: File): string | null {
  if (file.size === 0) return 'ファイルが空です。';
  if (file.size > MAX_CSV_BYTES) return TOO_LARGE;
  return null;
}

/** What to say about a refused upload or apply: the server's field message first (422), else its message. */
export function importErrorText(error: unknown): string {
  // A body over the server's limit is cut off before it is read (413, perhaps without a body).
  if (error instanceof AdminApiError && error.status === 413) return TOO_LARGE;
  return fieldError(error, 'file') ?? fieldError(error, 'kind') ?? fieldError(error, 'only_clean') ?? errorText(error);
}

/** A job's answer into its own query and the list (the list asks again for the rest). */
function showJob(queryClient: ReturnType<typeof useQueryClient>, job: CatalogImport) {
  queryClient.setQueryData(importQuery(job.id).queryKey, job);
  void queryClient.invalidateQueries({ queryKey: LIST_KEY });
}

/** The file sent as it is (UTF-8 or Shift_JIS: the server detects it) for a dry run. */
export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ kind, file }: { kind: ImportKind; file: File }): Promise<CatalogImport> => {
      const body = new FormData();
      body.append('kind', kind);
      body.append('file', file);
      const response = await checkResponse(
        await adminApi().fetch('/v1/admin/catalog/imports', { method: 'POST', body }),
      );
      return (await response.json()) as CatalogImport;
    },
    onSuccess: (job) => showJob(queryClient, job),
  });
}

/** 反映する (`onlyClean` false) or エラーのない行だけ反映する (true); a 409 when it is no longer `checked`. */
export function useApplyImport(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (onlyClean: boolean) =>
      loadData(
        client().POST('/v1/admin/catalog/imports/{id}/apply', {
          params: { path: { id } },
          body: { only_clean: onlyClean },
        }),
      ),
    onSuccess: (job) => showJob(queryClient, job),
    // A 409: someone else applied it (or it failed) meanwhile; show it as it is now.
    onError: () => queryClient.invalidateQueries({ queryKey: importQuery(id).queryKey }),
  });
}

/** After an apply: the product and stock desks read their lists again. */
export function useRefreshCatalog(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY });
    void queryClient.invalidateQueries({ queryKey: STOCK_KEY });
    void queryClient.invalidateQueries({ queryKey: LIST_KEY });
  }, [queryClient]);
}

export interface CsvDownload {
  kind: ImportKind;
  encoding: CsvEncoding;
  /** The product list's search (products only): the file holds what the list finds. */
  filter?: Omit<ProductsCsvQuery, 'encoding'>;
}

export interface DownloadedFile {
  file: Blob;
  /** The server's file name (Content-Disposition), or ours. */
  name: string;
}

/** The CSV's bytes as the server wrote them (UTF-8 with a BOM, or Shift_JIS), under its file name. */
export function useDownloadCsv() {
  return useMutation({
    mutationFn: async ({ kind, encoding, filter = {} }: CsvDownload): Promise<DownloadedFile> => {
      const query = new URLSearchParams({ encoding });
      for (const [name, value] of Object.entries(filter)) if (value) query.set(name, value);
      const file = kind === 'products' ? 'products.csv' : 'inventory.csv';
      const response = await checkResponse(
        await adminApi().fetch(`/v1/admin/catalog/${file}?${query}`, { headers: { Accept: 'text/csv' } }),
      );
      return {
        file: await response.blob(),
        name: fileNameOf(response.headers.get('content-disposition')) ?? file,
      };
    },
  });
}
