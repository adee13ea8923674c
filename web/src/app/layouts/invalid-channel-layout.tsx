import type { ReactNode } from 'react';
import styles from './layout.module.css';

/** For an unknown channel: nothing of any shop, only the message. */
export function InvalidChannelLayout({ children }: { children: ReactNode }) {
  return (
    <main id="main" tabIndex={-1} className={styles.centered}>
      {children}
    </main>
  );
}
