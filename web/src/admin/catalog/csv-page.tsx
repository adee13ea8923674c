/**
 * CSV入出力 (docs/contracts/catalog-csv.md): two sections, 商品CSV and 在庫CSV, each with its
 * downloads (UTF-8 / Shift_JIS) and an upload (a file chosen or dropped) that starts a dry run
 * whose result, apply and progress the section then shows; the shop's recent imports below. The
 * job each section shows is kept in the address (?products_job&inventory_job), and a job still
 * running is shown again after a reload. The products CSV holds what the product list's search
 * (?status&q&category, carried from 商品管理) finds.
 */
import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useCan } from '../api/session-queries';
import { FormAlert, ui } from '../ui/form';
import { saveBlob } from '../ui/save-file';
import { ImportJob } from './csv-job';
import { importErrorText, importListQuery, useDownloadCsv } from './csv-queries';
import { RecentImports } from './csv-recent';
import { Upload } from './csv-upload';
import {
  type CsvEncoding,
  ENCODINGS,
  type ImportKind,
  isRunning,
  KIND_LABELS,
  type ProductsCsvQuery,
} from './csv-types';
import { readProductFilter } from './product-filter';
import styles from './csv.module.css';

/** The address parameter that names the job a section shows. */
const JOB_PARAM: Record<ImportKind, string> = { products: 'products_job', inventory: 'inventory_job' };

const KINDS: readonly ImportKind[] = ['products', 'inventory'];

export function CsvPage() {
  const can = useCan();
  return (
    <>
      <title>CSV入出力 | 管理画面</title>
      <p className={styles.backLink}>
        <Link to="/admin/products">商品管理へ戻る</Link>
      </p>
      <h1>CSV入出力</h1>
      {can('catalog_view') ? <CsvDesk /> : <p role="alert">商品を閲覧する権限がありません。</p>}
    </>
  );
}

function CsvDesk() {
  const [params, setParams] = useSearchParams();
  const list = useQuery(importListQuery());
  const product = readProductFilter(params);
  const filter: Omit<ProductsCsvQuery, 'encoding'> = {
    q: product.q || undefined,
    status: product.status === 'all' ? undefined : product.status,
    category: product.category || undefined,
  };

  // The job a staff member just asked for (uploaded, or 表示): its heading takes the focus.
  const [focused, setFocused] = useState<string | null>(null);
  const show = (kind: ImportKind, id: string | null) => {
    setFocused(id);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set(JOB_PARAM[kind], id);
        else next.delete(JOB_PARAM[kind]);
        return next;
      },
      { replace: true },
    );
  };

  // After a reload (or from another tab): a job still running comes back into its section.
  const adopt = KINDS.flatMap((kind) => {
    const job = params.get(JOB_PARAM[kind]) ? undefined : list.data?.find((j) => j.kind === kind && isRunning(j.state));
    return job ? [`${kind}:${job.id}`] : [];
  }).join(' ');
  useEffect(() => {
    if (!adopt) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const pair of adopt.split(' ')) {
          const [kind, id] = pair.split(':') as [ImportKind, string];
          if (!next.has(JOB_PARAM[kind])) next.set(JOB_PARAM[kind], id);
        }
        return next;
      },
      { replace: true },
    );
  }, [adopt, setParams]);

  return (
    <>
      <p className={styles.lead}>
        {'商品や在庫をCSVファイルでまとめて書き出し、編集したファイルを取り込めます。' +
          '取り込むと、まず内容を確認（エラーの検出）し、確認結果を見てから反映します。'}
      </p>
      <div className={styles.sections}>
        {KINDS.map((kind) => (
          <CsvSection
            key={kind}
            kind={kind}
            filter={kind === 'products' ? filter : undefined}
            jobId={params.get(JOB_PARAM[kind])}
            focused={focused}
            onShow={(id) => show(kind, id)}
          />
        ))}
      </div>
      <RecentImports list={list} onShow={(job) => show(job.kind, job.id)} />
    </>
  );
}

const HINTS: Record<ImportKind, string> = {
  products:
    '1行が1バリエーションです。商品コードが同じ行は同じ商品として扱います。既存のSKUの在庫はこのファイルでは変わりません（在庫CSVを使ってください）。',
  inventory:
    '「新在庫」に数を書くと在庫をその数にします（現在庫が変わっていた行はエラー）。「増減」に5や-2と書くと足し引きします。どちらも空の行は変更しません。',
};

interface CsvSectionProps {
  kind: ImportKind;
  /** The product list's search (products only). */
  filter?: Omit<ProductsCsvQuery, 'encoding'>;
  jobId: string | null;
  /** The job whose heading takes the focus when shown. */
  focused: string | null;
  onShow: (id: string | null) => void;
}

function CsvSection({ kind, filter, jobId, focused, onShow }: CsvSectionProps) {
  const titleId = useId();
  const can = useCan();
  const mayImport = kind === 'products' ? can('catalog_edit') : can('stock');
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.sectionTitle}>
        {KIND_LABELS[kind]}
      </h2>
      <p className={styles.hint}>{HINTS[kind]}</p>
      <Downloads kind={kind} filter={filter} />
      {mayImport ? (
        <Upload kind={kind} onStarted={onShow} />
      ) : (
        <p className={styles.hint}>
          {kind === 'products'
            ? '商品CSVの取り込みには、商品を編集する権限が必要です。'
            : '在庫CSVの取り込みには、在庫を操作する権限が必要です。'}
        </p>
      )}
      {jobId ? (
        <ImportJob id={jobId} mayApply={mayImport} focus={focused === jobId} onClose={() => onShow(null)} />
      ) : null}
    </section>
  );
}

function Downloads({ kind, filter }: { kind: ImportKind; filter?: Omit<ProductsCsvQuery, 'encoding'> }) {
  const download = useDownloadCsv();
  const filtered = filter && Object.values(filter).some(Boolean);
  const start = (encoding: CsvEncoding) =>
    download.mutate({ kind, encoding, filter }, { onSuccess: ({ file, name }) => saveBlob(name, file) });
  return (
    <div className={styles.block}>
      <h3 className={styles.blockTitle}>ダウンロード</h3>
      {filtered ? (
        <p className={styles.hint}>
          商品管理で絞り込んだ商品だけを書き出します。
          <Link to="/admin/catalog/csv">すべての商品にする</Link>
        </p>
      ) : null}
      <FormAlert message={download.isError ? importErrorText(download.error) : null} />
      <div className={ui.actions}>
        {ENCODINGS.map((encoding) => (
          <button
            key={encoding.code}
            type="button"
            className={ui.secondary}
            disabled={download.isPending}
            onClick={() => start(encoding.code)}
          >
            {download.isPending && download.variables?.encoding === encoding.code
              ? 'ダウンロード中…'
              : `${encoding.label}でダウンロード`}
          </button>
        ))}
      </div>
      <p className={styles.hint}>Excelで開くときはShift_JISを選んでください。</p>
    </div>
  );
}
