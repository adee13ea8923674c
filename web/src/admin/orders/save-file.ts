/** Saves bytes the server sent as base64 (a carrier's Shift_JIS CSV) under their file name. */
export function base64Blob(base64: string, type: string): Blob {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

export function saveFile(name: string, base64: string, type = 'text/csv'): void {
  const url = URL.createObjectURL(base64Blob(base64, type));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL; it may go once the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
