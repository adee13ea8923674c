/**
 * A dry run's errors: 行 (the file's line as a spreadsheet shows it, the header being line 1),
 * 列 (the column's header) and 内容, a page at a time when there are many; says so when the
 * server kept only the first ones.
 */
import { useState } from 'react';
import { ui } from '../ui/form';
import { table } from '../ui/table';
import type { ImportError } from './csv-types';
import styles from './csv.module.css';

export const ERRORS_PER_PAGE = 50;

export function ImportErrors({ errors, count }: { errors: readonly ImportError[]; count: number }) {
  const [page, setPage] = useState(1);
  const last = Math.max(1, Math.ceil(errors.length / ERRORS_PER_PAGE));
  const current = Math.min(page, last);
  const from = (current - 1) * ERRORS_PER_PAGE;
  const shown = errors.slice(from, from + ERRORS_PER_PAGE);
  return (
    <div className={styles.errors}>
      <table className={table.table}>
        <caption className={styles.caption}>{`エラーの内容（${count}件）`}</caption>
        <thead>
          <tr>
            <th scope="col">行</th>
            <th scope="col">列</th>
            <th scope="col">内容</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((error, index) => (
            <tr key={from + index}>
              <td data-label="行" className={table.numeric}>
                {error.line}
              </td>
              <td data-label="列" className={table.nowrap}>
                {error.column || '—'}
              </td>
              <td data-label="内容">{error.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {count > errors.length ? <p className={styles.hint}>{`最初の${errors.length}件を表示しています。`}</p> : null}
      {last > 1 ? (
        <nav aria-label="エラーのページ送り" className={styles.errorPager}>
          <p>{`${from + 1}〜${from + shown.length}件目（${current} / ${last}ページ）`}</p>
          <div className={ui.actions}>
            <button type="button" className={ui.secondary} disabled={current <= 1} onClick={() => setPage(current - 1)}>
              前へ
            </button>
            <button
              type="button"
              className={ui.secondary}
              disabled={current >= last}
              onClick={() => setPage(current + 1)}
            >
              次へ
            </button>
          </div>
        </nav>
      ) : null}
    </div>
  );
}
