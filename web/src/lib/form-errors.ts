/**
 * Server answers on react-hook-form forms (spec 000 §5: "validation errors from the server are
 * stored from its errors or message"): a 422's `errors` go onto the fields they name, the first
 * one focused; whatever no field can show comes back as one message for the form's alert.
 */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, isSilentError } from '../api/client';

export const GENERIC_ERROR_MESSAGE = 'エラーが発生しました。時間をおいて再度お試しください。';

/**
 * Puts `error`'s field messages on the form's fields and returns the message for the form as a
 * whole, or null when there is nothing more to say (all shown on fields, or the client already
 * acted: redirect, ignored network error, cancellation).
 *
 * `fields` lists the form's field names (a server key such as `user.email` also matches
 * `email`), or maps server keys to form fields where they differ (`{ verify_code: 'code' }`).
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[] | Readonly<Record<string, Path<T>>>,
): string | null {
  if (isSilentError(error)) return null;
  if (!(error instanceof ApiError)) return GENERIC_ERROR_MESSAGE;
  const known = new Map<string, Path<T>>(
    Array.isArray(fields)
      ? (fields as readonly Path<T>[]).map((name) => [name, name])
      : Object.entries(fields as Readonly<Record<string, Path<T>>>),
  );
  const leftover: string[] = [];
  let first = true;
  for (const [key, messages] of Object.entries(error.errors)) {
    const message = (Array.isArray(messages) ? messages : [messages]).find(
      (m): m is string => typeof m === 'string' && m !== '',
    );
    if (!message) continue;
    const name = known.get(key) ?? known.get(key.split('.').pop() ?? key);
    if (name !== undefined) {
      setError(name, { type: 'server', message }, { shouldFocus: first });
      first = false;
    } else {
      leftover.push(message);
    }
  }
  if (leftover.length > 0) return leftover.join('\n');
  if (!first) return null;
  return error.message || GENERIC_ERROR_MESSAGE;
}
