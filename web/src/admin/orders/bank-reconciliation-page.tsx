/**
 * 入金消込（CSV） (docs/contracts/bank-reconciliation.md): the shop account's statement, as the
 * bank's web service writes it (Shift_JIS or UTF-8), is sent as it is for a preview that changes
 * nothing: each credit line with the open bank transfer it pays (照合済, ticked), the orders it may
 * pay (候補複数, or 該当なし with orders of the same name waiting for another amount) to choose
 * from, or why it is left out (対象外). Only the ticked lines are confirmed — each the order desk's
 * 入金確認 of its order at the version the preview showed — and each line then says what came of it.
 */
import { useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { AdminApiError, errorText } from '../api/admin-client';
import { useCan } from '../api/session-queries';
import { Badge } from '../ui/badge';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Field, FormAlert, StatusNotice, ui } from '../ui/form';
import { table } from '../ui/table';
import { formatYen, Yen } from '../ui/yen';
import styles from './bank-reconciliation.module.css';
import { useApplyStatement, usePreviewStatement } from './bank-queries';
import {
  OUTCOME_TONES,
  recorded,
  STATUS_LABELS,
  type StatementCandidate,
  type StatementLine,
  type StatementMatch,
  type StatementPreview,
  type StatementResult,
} from './bank-types';
import { applyServerErrors } from './order-schema';
import orders from './orders.module.css';

const MAX_BYTES = 5 * 1024 * 1024;

interface FileValues {
  file: FileList | null;
}

const fileRules = {
  validate: (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return 'ファイルを選んでください';
    if (file.size === 0) return 'ファイルが空です';
    return file.size <= MAX_BYTES || 'ファイルは5MB以内にしてください';
  },
};

export function BankReconciliationPage() {
  const allowed = useCan()('payments_confirm');
  return (
    <>
      <title>入金消込（CSV） | 管理画面</title>
      <p className={orders.backLink}>
        <Link to="/admin/orders">受注一覧へ戻る</Link>
      </p>
      <h1>入金消込（CSV）</h1>
      {allowed ? <Reconciliation /> : <p role="alert">入金を確認する権限がありません。</p>}
    </>
  );
}

/** What the last 「確認する」 answered, for the file it was about. */
type Shown =
  | { kind: 'preview'; file: File; answer: StatementPreview; serial: number }
  | { kind: 'lines'; file: File; messages: string[] };

function Reconciliation() {
  const preview = usePreviewStatement();
  // Each preview starts its choices afresh (the same file may be read again after a change).
  const serial = useRef(0);
  const [shown, setShown] = useState<Shown | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<FileValues>({ defaultValues: { file: null } });
  const chosen = useWatch({ control, name: 'file' });
  // What was shown is about one file: choosing another takes it away.
  const current = shown && shown.file === chosen?.[0] ? shown : null;

  return (
    <>
      <p className={orders.lead}>
        {'銀行のWebサービスからダウンロードした入出金明細（CSV）を選ぶと、入金ごとに該当する注文（銀行振込で入金待ちの注文）を照合します。' +
          'この時点では何も変わりません。内容を確かめてチェックした入金だけを確定すると、注文が入金済になり、お客様に入金確認メールが送られます。'}
      </p>
      <form
        noValidate
        aria-label="入出金明細のファイル"
        onSubmit={handleSubmit(({ file }) => {
          const picked = file?.[0];
          if (!picked) return;
          setAlert(null);
          setShown(null);
          preview.mutate(picked, {
            onSuccess: (answer) => setShown({ kind: 'preview', file: picked, answer, serial: ++serial.current }),
            onError: (error) => {
              const messages = lineMessages(error);
              if (messages.length > 0) setShown({ kind: 'lines', file: picked, messages });
              else setAlert(applyServerErrors(error, setError, ['file']));
            },
          });
        })}
      >
        <FormAlert message={alert} />
        <Field
          label="CSVファイル"
          hint="5MBまで。「日付」「金額」「振込依頼人名」の列があるCSV（Shift_JISまたはUTF-8）。"
          error={errors.file?.message}
        >
          {(controlProps) => (
            <input {...controlProps} type="file" accept=".csv,.txt,text/csv" {...register('file', fileRules)} />
          )}
        </Field>
        <div className={ui.actions}>
          <button
            type="submit"
            className={current?.kind === 'preview' ? ui.secondary : ui.button}
            disabled={preview.isPending}
          >
            {preview.isPending ? '確認中…' : '確認する'}
          </button>
        </div>
      </form>

      {current?.kind === 'lines' ? <LineErrors messages={current.messages} /> : null}
      {current?.kind === 'preview' ? <Preview key={current.serial} answer={current.answer} /> : null}
    </>
  );
}

