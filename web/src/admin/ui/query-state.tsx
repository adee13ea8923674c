/** What a screen shows while its data loads, or when loading failed. */
import { errorText } from '../api/admin-client';
import styles from './query-state.module.css';

export function Loading({ label = '読み込み中…' }: { label?: string }) {
  return (
    <p className={styles.loading} role="status">
      {label}
    </p>
  );
}

export function LoadFailed({ error }: { error: unknown }) {
  return (
    <p className={styles.failed} role="alert">
      {errorText(error)}
    </p>
  );
}
