import { Link } from 'react-router';
import { measurementsQuery } from '../../domain/measurement/measurement-queries';
import type { Measurement } from '../../api/types';
import { queryClient } from '../../lib/query-client';
import { sessionStore } from '../../api/session';
import { formatMeasure, latestOf } from '../../domain/measurement/size-suggestion';
import { DateText } from '../../ui/date-text';
import { MypageFrame } from '../../ui/mypage-frame';
import { useAllMeasurements } from './measurement-queries';
import { PURPOSES, UNIT, valuesText, type PurposeDef } from './measurement-schema';
import styles from './measurement.module.css';

export async function loader() {
  if (sessionStore.get().isLogin) await queryClient.ensureQueryData(measurementsQuery(null));
  return null;
}

/** Newest first, by when they were recorded. */
function newestFirst(items: readonly Measurement[]): Measurement[] {
  return [...items].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
}

function PurposeCard({ def, records, limit }: { def: PurposeDef; records: Measurement[]; limit: number }) {
  const latest = latestOf(records, def.purpose);
  const titleId = `measurement-${def.purpose}`;
  const history = newestFirst(records).slice(1);
  return (
    <section aria-labelledby={titleId} className={styles.card}>
      <h2 id={titleId} className={styles.cardTitle}>
        {def.label}
      </h2>
      {latest ? (
        <>
          <dl className={styles.values}>
            {def.measures.map((m) => {
              const value = latest.values[m.key];
              return (
                <div key={m.key}>
                  <dt>{m.label}</dt>
                  <dd>
                    {typeof value === 'number' ? (
                      <>
                        <strong className={styles.value}>{formatMeasure(value)}</strong>
                        {UNIT}
                      </>
                    ) : (
                      '—'
                    )}
                  </dd>
                </div>
              );
            })}
          </dl>
          <p className={styles.recordedAt}>
            <DateText value={latest.created_at} /> 記録
          </p>
        </>
      ) : (
        <p className={styles.unset}>未登録</p>
      )}
      {limit > 1 && history.length > 0 ? (
        <details className={styles.history}>
          <summary>これまでの記録（{limit}件まで保存されます）</summary>
          <ul>
            {history.map((record) => (
              <li key={record.id}>
                <DateText value={record.created_at} className={styles.historyDate} />
                <span>{valuesText(def, record.values)}</span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}

/** サイズ: the member's latest measurement per purpose (and earlier ones the shop keeps). */
export function MeasurementPage() {
  const { items, limit } = useAllMeasurements();
  return (
    <MypageFrame title="サイズ">
      <p className={styles.intro}>
        サイズを登録しておくと、ヘルメットやグローブの商品ページで、あなたに合うサイズをお知らせします。
      </p>
      <div className={styles.cards}>
        {PURPOSES.map((def) => (
          <PurposeCard
            key={def.purpose}
            def={def}
            records={items.filter((m) => m.purpose === def.purpose)}
            limit={limit}
          />
        ))}
      </div>
      <p className={styles.actions}>
        <Link to="/mypage/measurement/edit" className={styles.primaryLink}>
          サイズを登録・変更する
        </Link>
      </p>
    </MypageFrame>
  );
}

export { MeasurementPage as Component };