/**
 * A 422's `errors.lines`: every line that does not read. The server words each (`3行目「金額」: …`);
 * a `{line, column, message}` (the contract's LineError) is worded here the same way.
 */
function lineMessages(error: unknown): string[] {
  if (!(error instanceof AdminApiError) || error.status !== 422) return [];
  const raw: unknown = error.errors.lines;
  if (!Array.isArray(raw)) return [];
  return raw.map(lineMessage).filter((message) => message !== '');
}

function lineMessage(item: unknown): string {
  if (typeof item === 'string') return item;
  if (!item || typeof item !== 'object') return '';
  const { line, column, message } = item as { line?: unknown; column?: unknown; message?: unknown };
  if (typeof message !== 'string') return '';
  const at = typeof line === 'number' ? `${line}行目` : '';
  const where = typeof column === 'string' && column !== '' ? `${at}「${column}」` : at;
  return where ? `${where}: ${message}` : message;
}

function LineErrors({ messages }: { messages: readonly string[] }) {
  const titleId = useId();
  return (
    <section className={styles.errors} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.errorsTitle}>
        読み取れない行があります
      </h2>
      <p>ファイルのどの行も照合していません。次の行を直してから、もう一度「確認する」を押してください。</p>
      <ul aria-label="読み取れない行" className={styles.errorList}>
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </section>
  );
}

// ---- the preview --------------------------------------------------------------------------------

/** A line's choice: the order it pays ('' for none yet) and whether it is ticked. */
interface Choice {
  orderNo: string;
  ticked: boolean;
}

/** 照合済 lines start ticked with the proposed order; the others with nothing chosen. */
function initialChoices(lines: readonly StatementLine[]): ReadonlyMap<number, Choice> {
  const choices = new Map<number, Choice>();
  for (const line of lines) {
    const proposed = line.status === 'matched' ? candidateOf(line, line.proposed ?? '') : undefined;
    choices.set(line.line, proposed ? { orderNo: proposed.order_no, ticked: true } : { orderNo: '', ticked: false });
  }
  return choices;
}

function candidateOf(line: StatementLine, orderNo: string): StatementCandidate | undefined {
  return orderNo === '' ? undefined : line.candidates.find((candidate) => candidate.order_no === orderNo);
}

/** A candidate as the select offers it: `注文番号 ご注文者 残高N円`, or why its amount differs. */
function candidateLabel(candidate: StatementCandidate): string {
  const remaining = formatYen(candidate.remaining).replace('¥', '');
  return candidate.amount_differs
    ? `${candidate.order_no} ${candidate.orderer_name} 金額が異なります（残高 ${remaining}円）`
    : `${candidate.order_no} ${candidate.orderer_name} 残高${remaining}円`;
}

/** `2026-11-20` as `2026/11/20`. */
function slashed(day: string): string {
  return day.replaceAll('-', '/');
}

