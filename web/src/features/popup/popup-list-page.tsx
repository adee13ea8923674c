import { useSearchParams, type LoaderFunctionArgs } from 'react-router';
import type { Popup } from '../../api/types';
import { useDocumentTitle } from '../../lib/document-title';
import { parseKeyParam } from '../../lib/page-param';
import { queryClient } from '../../lib/query-client';
import { Breadcrumbs } from '../../ui/breadcrumbs';
import { DateText } from '../../ui/date-text';
import { PopupBody } from './popup-content';
import { popupQuery, popupsQuery, usePopup, usePopups } from './popup-queries';
import styles from './popup.module.css';

/** `/popup` lists the current popups; `/popup?id=` shows one (an ended or unknown one is 404). */
export async function loader({ request }: LoaderFunctionArgs) {
  const id = parseKeyParam(new URL(request.url).searchParams.get('id'));
  if (id) await queryClient.ensureQueryData(popupQuery(id));
  else await queryClient.ensureQueryData(popupsQuery());
  return null;
}

function PopupArticle({ popup, level }: { popup: Popup; level: 1 | 2 }) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <article aria-labelledby={`popup-${popup.id}`} className={styles.card}>
      <Heading id={`popup-${popup.id}`} className={level === 1 ? styles.heading : styles.cardTitle}>
        {popup.title}
      </Heading>
      {popup.ends_at ? (
        <p className={styles.period}>
          <DateText value={popup.ends_at} withTime />
          まで
        </p>
      ) : null}
      <PopupBody popup={popup} />
    </article>
  );
}

function SinglePopup({ id }: { id: string }) {
  const popup = usePopup(id);
  useDocumentTitle(popup.title);
  return (
    <div className={styles.page}>
      <Breadcrumbs
        items={[
          { label: 'ホーム', to: '/' },
          { label: 'キャンペーン・お知らせ', to: '/popup' },
          { label: popup.title },
        ]}
      />
      <PopupArticle popup={popup} level={1} />
    </div>
  );
}

function PopupList() {
  const popups = usePopups();
  useDocumentTitle('キャンペーン・お知らせ');
  return (
    <div className={styles.page}>
      <Breadcrumbs items={[{ label: 'ホーム', to: '/' }, { label: 'キャンペーン・お知らせ' }]} />
      <h1 className={styles.heading}>キャンペーン・お知らせ</h1>
      {popups.length === 0 ? (
        <p className={styles.empty}>現在ご案内中のキャンペーンはありません。</p>
      ) : (
        <ul className={styles.list}>
          {popups.map((popup) => (
            <li key={popup.id}>
              <PopupArticle popup={popup} level={2} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function PopupListPage() {
  const [params] = useSearchParams();
  const id = parseKeyParam(params.get('id'));
  return id ? <SinglePopup id={id} /> : <PopupList />;
}

export { PopupListPage as Component };
