import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { publicConfigQuery } from '../../domain/site/site-queries';
import styles from './layout.module.css';

/** Maintenance: no menus and no calls of its own; the shop name only if already known. */
export function MaintenanceLayout({ children }: { children: ReactNode }) {
  const { data } = useQuery({ ...publicConfigQuery(), enabled: false });
  return (
    <>
      {data?.name ? (
        <header className={styles.bareHeader}>
          <div className={styles.bareHeaderInner}>{data.name}</div>
        </header>
      ) : null}
      <main id="main" tabIndex={-1} className={styles.centered}>
        {children}
      </main>
    </>
  );
}
