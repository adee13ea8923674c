/**
 * スレッド: one inquiry with its messages and notes, the shop's reply (with files uploaded first
 * through POST /v1/admin/upload-files), the status change, the internal notes, and the attachments'
 * bytes (GET /v1/admin/upload-files/{key}) for blob URLs.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi, checkResponse, client, loadData } from '../api/admin-client';
import type { Inquiry, InquiryStatus, UploadedFile } from '../api/admin-types';
import { ADMIN_ROOT } from '../api/session-queries';

const INQUIRIES_KEY = [...ADMIN_ROOT, 'inquiries'] as const;

export const inquiryQuery = (key: string) =>
  queryOptions({
    queryKey: [...INQUIRIES_KEY, 'detail', key] as const,
    queryFn: ({ signal }) => loadData(client().GET('/v1/admin/inquiries/{key}', { params: { path: { key } }, signal })),
  });

/** An attachment's bytes, kept while the thread is open (they never change under one key). */
export const fileQuery = (key: string) =>
  queryOptions({
    queryKey: [...ADMIN_ROOT, 'files', key] as const,
    queryFn: async ({ signal }) => {
      const response = await checkResponse(
        await adminApi().fetch(`/v1/admin/upload-files/${encodeURIComponent(key)}`, { signal }),
      );
      return response.blob();
    },
    staleTime: Number.POSITIVE_INFINITY,
  });

function useInquiryMutation<V, R>(call: (variables: V) => Promise<R>, onData?: (data: R) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (data) => onData?.(data),
    // The list, the counts and this thread all change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: INQUIRIES_KEY }),
  });
}

export function useReply(key: string) {
  return useInquiryMutation((body: { body: string; files: string[] }) =>
    loadData(client().POST('/v1/admin/inquiries/{key}/replies', { params: { path: { key } }, body })),
  );
}

export function useChangeStatus(key: string) {
  const queryClient = useQueryClient();
  return useInquiryMutation(
    (status: InquiryStatus) =>
      loadData(client().PATCH('/v1/admin/inquiries/{key}', { params: { path: { key } }, body: { status } })),
    (inquiry: Omit<Inquiry, 'notes'>) => {
      const current = queryClient.getQueryData(inquiryQuery(key).queryKey);
      // The answer carries no notes: keep the ones already shown until the refetch.
      if (current)
        queryClient.setQueryData(inquiryQuery(key).queryKey, { ...current, ...inquiry, notes: current.notes });
    },
  );
}

export function useAddNote(key: string) {
  return useInquiryMutation((body: string) =>
    loadData(client().POST('/v1/admin/inquiries/{key}/notes', { params: { path: { key } }, body: { body } })),
  );
}

export const MAX_FILES = 5;
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/pdf'];
export const ACCEPT = ACCEPTED_TYPES.join(',');

/** The server's own words for a file it would refuse (it reads the bytes; this saves the upload). */
export function fileProblem(file: File): string | null {
  if (file.type && !ACCEPTED_TYPES.includes(file.type)) return '画像(JPEG・PNG・GIF・WebP)またはPDFを選んでください。';
  if (file.size > MAX_FILE_BYTES) return 'ファイルは5MBまでです。';
  return null;
}

/**
 * POST /v1/admin/upload-files (multipart `file`, `dir=inquiries`) → the stored file, uploaded as
 * this staff member (the session cookie's path is /v1/admin, so the customers' endpoint would
 * not know who sent it).
 */
export async function uploadFile(file: File): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file);
  form.append('dir', 'inquiries');
  const response = await checkResponse(
    await adminApi().fetch('/v1/admin/upload-files', { method: 'POST', body: form }),
  );
  return (await response.json()) as UploadedFile;
}

export function isImage(file: Pick<UploadedFile, 'content_type'>): boolean {
  return file.content_type.startsWith('image/');
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
