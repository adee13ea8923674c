/** What a screen shows while its data loads, or when loading failed. */
import { errorText, fieldError } from '../api/admin-client';
import styles from './query-state.module.css';

export function Loading({ label = '読み込み中…' }: { label?: string }) {
  return (
    <p className={styles.loading} role="status">
      {label}
    </p>
  );
}

/**
 * Why loading failed. A list under a filter form names the filter's `fields`: a 422 on one of them
 * is said under that field of the form, and nothing here.
 */
export function LoadFailed({ error, fields = [] }: { error: unknown; fields?: readonly string[] }) {
  if (fields.some((field) => fieldError(error, field) !== undefined)) return null;
  return (
    <p className={styles.failed} role="alert">
      {errorText(error)}
    </p>
  );
}
