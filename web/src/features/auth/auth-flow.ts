/**
 * The auth screens' own steps around the shared login completion (domain/auth/login-complete.ts):
 * where registration ends, and how a typed one-time code is read.
 */
export const REGISTER_COMPLETE_PATH = '/register/complete';

/** A one-time code as typed: full-width digits become half-width, spaces and hyphens go. */
export function normalizeCode(value: string): string {
  return value.replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0)).replace(/[\s\-ー－]/g, '');
}
