/**
 * One CSV import as its section shows it, asked for every second while it runs: the dry run's
 * progress, then its counts (新規 / 更新 / 変更なし / エラー行), the names it will make and its
 * errors (行, 列, 内容, paged); 反映する (only without errors) or エラーのない行だけ反映する (only
 * with them); the apply's progress (applied / to_apply), then 完了しました with the counts.
 */
import { useEffect, useId, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DateTime } from '../ui/date-time';
import { FormAlert, StatusNotice, ui } from '../ui/form';
import { LoadFailed, Loading } from '../ui/query-state';
import { ImportErrors } from './csv-errors';
import { importErrorText, importQuery, useApplyImport, useRefreshCatalog } from './csv-queries';
import { type CatalogImport, KIND_LABELS } from './csv-types';
import styles from './csv.module.css';

interface ImportJobProps {
  id: string;
  /** Whether the role may apply it (catalog_edit for products, stock for inventory). */
  mayApply: boolean;
  /** Move the focus to its heading (it was just uploaded or asked for). */
  focus: boolean;
  onClose: () => void;
}

export function ImportJob({ id, mayApply, focus, onClose }: ImportJobProps) {
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const job = useQuery(importQuery(id));
  useEffect(() => {
    if (focus) headingRef.current?.focus();
  }, [focus, id]);
  return (
    <section className={styles.job} aria-labelledby={titleId}>
      <div className={styles.jobHead}>
        <h3 id={titleId} ref={headingRef} tabIndex={-1} className={styles.blockTitle}>
          {job.data ? `取り込み：${job.data.file_name}` : '取り込み'}
        </h3>
        {job.data?.state === 'checking' || job.data?.state === 'applying' ? null : (
          <button type="button" className={ui.link} onClick={onClose}>
            閉じる
          </button>
        )}
      </div>
      {job.isPending ? (
        <Loading />
      ) : job.isError ? (
        <LoadFailed error={job.error} />
      ) : (
        <JobBody job={job.data} mayApply={mayApply} />
      )}
    </section>
  );
}

function JobBody({ job, mayApply }: { job: CatalogImport; mayApply: boolean }) {
  const refresh = useRefreshCatalog();
  const done = job.state === 'done';
  // The catalogue changed: the product and stock desks read their lists again.
  useEffect(() => {
    if (done) refresh();
  }, [done, refresh]);

  return (
    <>
      <p className={styles.meta}>
        {`${KIND_LABELS[job.kind]}・${job.encoding}・${job.total}行・${job.staff_name}・`}
        <DateTime value={job.created_at} />
      </p>
      {job.state === 'checking' ? (
        <Progress
          label="内容の確認の進み具合"
          value={job.checked}
          max={job.total}
          text={`内容を確認しています…（${job.checked} / ${job.total}行）`}
        />
      ) : null}
      {job.state === 'failed' ? (
        <p role="alert" className={styles.failed}>
          {job.message ?? '取り込みを完了できませんでした。ファイルを取り込み直してください。'}
        </p>
      ) : null}
      {job.state === 'checked' || job.state === 'applying' || job.state === 'done' ? <Counts job={job} /> : null}
      {job.state === 'checked' && mayApply ? <Decide job={job} /> : null}
      {job.state === 'applying' ? (
        <Progress
          label="反映の進み具合"
          value={job.applied}
          max={job.to_apply}
          text={`反映しています…（${job.applied} / ${job.to_apply}件）`}
        />
      ) : null}
      {done ? <StatusNotice message={`完了しました。${job.applied}件を反映しました。`} /> : null}
      {job.errors.length > 0 && job.state !== 'checking' ? (
        <ImportErrors errors={job.errors} count={job.error_count} />
      ) : null}
    </>
  );
}

function Progress({ label, value, max, text }: { label: string; value: number; max: number; text: string }) {
  return (
    <div className={styles.progress}>
      <progress aria-label={label} max={Math.max(max, 1)} value={Math.min(value, Math.max(max, 1))} />
      <p role="status">{text}</p>
    </div>
  );
}

function Counts({ job }: { job: CatalogImport }) {
  const { summary } = job;
  const counts = [
    { label: '新規', value: summary.create },
    { label: '更新', value: summary.update },
    { label: '変更なし', value: summary.unchanged },
    { label: 'エラー行', value: summary.error_lines },
  ];
  return (
    <>
      <dl className={styles.counts} aria-label="確認結果">
        {counts.map((count) => (
          <div key={count.label} className={count.label === 'エラー行' && count.value > 0 ? styles.bad : undefined}>
            <dt>{count.label}</dt>
            <dd>{`${count.value}件`}</dd>
          </div>
        ))}
      </dl>
      {summary.new_names.length > 0 && job.state === 'checked' ? (
        <div className={styles.names}>
          <p className={styles.namesTitle}>反映すると、次の名前が新しく作られます。</p>
          <ul aria-label="新しく作られる名前">
            {summary.new_names.map((name, index) => (
              <li key={index}>{name}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}

/** 反映する, or エラーのない行だけ反映する; the server's 422 / 409 sentence when it refuses. */
function Decide({ job }: { job: CatalogImport }) {
  const apply = useApplyImport(job.id);
  const withErrors = job.error_count > 0 || job.summary.error_lines > 0;
  const nothing = job.to_apply === 0;
  return (
    <div className={styles.decide}>
      <FormAlert message={apply.isError ? importErrorText(apply.error) : null} />
      {withErrors ? (
        <p className={styles.problem}>
          {'エラーのある行は反映できません。ファイルを直して取り込み直すか、エラーのない行だけを反映してください。'}
        </p>
      ) : nothing ? (
        <p>反映する変更はありません。</p>
      ) : (
        <p>{`${job.to_apply}件を反映します。`}</p>
      )}
      <div className={ui.actions}>
        <button
          type="button"
          className={ui.button}
          disabled={withErrors || nothing || apply.isPending}
          onClick={() => apply.mutate(false)}
        >
          {apply.isPending && apply.variables === false ? '開始しています…' : '反映する'}
        </button>
        {withErrors ? (
          <button
            type="button"
            className={ui.secondary}
            disabled={nothing || apply.isPending}
            onClick={() => apply.mutate(true)}
          >
            {apply.isPending && apply.variables === true ? '開始しています…' : 'エラーのない行だけ反映する'}
          </button>
        ) : null}
      </div>
      {withErrors && !nothing ? <p className={styles.hint}>{`エラーのない${job.to_apply}件を反映します。`}</p> : null}
    </div>
  );
}
