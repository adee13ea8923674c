/**
 * The address book's calls (spec 001 §7, server/src/addresses/http.rs): the list with its count
 * limit (`x-limit`, default 1), one entry, add / edit / delete / delete all, the default and the
 * sender default, CSV import and export. Every change refetches the book (setting a default
 * clears it on every other entry); editing the own address (division_ct 1) changes the profile,
 * so that is refetched too.
 */
import { queryOptions, useMutation, useQueryClient, useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { api, load, settle } from '../../api/client';
import type { Pagination } from '../../lib/paged';
import { saveDownload } from '../../lib/download';
import type { BodyOf, JsonOf } from '../../api/types';
import { showToast } from '../../lib/toast';
import { accountKeys } from './account-queries';

export type UserAddress = JsonOf<'/v1/me/user-addresses/{id}'>;
export type AddressInput = BodyOf<'/v1/me/user-addresses', 'post'>;

/** division_ct of the member's own address (its fields are the profile's). */
export const OWN_ADDRESS = 1;
/** Spec 001 §9: the limit when the answer names none. */
export const DEFAULT_ADDRESS_LIMIT = 1;
export const ADDRESS_PER_PAGE = 10;

export const EXPORT_DONE_MESSAGE = 'エクスポートが完了しました';
export const EXPORT_DEFERRED_MESSAGE = '遅延処理中なのでしばらくお待ちください';
export const EXPORT_FALLBACK_NAME = 'address-book.csv';

export type ExportEncoding = 'sjis' | 'utf8';

export const addressKeys = {
  all: [...accountKeys.all, 'user-addresses'] as const,
  list: (page: number) => [...addressKeys.all, 'list', { page }] as const,
  detail: (id: string) => [...addressKeys.all, 'detail', id] as const,
};

export interface AddressBook {
  items: UserAddress[];
  pagination: Pagination;
  /** How many entries the book may hold, the own address included. */
  limit: number;
}

/** `x-limit` as a positive count, else the spec's default. */
export function readLimit(headers: Headers): number {
  const value = Number(headers.get('x-limit') ?? '');
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_ADDRESS_LIMIT;
}

export const addressBookQuery = (page: number) =>
  queryOptions({
    queryKey: addressKeys.list(page),
    queryFn: async ({ signal }): Promise<AddressBook> => {
      const call = api().GET('/v1/me/user-addresses', { params: { query: { page } }, signal });
      const { data, pagination } = await load(call);
      const { response } = await call;
      const items = data.data;
      return {
        items,
        pagination: pagination ?? { total: items.length, per: ADDRESS_PER_PAGE, last: 1, current: page },
        limit: readLimit(response.headers),
      };
    },
  });

export const addressQuery = (id: string) =>
  queryOptions({
    queryKey: addressKeys.detail(id),
    queryFn: async ({ signal }): Promise<UserAddress> =>
      (await load(api().GET('/v1/me/user-addresses/{id}', { params: { path: { id } }, signal }))).data,
  });

export const useAddressBook = (page: number) => useSuspenseQuery(addressBookQuery(page)).data;
export const useAddress = (id: string) => useSuspenseQuery(addressQuery(id)).data;

function refetchBook(client: QueryClient, own = false): Promise<unknown> {
  const book = client.invalidateQueries({ queryKey: addressKeys.all });
  return own ? Promise.all([book, client.invalidateQueries({ queryKey: accountKeys.user() })]) : book;
}

/** POST /v1/me/user-addresses → 201 with the entry (never a default by itself). */
export const useCreateAddress = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: AddressInput): Promise<UserAddress> =>
      (await load(api().POST('/v1/me/user-addresses', { body: input }))).data,
    onSuccess: () => refetchBook(client),
  });
};

