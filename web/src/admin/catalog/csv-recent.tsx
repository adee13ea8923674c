/**
 * The shop's recent imports (the last 20, newest first) with their state and how far they got;
 * 表示 brings one into its section. Asked again every second while one of them runs.
 */
import { useId } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Badge, type BadgeTone } from '../ui/badge';
import { DateTime } from '../ui/date-time';
import { ui } from '../ui/form';
import { LoadFailed, Loading } from '../ui/query-state';
import { table } from '../ui/table';
import { type CatalogImport, type ImportState, KIND_LABELS, STATE_LABELS } from './csv-types';
import styles from './csv.module.css';

const TONES: Record<ImportState, BadgeTone> = {
  checking: 'in_progress',
  checked: 'open',
  applying: 'in_progress',
  done: 'member',
  failed: 'attention',
};

/** How far a job got, in words. */
export function progressText(job: CatalogImport): string {
  switch (job.state) {
    case 'checking':
      return `${job.checked} / ${job.total}行を確認`;
    case 'checked':
      return job.error_count > 0 ? `エラー${job.error_count}件・反映待ち` : `${job.to_apply}件が反映待ち`;
    case 'applying':
      return `${job.applied} / ${job.to_apply}件を反映`;
    case 'done':
      return `${job.applied}件を反映`;
    case 'failed':
      return job.message ?? '';
  }
}

interface RecentImportsProps {
  list: UseQueryResult<CatalogImport[]>;
  onShow: (job: CatalogImport) => void;
}

export function RecentImports({ list, onShow }: RecentImportsProps) {
  const titleId = useId();
  return (
    <section className={styles.recent} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.sectionTitle}>
        最近の取り込み
      </h2>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadFailed error={list.error} />
      ) : list.data.length === 0 ? (
        <p className={table.empty}>まだ取り込みはありません。</p>
      ) : (
        <table className={table.table}>
          <caption className="visually-hidden">最近の取り込み（新しい順）</caption>
          <thead>
            <tr>
              <th scope="col">開始日時</th>
              <th scope="col">種類</th>
              <th scope="col">ファイル</th>
              <th scope="col">状態</th>
              <th scope="col">進み具合</th>
              <th scope="col">担当者</th>
              <th scope="col">
                <span className="visually-hidden">操作</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((job) => (
              <tr key={job.id}>
                <td data-label="開始日時" className={table.nowrap}>
                  <DateTime value={job.created_at} />
                </td>
                <td data-label="種類" className={table.nowrap}>
                  {KIND_LABELS[job.kind]}
                </td>
                <td data-label="ファイル" className={styles.fileName}>
                  {job.file_name}
                </td>
                <td data-label="状態">
                  <Badge tone={TONES[job.state]}>{STATE_LABELS[job.state]}</Badge>
                </td>
                <td data-label="進み具合">{progressText(job)}</td>
                <td data-label="担当者">{job.staff_name}</td>
                <td data-label="操作">
                  <button
                    type="button"
                    className={ui.link}
                    aria-label={`${job.file_name}（${KIND_LABELS[job.kind]}）を表示`}
                    onClick={() => onShow(job)}
                  >
                    表示
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
