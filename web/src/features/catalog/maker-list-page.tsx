import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title';
import { queryClient } from '../../lib/query-client';
import { Breadcrumbs } from '../../ui/breadcrumbs';
import { LoadingBlock } from '../../ui/spinner';
import { makersQuery, useMakers } from './catalog-queries';
import { groupByKanaRow } from './kana-rows';
import styles from './makers.module.css';

export async function loader() {
  await queryClient.ensureQueryData(makersQuery());
  return null;
}

/** Every maker, in syllabary rows by reading, each linking to its page. */
export function MakerListPage() {
  const makers = useMakers();
  useDocumentTitle('メーカー一覧');
  const groups = groupByKanaRow(makers.data ?? [], (m) => m.name_kana || m.name);

  return (
    <div className={styles.page}>
      <Breadcrumbs items={[{ label: 'ホーム', to: '/' }, { label: 'メーカー一覧' }]} />
      <h1 className={styles.heading}>メーカー一覧</h1>
      {makers.isPending ? (
        <LoadingBlock />
      ) : groups.length === 0 ? (
        <p className={styles.empty}>メーカーはまだ登録されていません。</p>
      ) : (
        <>
          <nav aria-label="読みで探す" className={styles.index}>
            <ul>
              {groups.map((group) => (
                <li key={group.row}>
                  <a href={`#row-${group.row}`}>{group.row}</a>
                </li>
              ))}
            </ul>
          </nav>
          {groups.map((group) => (
            <section key={group.row} aria-labelledby={`row-${group.row}`} className={styles.group}>
              <h2 id={`row-${group.row}`} className={styles.groupTitle} tabIndex={-1}>
                {group.row}
              </h2>
              <ul className={styles.cards}>
                {group.items.map((maker) => (
                  <li key={maker.key}>
                    <Link to={`/maker/${encodeURIComponent(maker.key)}`} className={styles.card}>
                      <span className={styles.cardName}>{maker.name}</span>
                      {maker.name_kana ? <span className={styles.cardKana}>{maker.name_kana}</span> : null}
                      {maker.description ? <span className={styles.cardText}>{maker.description}</span> : null}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
    </div>
  );
}

export { MakerListPage as Component };
