import { useDocumentTitle } from '../lib/document-title';
import styles from './error-page.module.css';

/** The channel named by the host does not exist (404 「チャネルが存在しない」). */
export function InvalidChannelPage() {
  useDocumentTitle('Page Not Found');
  return (
    <section className={styles.page} aria-labelledby="invalid-channel-title">
      <p className={styles.status}>404</p>
      <h1 id="invalid-channel-title" className={styles.title}>
        Page Not Found
      </h1>
      <p className={styles.text}>お探しのショップは見つかりませんでした。URLをご確認ください。</p>
    </section>
  );
}
