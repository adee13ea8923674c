import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { GENERIC_ERROR_MESSAGE } from '../../lib/form-errors';
import styles from './reminder.module.css';

export const INVALID_LINK_MESSAGE = 'リンクが無効か期限切れです';

/**
 * A reminder link that cannot be used: no token, or the server's answer to its check (404 for an
 * unknown, expired or used link; 429 when checked too often) in the server's words.
 */
export function InvalidLink({ error, retryTo, retryLabel }: { error: unknown; retryTo: string; retryLabel: string }) {
  const message =
    error === null || error === undefined
      ? INVALID_LINK_MESSAGE
      : error instanceof ApiError && error.message
        ? error.message
        : GENERIC_ERROR_MESSAGE;
  return (
    <div role="alert" className={styles.invalid}>
      <p>{message}</p>
      <p>お手数ですが、もう一度はじめからお手続きください。</p>
      <Link to={retryTo}>{retryLabel}</Link>
    </div>
  );
}
