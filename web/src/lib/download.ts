/**
 * File answers of the API (receipts, quotations, CSV exports): the name comes
 * from `x-suggested-filename` (RFC 5987 percent-encoded UTF-8, so Japanese names survive), then
 * Content-Disposition, then the caller's fallback; the blob is saved through a temporary link.
 */
import { showToast } from './toast';

/** Spec 001 §8: what a finished download says. */
export const DOWNLOAD_DONE_MESSAGE = 'ダウンロードが完了しました';

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Only a plain file name: no folders, no control characters. */
function safeName(name: string): string | null {
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/\p{Cc}/gu, '').trim();
  return base !== '' && base !== '.' && base !== '..' ? base : null;
}

/** The file name an answer suggests, or `fallback`. */
export function suggestedFilename(headers: Headers, fallback: string): string {
  const suggested = headers.get('x-suggested-filename');
  if (suggested) {
    const name = safeName(decode(suggested));
    if (name) return name;
  }
  const disposition = headers.get('content-disposition') ?? '';
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition)?.[1];
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition)?.[1];
  return safeName(extended ? decode(extended.trim()) : (plain ?? '')) ?? fallback;
}

/** Saves `blob` as `filename` (the browser's own download). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL; keep it a moment for slower browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Saves a file answer under its suggested name and says so (`message`, ダウンロードが完了しました
 * unless the screen has its own words). Returns the name used.
 */
export function saveDownload(
  blob: Blob,
  response: Response,
  fallback: string,
  message: string = DOWNLOAD_DONE_MESSAGE,
): string {
  const filename = suggestedFilename(response.headers, fallback);
  saveBlob(blob, filename);
  showToast(message, 'success');
  return filename;
}
