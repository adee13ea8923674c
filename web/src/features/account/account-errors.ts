import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../api/client';
import { applyServerErrors } from '../../lib/form-errors';

/** Whether the query client already showed this failure as a toast (all but a 422 with field errors). */
export function isToasted(error: unknown): boolean {
  return !(error instanceof ApiError && error.status === 422 && Object.keys(error.errors).length > 0);
}

/**
 * The server's answer on a member form: field errors on their fields (lib/form-errors); the
 * form's alert only for what no field shows and no toast has said.
 */
export function formMessage<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[] | Readonly<Record<string, Path<T>>>,
): string | null {
  const message = applyServerErrors(error, setError, fields);
  return isToasted(error) ? null : message;
}
