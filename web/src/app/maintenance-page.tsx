import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { api, settle } from '../api/client';
import { useDocumentTitle } from '../lib/document-title';
import { maintenanceStore, useMaintenance } from '../lib/app-state';
import { Paragraphs } from '../ui/paragraphs';
import { LoadingBlock } from '../ui/spinner';
import { MaintenanceLayout } from './layouts/maintenance-layout';
import styles from './error-page.module.css';

/**
 * The maintenance screen. Normally a 503 already stored the title and message; opened directly,
 * it asks /v1/settings/front: a 503 fills the state, an answer means the shop is open → `/`.
 */
export function MaintenancePage() {
  const state = useMaintenance();
  const navigate = useNavigate();
  const [checks, setChecks] = useState(0);
  useDocumentTitle(state?.title ?? 'メンテナンス中');

  useEffect(() => {
    if (state !== null) return;
    let active = true;
    settle(api().GET('/v1/settings/front'))
      .then((outcome) => {
        if (active && outcome.kind === 'ok') void navigate('/', { replace: true });
      })
      .catch(() => {
        // 503: the client stored the state; anything else: stay and let the visitor retry.
      });
    return () => {
      active = false;
    };
  }, [state, navigate, checks]);

  return (
    <MaintenanceLayout>
      {state ? (
        <section className={styles.page} aria-labelledby="maintenance-title">
          <h1 id="maintenance-title" className={styles.title}>
            {state.title}
          </h1>
          <Paragraphs text={state.message} className={styles.text} />
          <button
            type="button"
            className={styles.button}
            onClick={() => {
              maintenanceStore.set(null);
              setChecks((n) => n + 1);
            }}
          >
            再読み込み
          </button>
        </section>
      ) : (
        <LoadingBlock />
      )}
    </MaintenanceLayout>
  );
}

export { MaintenancePage as Component };
