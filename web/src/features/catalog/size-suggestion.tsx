import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { LOGIN_PATH } from '../../api/client';
import { measurementsQuery } from '../../domain/measurement/measurement-queries';
import type { SizeChart, ProductDetail } from '../../api/types';
import { patchSession, useSession } from '../../api/session';
import {
  formatMeasure,
  suggestionText,
  suggestSize,
  type SizeSuggestion as Suggestion,
} from '../../domain/measurement/size-suggestion';
import styles from './size-suggestion.module.css';

export const MEASUREMENT_EDIT_PATH = '/mypage/measurement/edit';

/** S 55〜57cm未満 … (each size from its min up to, not including, its max). */
function SizeChartTable({ chart, fit }: { chart: SizeChart; fit: string | null }) {
  return (
    <details className={styles.chart}>
      <summary>サイズ表（{chart.measure_name}）</summary>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">サイズ</th>
            <th scope="col">{chart.measure_name}</th>
          </tr>
        </thead>
        <tbody>
          {chart.sizes.map((size) => (
            <tr key={size.label} className={size.label === fit ? styles.fitRow : undefined}>
              <th scope="row">
                {size.label}
                {size.label === fit ? <span className={styles.fitMark}>あなたのサイズ</span> : null}
              </th>
              <td>
                {formatMeasure(size.min)}〜{formatMeasure(size.max)}
                {chart.unit}未満
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

function MemberSuggestion({ suggestion }: { suggestion: Suggestion }) {
  const text = suggestionText(suggestion);
  if (text === null) {
    return (
      <p className={styles.line}>
        {suggestion.measureName}を登録すると、あなたに合うサイズをお知らせします。
        <Link to={MEASUREMENT_EDIT_PATH} className={styles.link}>
          サイズを登録する
        </Link>
      </p>
    );
  }
  return (
    <p className={styles.line}>
      <strong className={suggestion.kind === 'fit' ? styles.fit : undefined}>{text}</strong>
      <Link to={MEASUREMENT_EDIT_PATH} className={styles.link}>
        サイズを変更する
      </Link>
    </p>
  );
}

/** The member's suggestion: nothing until their measurements answer (the box keeps its height). */
function ForMember({ chart }: { chart: SizeChart }) {
  const measurements = useQuery(measurementsQuery(chart.purpose));
  if (measurements.isError) return null;
  if (!measurements.data) {
    return (
      <div className={styles.box} aria-busy="true">
        <p className={`${styles.line} ${styles.muted}`}>あなたのサイズを確認中…</p>
      </div>
    );
  }
  const suggestion = suggestSize(chart, measurements.data.items);
  return (
    <div className={styles.box}>
      <MemberSuggestion suggestion={suggestion} />
      <SizeChartTable chart={chart} fit={suggestion.kind === 'fit' ? suggestion.label : null} />
    </div>
  );
}

function ForVisitor({ chart }: { chart: SizeChart }) {
  const location = useLocation();
  return (
    <div className={styles.box}>
      <p className={styles.line}>
        ログインしてサイズを登録すると、あなたに合うサイズをお知らせします。
        <Link
          to={LOGIN_PATH}
          className={styles.link}
          onClick={() => patchSession({ redirectUrl: `${location.pathname}${location.search}` })}
        >
          ログインする
        </Link>
      </p>
      <SizeChartTable chart={chart} fit={null} />
    </div>
  );
}

/**
 * 「あなたのサイズ: M（頭囲 57cm）」 on a product with a size chart, from the member's latest
 * measurement of the chart's purpose (domain/measurement/size-suggestion.ts); without one, the way
 * to record it. Products without a chart show nothing.
 */
export function SizeSuggestion({ product }: { product: ProductDetail }) {
  const { isLogin } = useSession();
  const chart = product.size_chart;
  if (!chart || chart.sizes.length === 0) return null;
  return isLogin ? <ForMember chart={chart} /> : <ForVisitor chart={chart} />;
}
