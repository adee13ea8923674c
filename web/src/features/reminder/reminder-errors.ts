import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../api/client';
import { applyServerErrors } from '../../lib/form-errors';

/**
 * The server's answer on a reminder form: field errors on their fields (lib/form-errors); the
 * form's own alert only for what no field shows and the query client has not already toasted
 * (it toasts every failure except a 422 with field errors).
 */
export function formMessage<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[] | Readonly<Record<string, Path<T>>>,
): string | null {
  const message = applyServerErrors(error, setError, fields);
  const toasted = !(error instanceof ApiError && error.status === 422 && Object.keys(error.errors).length > 0);
  return toasted ? null : message;
}
