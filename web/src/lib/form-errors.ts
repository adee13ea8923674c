/**
 * Server answers on react-hook-form forms (spec 000 §5: "validation errors from the server are
 * stored from its errors or message"): a 422's `errors` go onto the fields they name, the first
 * one focused; whatever no field can show comes back as one message for the form's alert.
 */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, isSilentError } from './api-error';

export const GENERIC_ERROR_MESSAGE = 'エラーが発生しました。時間をおいて再度お試しください。';

/** A failure in words for the screen, or null when the client already acted on it. */
export function errorMessage(error: unknown): string | null {
  if (isSilentError(error)) return null;
  return error instanceof ApiError && error.message ? error.message : GENERIC_ERROR_MESSAGE;
}

/**
 * A 422 whose `errors` name fields: the one failed mutation the query client leaves to the form
 * (lib/query-client.ts toasts every other one).
 */
export function hasFieldErrors(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 422 && Object.keys(error.errors).length > 0;
}

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
  if (!(error instanceof ApiError) || isSilentError(error)) return errorMessage(error);
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
  return errorMessage(error);
}

/**
 * `applyServerErrors` for a form sent through a mutation, whose failures the query client has
 * already toasted — all but a 422 with field errors. The form's alert then says only what no
 * field shows and no toast has said. With `headline`, a 422's own message stands above its
 * field messages too (unless it merely repeats one of them).
 */
export function applyMutationErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[] | Readonly<Record<string, Path<T>>>,
  options: { headline?: boolean } = {},
): string | null {
  const leftover = applyServerErrors(error, setError, fields);
  if (!hasFieldErrors(error)) return null;
  if (leftover !== null || !options.headline) return leftover;
  return error.message && !Object.values(error.errors).flat().includes(error.message) ? error.message : null;
}
