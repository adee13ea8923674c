/**
 * 送り状番号の取り込み: the file a carrier's label software writes after printing (or the shop's
 * own 出荷実績 CSV) is sent as it is (Shift_JIS bytes) for a preview that changes nothing; each
 * line shows what would happen. 取り込む applies it — offered only when no line is wrong — and the
 * shipments become 出荷済み, each customer mailed with the number and its tracking link.
 */
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import type { ImportAnswer, ImportLine } from '../api/admin-types';
import { useCan } from '../api/session-queries';
import { Badge, type BadgeTone } from '../ui/badge';
import { Field, FormAlert, StatusNotice, ui } from '../ui/form';
import { table } from '../ui/table';
import { TRACKING_SOURCES, type TrackingSource } from './order-labels';
import { useImportTracking } from './order-queries';
import { applyServerErrors } from './order-schema';
import styles from './orders.module.css';

const MAX_BYTES = 5 * 1024 * 1024;

interface ImportValues {
  source: TrackingSource;
  file: FileList | null;
}

const RESULTS: Record<ImportLine['result'], { label: string; tone: BadgeTone }> = {
  ok: { label: '取り込み可', tone: 'member' },
  same: { label: '変更なし', tone: 'closed' },
  error: { label: 'エラー', tone: 'attention' },
};

const importRules = {
  file: {
    validate: (files: FileList | null) => {
      const file = files?.[0];
      if (!file) return 'ファイルを選んでください';
      if (file.size === 0) return 'ファイルが空です';
      return file.size <= MAX_BYTES || 'ファイルは5MB以内にしてください';
    },
  },
};

export function TrackingImportPage() {
  const allowed = useCan()('shipping');
  return (
    <>
      <title>送り状番号の取り込み | 管理画面</title>
      <p className={styles.backLink}>
        <Link to="/admin/orders">受注一覧へ戻る</Link>
      </p>
      <h1>送り状番号の取り込み</h1>
      {allowed ? <TrackingImport /> : <p role="alert">出荷を操作する権限がありません。</p>}
    </>
  );
}

function TrackingImport() {
  const upload = useImportTracking();
  const [preview, setPreview] = useState<{ answer: ImportAnswer; file: File; source: TrackingSource } | null>(null);
  const [applied, setApplied] = useState<ImportAnswer | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<ImportValues>({ defaultValues: { source: 'yamato_b2', file: null } });
  const source = useWatch({ control, name: 'source' });
  const chosen = useWatch({ control, name: 'file' });
  // A preview shows one file as one carrier's: choosing another takes it away.
  const current = preview && preview.source === source && preview.file === chosen?.[0] ? preview : null;

  return (
    <>
      <p className={styles.lead}>
        {'送り状発行ソフトから出力した発行済みデータ（Shift_JISのCSV）を選ぶと、取り込む前に1行ずつ内容を確認できます。' +
          '取り込んだ出荷は「出荷済み」になり、お客様に送り状番号と追跡リンク付きの発送完了メールが送られます。'}
      </p>
      <form
        noValidate
        aria-label="取り込むファイル"
        onSubmit={handleSubmit(({ source: chosenSource, file }) => {
          const picked = file?.[0];
          if (!picked) return;
          setAlert(null);
          setApplied(null);
          upload.mutate(
            { source: chosenSource, file: picked, apply: false },
            {
              onSuccess: (answer) => setPreview({ answer, file: picked, source: chosenSource }),
              onError: (error) => {
                setPreview(null);
                setAlert(applyServerErrors(error, setError, ['file']));
              },
            },
          );
        })}
      >
        <FormAlert message={alert} />
        <fieldset className={ui.fieldset}>
          <legend className={ui.legend}>ファイルの種類</legend>
          <div className={styles.sources}>
            {TRACKING_SOURCES.map((option) => (
              <label key={option.code} className={ui.choice}>
                <input type="radio" value={option.code} {...register('source')} />
                {option.label}
              </label>
            ))}
          </div>
        </fieldset>
        <Field label="CSVファイル" hint="5MBまで。" error={errors.file?.message}>
          {(controlProps) => (
            <input {...controlProps} type="file" accept=".csv,.txt,text/csv" {...register('file', importRules.file)} />
          )}
        </Field>
        <div className={ui.actions}>
          <button type="submit" className={current ? ui.secondary : ui.button} disabled={upload.isPending}>
            {upload.isPending && !upload.variables?.apply ? '確認中…' : '内容を確認する'}
          </button>
        </div>
      </form>

      {current ? (
        <Preview
          answer={current.answer}
          pending={upload.isPending}
          onApply={() => {
            setAlert(null);
            upload.mutate(
              { source: current.source, file: current.file, apply: true },
              {
                onSuccess: (answer) => {
                  setPreview(null);
                  setApplied(answer);
                },
                onError: (error) => setAlert(applyServerErrors(error, setError, ['file'])),
              },
            );
          }}
        />
      ) : null}
      {applied ? <Applied answer={applied} /> : null}
    </>
  );
}

