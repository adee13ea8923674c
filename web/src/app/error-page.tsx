import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { useDropFirstView } from '../lib/first-view';
import { ApiError, NetworkIgnoredError, isSilentError } from '../lib/api-error';
import { useDocumentTitle } from '../lib/document-title';
import { LoadingBlock } from '../ui/spinner';
import styles from './error-page.module.css';

/** The status a route error shows: the response's, 500 by default (spec 000 §8). */
export function statusOf(error: unknown): number {
  if (isRouteErrorResponse(error)) return error.status;
  if (error instanceof ApiError) return error.status;
  return 500;
}

/** The spec's error page: 404 or any other status, each with a way back to the top page. */
export function ErrorView({ status, outsideRouter = false }: { status: number; outsideRouter?: boolean }) {
  const notFound = status === 404;
  useDocumentTitle(notFound ? '404 Not Found' : 'エラーが発生しました');
  return (
    <section className={styles.page} aria-labelledby="error-title">
      {notFound ? (
        <>
          <h1 id="error-title" className={styles.title}>
            404 Not Found
          </h1>
          <p className={styles.text}>お探しのページが見つかりませんでした。</p>
        </>
      ) : (
        <>
          <p className={styles.status}>{status}</p>
          <h1 id="error-title" className={styles.title}>
            エラーが発生しました
          </h1>
        </>
      )}
      {outsideRouter ? (
        <a href="/" className={styles.button}>
          トップページへ戻る
        </a>
      ) : (
        <Link to="/" className={styles.button}>
          トップページへ戻る
        </Link>
      )}
    </section>
  );
}

/** Every declared route that has no screen yet, and the catch-all. */
export function NotFoundPage() {
  return <ErrorView status={404} />;
}

/** Shown when the connection failed: the spec ignores it, so no error page, just a retry. */
export function OfflineNotice() {
  return (
    <section className={styles.page} aria-labelledby="offline-title">
      <h1 id="offline-title" className={styles.title}>
        通信できませんでした
      </h1>
      <p className={styles.text}>通信環境をご確認のうえ、もう一度お試しください。</p>
      <button type="button" className={styles.button} onClick={() => window.location.reload()}>
        再読み込み
      </button>
    </section>
  );
}

export function RouteErrorPage() {
  const error = useRouteError();
  useDropFirstView();
  if (error instanceof NetworkIgnoredError) return <OfflineNotice />;
  // The API client already moved on (login, maintenance, invalid channel).
  if (isSilentError(error)) return <LoadingBlock />;
  return <ErrorView status={statusOf(error)} />;
}
