/**
 * A report's table (the CSV's columns: the label, 注文数, 点数, then the yen figures, and a 合計
 * row) in a box of its own that scrolls sideways on a phone (focusable, named by the caption, so
 * it scrolls from the keyboard too), and its two CSV buttons.
 */
import { useId } from 'react';
import { errorText } from '../api/admin-client';
import { FormAlert, ui } from '../ui/form';
import { saveBlob } from '../ui/save-file';
import { Yen } from '../ui/yen';
import { type ReportCsv, useDownloadReportCsv } from './report-queries';
import type { ReportCsvEncoding, ReportFigures, ReportRow } from './report-types';
import { FIGURE_COLUMNS } from './report-view';
import styles from './reports.module.css';

const COUNT = new Intl.NumberFormat('ja-JP');

function FigureCells({ figures }: { figures: ReportFigures }) {
  return (
    <>
      {FIGURE_COLUMNS.map((column) => (
        <td key={column.key} className={styles.numeric}>
          {column.money ? <Yen value={figures[column.key]} /> : COUNT.format(figures[column.key])}
        </td>
      ))}
    </>
  );
}

export interface FiguresTableProps {
  caption: string;
  /** The first column's heading (期間, or 内訳). */
  labelHeader: string;
  rows: readonly ReportRow[];
  total: ReportFigures;
  /** A newer answer is on its way (the rows shown are the last one's). */
  busy?: boolean;
}

export function FiguresTable({ caption, labelHeader, rows, total, busy = false }: FiguresTableProps) {
  const captionId = useId();
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the keyboard's focus to scroll (WCAG 2.1.1)
    <section className={styles.scroll} aria-labelledby={captionId} tabIndex={0}>
      <table className={styles.figures} aria-busy={busy || undefined}>
        <caption id={captionId}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{labelHeader}</th>
            {FIGURE_COLUMNS.map((column) => (
              <th key={column.key} scope="col" className={styles.numeric}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              <FigureCells figures={row.figures} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">合計</th>
            <FigureCells figures={total} />
          </tr>
        </tfoot>
      </table>
    </section>
  );
}

const ENCODINGS: readonly { code: ReportCsvEncoding; label: string }[] = [
  { code: 'utf8', label: 'CSVダウンロード' },
  { code: 'sjis', label: 'CSV（Shift_JIS）' },
];

/** 「CSVダウンロード」 (UTF-8 with a BOM) and 「CSV（Shift_JIS）」 for the table's own query. */
export function CsvButtons({ csv }: { csv: ReportCsv }) {
  const download = useDownloadReportCsv();
  return (
    <div className={styles.csv}>
      <FormAlert message={download.isError ? errorText(download.error) : null} />
      <div className={ui.actions}>
        {ENCODINGS.map((encoding) => (
          <button
            key={encoding.code}
            type="button"
            className={ui.secondary}
            disabled={download.isPending}
            onClick={() =>
              download.mutate({ csv, encoding: encoding.code }, { onSuccess: ({ file, name }) => saveBlob(name, file) })
            }
          >
            {encoding.label}
          </button>
        ))}
      </div>
    </div>
  );
}