function Preview({ answer, pending, onApply }: { answer: ImportAnswer; pending: boolean; onApply: () => void }) {
  const titleId = useId();
  const same = answer.lines.filter((line) => line.result === 'same').length;
  return (
    <section className={styles.result} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.resultTitle}>
        取り込む内容の確認
      </h2>
      <p role="status">{`${answer.lines.length}行：取り込み可 ${answer.ok}件・変更なし ${same}件・エラー ${answer.errors}件`}</p>
      <ImportTable lines={answer.lines} caption="取り込む内容" />
      {answer.errors > 0 ? (
        <p className={styles.problem}>
          エラーの行があるため取り込めません。ファイルを直してから、もう一度「内容を確認する」を押してください。
        </p>
      ) : answer.ok === 0 ? (
        <p>取り込む行はありません（すべて登録済みです）。</p>
      ) : (
        <div className={`${ui.actions} ${styles.actionsAfter}`}>
          <button type="button" className={ui.button} disabled={pending} onClick={onApply}>
            {pending ? '取り込み中…' : '取り込む'}
          </button>
        </div>
      )}
    </section>
  );
}

function Applied({ answer }: { answer: ImportAnswer }) {
  const titleId = useId();
  return (
    <section className={styles.result} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.resultTitle}>
        取り込み結果
      </h2>
      <StatusNotice
        message={`${answer.ok}件の送り状番号を取り込み、出荷済みにしました。お客様に発送完了メールを送信しました。`}
      />
      <ImportTable lines={answer.lines} caption="取り込んだ内容" />
    </section>
  );
}

function ImportTable({ lines, caption }: { lines: readonly ImportLine[]; caption: string }) {
  return (
    <table className={table.table}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">行</th>
          <th scope="col">出荷番号</th>
          <th scope="col">注文番号</th>
          <th scope="col">送り状番号</th>
          <th scope="col">出荷日</th>
          <th scope="col">結果</th>
          <th scope="col">内容</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.line}>
            <td data-label="行" className={table.numeric}>
              {line.line}
            </td>
            <td data-label="出荷番号" className={table.nowrap}>
              {line.shipment_code || '—'}
            </td>
            <td data-label="注文番号" className={table.nowrap}>
              {line.order_no ? (
                <Link to={`/admin/orders/${encodeURIComponent(line.order_no)}`}>{line.order_no}</Link>
              ) : (
                '—'
              )}
            </td>
            <td data-label="送り状番号" className={table.nowrap}>
              {line.tracking_number || '—'}
            </td>
            <td data-label="出荷日" className={table.nowrap}>
              {line.shipped_on ? line.shipped_on.replaceAll('-', '/') : '取込日'}
            </td>
            <td data-label="結果">
              <Badge tone={RESULTS[line.result].tone}>{RESULTS[line.result].label}</Badge>
            </td>
            <td data-label="内容">{line.message}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