function Preview({ answer }: { answer: StatementPreview }) {
  const titleId = useId();
  const apply = useApplyStatement();
  const [choices, setChoices] = useState(() => initialChoices(answer.lines));
  const [results, setResults] = useState<ReadonlyMap<number, StatementResult>>(new Map());
  const [confirming, setConfirming] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [notice, setNotice] = useState<string | null>(null);

  const matches: StatementMatch[] = [];
  for (const line of answer.lines) {
    const choice = choices.get(line.line);
    const candidate = choice?.ticked ? candidateOf(line, choice.orderNo) : undefined;
    if (!candidate || line.amount == null || results.has(line.line)) continue;
    matches.push({
      line: line.line,
      order_no: candidate.order_no,
      version: candidate.version,
      paid_on: line.paid_on,
      amount: line.amount,
    });
  }

  function choose(line: number, change: Partial<Choice>) {
    const next = new Map(choices);
    const before = next.get(line) ?? { orderNo: '', ticked: false };
    next.set(line, { ...before, ...change });
    setChoices(next);
  }

  function confirm() {
    setAlert(null);
    setProblems([]);
    const sent = matches;
    apply.mutate(
      { matches: sent },
      {
        onSuccess: ({ results: answered }) => {
          const next = new Map(results);
          for (const result of answered) next.set(result.line, result);
          setResults(next);
          // A line once sent is done: it is not offered again (its order's version has moved).
          const untick = new Map(choices);
          for (const match of sent) untick.set(match.line, { orderNo: match.order_no, ticked: false });
          setChoices(untick);
          setConfirming(false);
          const done = answered.filter((result) => recorded(result.outcome)).length;
          const failed = answered.length - done;
          setNotice(
            failed > 0
              ? `${done}件の入金を記録しました。${failed}件は記録できませんでした（各行の結果をご確認ください）。`
              : `${done}件の入金を記録しました。`,
          );
        },
        onError: (error) => {
          setConfirming(false);
          setAlert(errorText(error));
          setProblems(matchProblems(error, sent));
        },
      },
    );
  }

  const { counts } = answer;
  return (
    <section className={styles.preview} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.previewTitle}>
        照合の結果
      </h2>
      <p className={styles.counts}>
        {`${answer.lines.length}行：照合済 ${counts.matched}件・候補複数 ${counts.ambiguous}件・` +
          `該当なし ${counts.unmatched}件・対象外 ${counts.skipped}件`}
      </p>
      <StatusNotice message={notice} />
      {answer.lines.length === 0 ? (
        <p className={table.empty}>入金の行はありません。</p>
      ) : (
        <StatementTable
          lines={answer.lines}
          choices={choices}
          results={results}
          locked={apply.isPending}
          onChoose={choose}
        />
      )}
      <FormAlert message={alert} />
      {problems.length > 0 ? (
        <ul className={styles.errorList} aria-label="確定できなかった理由">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
      <div className={`${ui.actions} ${styles.actions}`}>
        <button
          type="button"
          className={ui.button}
          disabled={matches.length === 0 || apply.isPending}
          onClick={() => setConfirming(true)}
        >
          {apply.isPending ? '確定中…' : `チェックした入金を確定する（${matches.length}件）`}
        </button>
      </div>

      {confirming ? (
        <ConfirmDialog
          title="入金の確定"
          confirmLabel="確定する"
          pending={apply.isPending}
          onConfirm={confirm}
          onClose={() => setConfirming(false)}
        >
          <p>{`${matches.length}件の入金を確定します。お客様へ入金確認メールが送られます。`}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

/** A 422 of the apply names `matches[i].field`: each message with the statement's line it is about. */
function matchProblems(error: unknown, sent: readonly StatementMatch[]): string[] {
  if (!(error instanceof AdminApiError) || error.status !== 422) return [];
  const problems: string[] = [];
  for (const [field, messages] of Object.entries(error.errors)) {
    const index = /^matches\[(\d+)\]/.exec(field)?.[1];
    const line = index === undefined ? undefined : sent[Number(index)]?.line;
    for (const message of messages) problems.push(line === undefined ? message : `${line}行目: ${message}`);
  }
  return [...new Set(problems)];
}

interface StatementTableProps {
  lines: readonly StatementLine[];
  choices: ReadonlyMap<number, Choice>;
  results: ReadonlyMap<number, StatementResult>;
  /** While the confirmation is sent: nothing changes. */
  locked: boolean;
  onChoose: (line: number, change: Partial<Choice>) => void;
}

function StatementTable({ lines, choices, results, locked, onChoose }: StatementTableProps) {
  const answered = results.size > 0;
  return (
    <table className={table.table}>
      <caption className="visually-hidden">入出金明細の各行と注文</caption>
      <thead>
        <tr>
          <th scope="col">確定</th>
          <th scope="col">行</th>
          <th scope="col">日付</th>
          <th scope="col">金額</th>
          <th scope="col">振込依頼人名</th>
          <th scope="col">状態</th>
          <th scope="col">注文</th>
          {answered ? <th scope="col">結果</th> : null}
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => {
          const choice = choices.get(line.line) ?? { orderNo: '', ticked: false };
          const result = results.get(line.line);
          const done = result !== undefined;
          const candidate = candidateOf(line, choice.orderNo);
          const status = STATUS_LABELS[line.status];
          return (
            <tr key={line.line}>
              <td data-label="確定">
                {line.status === 'skipped' || line.candidates.length === 0 ? (
                  <span className={styles.none}>—</span>
                ) : (
                  <input
                    type="checkbox"
                    className={styles.check}
                    aria-label={`${line.line}行目の入金を確定する`}
                    checked={choice.ticked && candidate !== undefined && !done}
                    disabled={candidate === undefined || done || locked}
                    onChange={(event) => onChoose(line.line, { ticked: event.target.checked })}
                  />
                )}
              </td>
              <td data-label="行" className={table.numeric}>
                {line.line}
              </td>
              <td data-label="日付" className={table.nowrap}>
                {slashed(line.paid_on)}
              </td>
              <td data-label="金額" className={`${table.numeric} ${table.nowrap}`}>
                {line.amount == null ? '—' : <Yen value={line.amount} />}
              </td>
              <td data-label="振込依頼人名">{line.payer || '—'}</td>
              <td data-label="状態">
                <Badge tone={status.tone}>{status.label}</Badge>
              </td>
              <td data-label="注文">
                <div className={styles.order}>
                  <OrderChoice
                    line={line}
                    choice={choice}
                    disabled={done || locked}
                    onChoose={(orderNo) => onChoose(line.line, { orderNo, ticked: orderNo !== '' })}
                  />
                </div>
              </td>
              {answered ? (
                <td data-label="結果">
                  {result ? <Outcome result={result} /> : <span className={styles.none}>—</span>}
                </td>
              ) : null}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

interface OrderChoiceProps {
  line: StatementLine;
  choice: Choice;
  disabled: boolean;
  onChoose: (orderNo: string) => void;
}

/** 照合済: the proposed order; with candidates: the select; else why there is none. */
function OrderChoice({ line, choice, disabled, onChoose }: OrderChoiceProps) {
  if (line.status === 'skipped') return <span className={styles.none}>{line.note || '対象外の行です。'}</span>;
  const proposed = line.status === 'matched' ? candidateOf(line, line.proposed ?? '') : undefined;
  if (proposed) {
    return (
      <dl className={styles.proposed}>
        <div>
          <dt>注文番号</dt>
          <dd>{proposed.order_no}</dd>
        </div>
        <div>
          <dt>ご注文者</dt>
          <dd>{proposed.orderer_name}</dd>
        </div>
        <div>
          <dt>ご請求残高</dt>
          <dd>
            <Yen value={proposed.remaining} />
          </dd>
        </div>
      </dl>
    );
  }
  if (line.candidates.length === 0) return <span className={styles.none}>該当する注文はありません。</span>;
  return (
    <select
      className={`${ui.control} ${styles.select}`}
      aria-label={`${line.line}行目の注文`}
      value={choice.orderNo}
      disabled={disabled}
      onChange={(event) => onChoose(event.target.value)}
    >
      <option value="">選択しない</option>
      {line.candidates.map((candidate) => (
        <option key={candidate.order_no} value={candidate.order_no}>
          {candidateLabel(candidate)}
        </option>
      ))}
    </select>
  );
}

function Outcome({ result }: { result: StatementResult }) {
  const tone = OUTCOME_TONES[result.outcome];
  return (
    <div className={styles.outcome}>
      <p className={tone === 'attention' ? styles.failed : tone === 'member' ? styles.paid : styles.review}>
        {result.message}
      </p>
      {result.outcome !== 'not_found' ? (
        <Link to={`/admin/orders/${encodeURIComponent(result.order_no)}`}>{`${result.order_no}を開く`}</Link>
      ) : null}
    </div>
  );
}
