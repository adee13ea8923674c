import { useState } from 'react';
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
