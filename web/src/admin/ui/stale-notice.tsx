import { useRef, useState } from 'react';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { errorText } from '../api/admin-client';
import { ui } from './form';
import styles from './stale-notice.module.css';

/**
 * A 409's notice: what happened (someone changed it first) and 「最新の内容を読み込む」, which
 * reads the area's data again (`reload`) and then tells the caller (`onReloaded`, e.g. to drop
 * the notice and say the list is fresh).
 */
export function StaleNotice({
  message,
  reload,
  onReloaded,
}: {
  message: string;
  reload: () => Promise<unknown>;
  onReloaded: () => void;
}) {
  const [reloading, setReloading] = useState(false);
  return (
    <div role="alert" className={styles.stale}>
      <p>{message}</p>
      <button
        type="button"
        className={ui.button}
        disabled={reloading}
        onClick={() => {
          setReloading(true);
          void reload().finally(() => {
            setReloading(false);
            onReloaded();
          });
        }}
      >
        {reloading ? '読み込んでいます…' : '最新の内容を読み込む'}
      </button>
    </div>
  );
}

/** What a form says once 最新の内容を読み込む has read its data afresh. */
export const RELOADED_TEXT = '最新の内容を読み込みました。';

/**
 * The `reload` and `onReloaded` that a form refused with a 409 gives its StaleNotice, so that
 * every such form reads afresh and reports it the same way. `reload` reads the data again
 * (`refresh`) and puts it into the form (`show`); `reloaded` then says how it went: read, the
 * messages go (the notice with them) and the form says RELOADED_TEXT; not read, the failure's
 * text is the alert and the notice stays, to try again. The failure is kept in a ref because
 * StaleNotice tells `onReloaded` nothing of how `reload` went.
 */
export function useStaleReload<T>({
  refresh,
  show,
  clearMessages,
  setNotice,
  setAlert,
}: {
  /** Reads the data afresh (the screen's `refreshX`). */
  refresh: (queryClient: QueryClient) => Promise<T>;
  /** Puts the fresh data into the form. */
  show: (fresh: T) => void;
  /** Drops every message of the form, the stale notice included. */
  clearMessages: () => void;
  setNotice: (message: string) => void;
  setAlert: (message: string) => void;
}): { reload: () => Promise<void>; reloaded: () => void } {
  const queryClient = useQueryClient();
  const failure = useRef<unknown>(null);

  async function reload() {
    failure.current = null;
    try {
      show(await refresh(queryClient));
    } catch (error) {
      failure.current = error;
    }
  }

  const reloaded = () => {
    const failed = failure.current;
    if (failed) {
      // The notice stays, to try again.
      setAlert(errorText(failed));
      return;
    }
    clearMessages();
    setNotice(RELOADED_TEXT);
  };

  return { reload, reloaded };
}
