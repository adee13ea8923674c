/**
 * Attachments (docs/inquiries-api.md, "Uploads"): a file goes up on its own (POST
 * /v1/upload-files, multipart) and the form sends only its key; a file comes back through the
 * one client as a blob (GET /v1/upload-files/{key}: the member's bearer, or a guest's thread
 * token `t`), since a plain link would carry neither.
 */
import { api, load } from '../../api/client';
import type { UploadedFile } from '../../api/types';

/** The folders the server accepts (`dir`). */
export type UploadDir = 'inquiries';

/** What the server accepts (it reads the type from the bytes; the browser's guess saves a trip). */
export const UPLOAD_RULES = {
  maxBytes: 5 * 1024 * 1024,
  maxFiles: 5,
  accept: 'image/jpeg,image/png,image/gif,image/webp,application/pdf,.jpg,.jpeg,.png,.gif,.webp,.pdf',
  types: ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/pdf'],
  extensions: /\.(jpe?g|png|gif|webp|pdf)$/i,
} as const;

/** The server's words for the same refusals. */
export const UPLOAD_MESSAGES = {
  type: '画像(JPEG・PNG・GIF・WebP)またはPDFを選んでください。',
  size: 'ファイルは5MBまでです。',
  count: `添付できるファイルは${UPLOAD_RULES.maxFiles}つまでです。`,
} as const;

/** Why the browser already knows the server would refuse `file`, or null. */
export function uploadProblem(file: File): string | null {
  const typed = (UPLOAD_RULES.types as readonly string[]).includes(file.type);
  if (!typed && !UPLOAD_RULES.extensions.test(file.name)) return UPLOAD_MESSAGES.type;
  if (file.size > UPLOAD_RULES.maxBytes) return UPLOAD_MESSAGES.size;
  return null;
}

/** POST /v1/upload-files: the stored file (key, the name as given, type, size). */
export async function uploadFile(file: File, dir: UploadDir): Promise<UploadedFile> {
  const form = new FormData();
  form.append('dir', dir);
  form.append('file', file, file.name);
  return (
    await load(
      api().POST('/v1/upload-files', {
        // openapi-fetch sends FormData as it is (the browser writes the multipart boundary).
        body: form as unknown as { file: string; dir: string },
        bodySerializer: (body) => body as unknown as FormData,
      }),
    )
  ).data;
}

/** GET /v1/upload-files/{key} as a blob (`t`: a guest's thread token). */
export async function fetchUploadedFile(key: string, t?: string): Promise<Blob> {
  return (
    await load(
      api().GET('/v1/upload-files/{key}', {
        params: { path: { key }, query: t ? { t } : {} },
        parseAs: 'blob',
      }),
    )
  ).data as unknown as Blob;
}

/** 1.2 MB, 340 KB, 12 B: the size as a person reads it. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}
