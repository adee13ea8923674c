/**
 * A picture uploaded for the back office's forms (docs/contracts/photos.md): POST
 * /v1/admin/catalog/photos (multipart `file`, `catalog_edit`) stores it as WebP variants and
 * answers its URL, srcset and size. Nothing shows it until a form is saved with the URL: a
 * product's 商品画像, a category's カテゴリ画像, a news item's 画像 (docs/contracts/news-desk.md).
 */
import type { JsonOf } from '../../api/types';
import { AdminApiError, adminApi, checkResponse, errorText, fieldError } from './admin-client';

/** An uploaded photo: not on anything until a form is saved with its `url`. */
export type AdminPhoto = JsonOf<'/v1/admin/catalog/photos', 'post'>;

/** What the server takes (it reads the type from the bytes; checking here only saves an upload). */
const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
export const PHOTO_ACCEPT = PHOTO_TYPES.join(',');
const PHOTO_BYTES_MAX = 10 * 1024 * 1024;
/** The server's words for the same refusals. */
const PHOTO_TYPE_MESSAGE = 'JPEG・PNG・WebPの画像を選んでください。';
const PHOTO_SIZE_MESSAGE = '画像は10MBまでです。';

/** Why the server would refuse `file` at once, or null. */
export function photoProblem(file: File): string | null {
  if (file.type && !PHOTO_TYPES.includes(file.type)) return PHOTO_TYPE_MESSAGE;
  if (file.size > PHOTO_BYTES_MAX) return PHOTO_SIZE_MESSAGE;
  return null;
}

/** POST /v1/admin/catalog/photos (multipart `file`) → the stored photo's URL, srcset and size. */
export async function uploadPhoto(file: File, signal?: AbortSignal): Promise<AdminPhoto> {
  const body = new FormData();
  body.append('file', file);
  const response = await checkResponse(
    await adminApi().fetch('/v1/admin/catalog/photos', { method: 'POST', body, signal }),
  );
  return (await response.json()) as AdminPhoto;
}

/** What to say about a failed upload: the server's message for the file (422), or the failure's. */
export function photoErrorText(error: unknown): string {
  // A request over the server's limit is cut off before it is read (413, perhaps without a body).
  if (error instanceof AdminApiError && error.status === 413) return PHOTO_SIZE_MESSAGE;
  return fieldError(error, 'file') ?? errorText(error);
}