/** PUT /v1/me/user-addresses/{id}; for the own address the profile changes too. */
export const useUpdateAddress = (id: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: AddressInput): Promise<UserAddress> =>
      (await load(api().PUT('/v1/me/user-addresses/{id}', { params: { path: { id } }, body: input }))).data,
    onSuccess: (entry) => {
      client.setQueryData(addressKeys.detail(id), entry);
      return refetchBook(client, entry.division_ct === OWN_ADDRESS);
    },
  });
};

/** DELETE /v1/me/user-addresses/{id} → 204; a default it held goes back to the own address. */
export const useDeleteAddress = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<void> => {
      await load(api().DELETE('/v1/me/user-addresses/{id}', { params: { path: { id } } }));
    },
    onSuccess: () => refetchBook(client),
  });
};

/** DELETE /v1/me/user-addresses-all: every entry but the own address; answers how many went. */
export const useDeleteAllAddresses = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<number> => (await load(api().DELETE('/v1/me/user-addresses-all'))).data.count,
    onSuccess: () => refetchBook(client),
  });
};

export type DefaultKind = 'default' | 'sender';

/** The mark moves at once on every cached page; the refetch then confirms it. */
function moveMark(client: QueryClient, id: string, kind: DefaultKind): void {
  const flag = kind === 'default' ? 'is_default' : 'is_sender_default';
  client.setQueriesData<AddressBook>({ queryKey: [...addressKeys.all, 'list'] }, (book) =>
    book ? { ...book, items: book.items.map((item) => ({ ...item, [flag]: item.id === id })) } : book,
  );
}

/** PATCH …/{id}/use (the default delivery address) or …/{id}/use-sender (the default sender). */
export const useSetDefaultAddress = (kind: DefaultKind) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<UserAddress> => {
      const options = { params: { path: { id } } };
      const call =
        kind === 'default'
          ? api().PATCH('/v1/me/user-addresses/{id}/use', options)
          : api().PATCH('/v1/me/user-addresses/{id}/use-sender', options);
      return (await load(call)).data;
    },
    onSuccess: (entry) => {
      moveMark(client, entry.id, kind);
      return refetchBook(client);
    },
  });
};

/**
 * POST /v1/me/user-addresses/import (multipart `file`): every row or none. A 422 names the file
 * (`errors.file`) or rows (`errors["rows.3.postal_code"]`, messages that say the row): the
 * screen lists them.
 */
export const useImportAddresses = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (file: File): Promise<number> => {
      const form = new FormData();
      form.append('file', file, file.name);
      const call = api().POST('/v1/me/user-addresses/import', {
        // The generated type describes the part as a string; the browser sends the FormData.
        body: form as unknown as { file: string },
        bodySerializer: (body) => body as unknown as FormData,
      });
      return (await load(call)).data.count;
    },
    onSuccess: () => refetchBook(client),
  });
};

/**
 * GET /v1/me/user-addresses/export (spec 001 §8): a CSV file is saved under the server's name
 * and エクスポートが完了しました shown; a JSON answer (the export will be made later) shows
 * 遅延処理中なのでしばらくお待ちください instead.
 */
export const useExportAddresses = () =>
  useMutation({
    mutationFn: async (encoding: ExportEncoding): Promise<'saved' | 'deferred' | 'none'> => {
      const outcome = await settle(
        api().GET('/v1/me/user-addresses/export', { params: { query: { encoding } }, parseAs: 'blob' }),
      );
      // A lost connection or a cancelled call: nothing to save, nothing to say.
      if (outcome.kind !== 'ok') return 'none';
      const { response } = outcome;
      const blob = outcome.data as unknown as Blob;
      if ((response.headers.get('content-type') ?? '').includes('application/json')) {
        let message = EXPORT_DEFERRED_MESSAGE;
        try {
          const body = JSON.parse(await blob.text()) as { message?: unknown };
          if (typeof body.message === 'string' && body.message !== '') message = body.message;
        } catch {
          // The spec's words stand.
        }
        showToast(message, 'info');
        return 'deferred';
      }
      saveDownload(blob, response, EXPORT_FALLBACK_NAME, EXPORT_DONE_MESSAGE);
      return 'saved';
    },
  });
