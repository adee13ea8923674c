/**
 * 売上 (/admin/reports, docs/contracts/reports.md): the shop's sales for any stretch of Japan days.
 *
 * - The period (開始日 / 終了日 and 今日, 昨日, 今月, 先月, 過去30日, 今年) and 集計単位 (日別 … 時間帯別)
 *   live in the address (?from&to&grain&by), so a view can be bookmarked and reloaded; the
 *   server's 422 messages go under the date inputs.
 * - The cards: 純売上, 注文数, 客単価 and 返品・返金・キャンセル, each with the previous stretch's figure
 *   (the same number of days just before) and the change.
 * - How 純売上 is made (総売上 − クーポン値引 − ポイント利用 + 送料・手数料 − 返品・返金・キャンセル), under the
 *   rule that money counts on the day of its event.
 * - 純売上 per period as bars (hidden from assistive technology), the table that holds the same
 *   figures with its 合計 row, and the CSVs of that table.
 * - 内訳: the same figures by product, SKU, category, payment, prefecture, customer kind,
 *   new/repeat or tax rate, with its CSVs.
 *
 * Only for staff holding `reports` (オーナー and 店長): the menu leaves it out for the others, and
 * the page says so if reached anyway (without asking the server).
 */
import { Component, type FormEvent, lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { errorText, fieldError } from '../api/admin-client';
import { useCan } from '../api/session-queries';
import { todayInJapan } from '../ui/date-time';
import { Field, ui } from '../ui/form';
import { LoadFailed, Loading } from '../ui/query-state';
import { Yen } from '../ui/yen';
import { breakdownReportQuery, isCounting, salesReportQuery } from './report-queries';
import { CsvButtons, FiguresTable } from './report-table';
import { type BreakdownReport, REPORTS_PERMISSION, type ReportFigures, type SalesReport } from './report-types';
import {
  averageOrder,
  BREAKDOWNS,
  breakdownLabel,
  changeText,
  GRAINS,
  grainLabel,
  isItemised,
  ITEMISED_NOTE,
  periodPresets,
  periodText,
  RULE_TEXT,
  type ReportView,
  readView,
  viewSearch,
} from './report-view';
import styles from './reports.module.css';

const ReportChart = lazy(() => import('./report-chart'));

/**
 * The chart only repeats the table: if its code cannot be loaded (a new release replaced the
 * file), the page goes on without it.
 */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

export const FORBIDDEN_TEXT = '売上を閲覧する権限がありません。';

/** The query's fields the period form shows the server's messages for. */
const PERIOD_FIELDS = ['from', 'to', 'grain'] as const;

export function ReportsPage() {
  const allowed = useCan()(REPORTS_PERMISSION);
  return (
    <>
      <title>売上 | 管理画面</title>
      <h1>売上</h1>
      {allowed ? <ReportDesk /> : <p role="alert">{FORBIDDEN_TEXT}</p>}
    </>
  );
}

function ReportDesk() {
  const [params, setParams] = useSearchParams();
  const view = readView(params);
  const show = (next: Partial<ReportView>) => setParams(new URLSearchParams(viewSearch({ ...view, ...next })));
  const sales = useQuery(salesReportQuery(view));
  // Asked at the same time as the sales, shown under them.
  const breakdown = useQuery(breakdownReportQuery(view));
  // A 422 is about the period (or the grain): the form shows it, the rest of the page waits.
  const refused = PERIOD_FIELDS.some((field) => fieldError(sales.error, field));

  return (
    <>
      <PeriodForm view={view} error={sales.error} onShow={show} />
      {sales.data ? (
        <>
          <SummaryCards report={sales.data} />
          <Waterfall total={sales.data.total} />
          <SalesSection view={view} report={sales.data} busy={sales.isPlaceholderData} />
          <BreakdownSection view={view} breakdown={breakdown} onShow={show} />
        </>
      ) : sales.isPending && isCounting(sales.failureReason) ? (
        <p role="status" className={styles.note}>
          {errorText(sales.failureReason)}
        </p>
      ) : sales.isPending ? (
        <Loading />
      ) : refused ? null : (
        <LoadFailed error={sales.error} />
      )}
    </>
  );
}

// ---- the period and the grain -------------------------------------------------------------------

interface PeriodFormProps {
  view: ReportView;
  /** The sales report's error: a 422 names `from`, `to` or `grain`. */
  error: unknown;
  onShow: (next: Partial<ReportView>) => void;
}

function PeriodForm({ view, error, onShow }: PeriodFormProps) {
  // The typed dates, shown once 表示する is pressed (a date box changes on every digit typed).
  const [from, setFrom] = useState(view.from);
  const [to, setTo] = useState(view.to);
  const [missing, setMissing] = useState<{ from?: string; to?: string }>({});
  // A quick choice, back/forward or a bookmark changes the address: the boxes follow it (the
  // form stays, and so does the keyboard's focus).
  const [shown, setShown] = useState({ from: view.from, to: view.to });
  if (shown.from !== view.from || shown.to !== view.to) {
    setShown({ from: view.from, to: view.to });
    setFrom(view.from);
    setTo(view.to);
    setMissing({});
  }
  const presets = periodPresets(todayInJapan());
  const grainError = fieldError(error, 'grain');
  const grainErrorId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = {
      from: from ? undefined : '開始日を入力してください。',
      to: to ? undefined : '終了日を入力してください。',
    };
    setMissing(problems);
    if (problems.from || problems.to) return;
    onShow({ from, to });
  }

  return (
    <form noValidate aria-label="期間と集計単位" className={styles.period} onSubmit={submit}>
      <div className={styles.dates}>
        <Field label="開始日" error={missing.from ?? fieldError(error, 'from')}>
          {(control) => (
            <input {...control} type="date" name="from" value={from} onChange={(e) => setFrom(e.target.value)} />
          )}
        </Field>
        <Field label="終了日" error={missing.to ?? fieldError(error, 'to')}>
          {(control) => <input {...control} type="date" name="to" value={to} onChange={(e) => setTo(e.target.value)} />}
        </Field>
        <div className={styles.showButton}>
          <button type="submit" className={ui.button}>
            表示する
          </button>
        </div>
      </div>
      <fieldset className={ui.fieldset}>
        <legend className="visually-hidden">期間を選ぶ</legend>
        <div className={styles.presets}>
          {presets.map((preset) => (
            <button
              key={preset.label}
              type="button"
              className={styles.preset}
              aria-pressed={preset.from === view.from && preset.to === view.to}
              onClick={() => onShow({ from: preset.from, to: preset.to })}
            >
              {preset.label}
            </button>
          ))}
        </div>
      </fieldset>
      <fieldset className={ui.fieldset} aria-describedby={grainError ? grainErrorId : undefined}>
        <legend className={ui.legend}>集計単位</legend>
        <div className={styles.segments}>
          {GRAINS.map((grain) => (
            <label key={grain.code} className={styles.segment}>
              <input
                type="radio"
                name="grain"
                value={grain.code}
                checked={view.grain === grain.code}
                onChange={() => onShow({ grain: grain.code })}
              />
              <span>{grain.label}</span>
            </label>
          ))}
        </div>
        {grainError ? (
          <p id={grainErrorId} className={styles.error}>
            {grainError}
          </p>
        ) : null}
      </fieldset>
    </form>
  );
}

// ---- the cards ----------------------------------------------------------------------------------

/** What a card shows of the previous stretch: its figure, and the change when there is one. */
function previousLine(previous: number | null, kind: 'yen' | 'count'): ReactNode {
  if (previous === null) return '前期間 —';
  if (previous === 0) return kind === 'yen' ? '前期間 0円' : '前期間 0件';
  return kind === 'yen' ? (
    <>
      前期間 <Yen value={previous} />
    </>
  ) : (
    `前期間 ${previous.toLocaleString('ja-JP')}件`
  );
}

interface CardProps {
  label: string;
  value: ReactNode;
  current: number | null;
  previous: number | null;
  kind: 'yen' | 'count';
}

function Card({ label, value, current, previous, kind }: CardProps) {
  const change = changeText(current, previous);
  return (
    <div className={styles.card}>
      <dt className={styles.cardLabel}>{label}</dt>
      <dd className={styles.cardValue}>{value}</dd>
      <dd className={styles.cardPrevious}>{previousLine(previous, kind)}</dd>
      {change ? <dd className={styles.cardChange}>{change}</dd> : null}
    </div>
  );
}

function SummaryCards({ report }: { report: SalesReport }) {
  const titleId = useId();
  const { total } = report;
  const before = report.previous.total;
  const average = averageOrder(total);
  return (
    <section aria-labelledby={titleId} className={styles.summary}>
      <h2 id={titleId} className="visually-hidden">
        概要
      </h2>
      <p className={styles.compared}>
        {periodText(report.from, report.to)}の数字です。前期間は同じ日数の直前の期間（
        {periodText(report.previous.from, report.previous.to)}）です。
      </p>
      <dl className={styles.cards}>
        <Card label="純売上" value={<Yen value={total.net} />} current={total.net} previous={before.net} kind="yen" />
        <Card
          label="注文数"
          value={`${total.orders.toLocaleString('ja-JP')}件`}
          current={total.orders}
          previous={before.orders}
          kind="count"
        />
        <Card
          label="客単価"
          value={average === null ? '—' : <Yen value={average} />}
          current={average}
          previous={averageOrder(before)}
          kind="yen"
        />
        <Card
          label="返品・返金・キャンセル"
          value={<Yen value={total.returns} />}
          current={total.returns}
          previous={before.returns}
          kind="yen"
        />
      </dl>
    </section>
  );
}

// ---- how 純売上 is made --------------------------------------------------------------------------

const WATERFALL: readonly { key: keyof ReportFigures; label: string; sign: string; result?: boolean }[] = [
  { key: 'gross', label: '総売上', sign: '' },
  { key: 'discounts', label: 'クーポン値引', sign: '−' },
  { key: 'points', label: 'ポイント利用', sign: '−' },
  { key: 'fees', label: '送料・手数料', sign: '+' },
  { key: 'returns', label: '返品・返金・キャンセル', sign: '−' },
  { key: 'net', label: '純売上', sign: '＝', result: true },
];

function Waterfall({ total }: { total: ReportFigures }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={styles.waterfall}>
      <h2 id={titleId}>純売上の計算</h2>
      <p className={styles.rule}>{RULE_TEXT}</p>
      <dl className={styles.steps}>
        {WATERFALL.map((step) => (
          <div key={step.key} className={step.result ? `${styles.step} ${styles.result}` : styles.step}>
            <dt>
              {step.sign ? (
                <span className={styles.sign} aria-hidden="true">
                  {step.sign}
                </span>
              ) : null}
              {step.label}
            </dt>
            <dd>
              <Yen value={total[step.key]} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

// ---- the sales over time ------------------------------------------------------------------------

function SalesSection({ view, report, busy }: { view: ReportView; report: SalesReport; busy: boolean }) {
  const titleId = useId();
  const title = `${grainLabel(report.grain)}の売上`;
  return (
    <section aria-labelledby={titleId} aria-busy={busy || undefined}>
      <h2 id={titleId}>{title}</h2>
      <div className={styles.chart} aria-hidden="true">
        <ChartBoundary>
          <Suspense fallback={null}>
            <ReportChart rows={report.rows} />
          </Suspense>
        </ChartBoundary>
      </div>
      <FiguresTable
        caption={`${title}（${periodText(report.from, report.to)}）`}
        labelHeader="期間"
        rows={report.rows}
        total={report.total}
        busy={busy}
      />
      <CsvButtons csv={{ kind: 'sales', query: { from: view.from, to: view.to, grain: view.grain } }} />
    </section>
  );
}

// ---- 内訳 ---------------------------------------------------------------------------------------

interface BreakdownSectionProps {
  view: ReportView;
  breakdown: UseQueryResult<BreakdownReport>;
  onShow: (next: Partial<ReportView>) => void;
}

function BreakdownSection({ view, breakdown, onShow }: BreakdownSectionProps) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={styles.breakdown}>
      <h2 id={titleId}>内訳</h2>
      <div className={styles.breakdownPicker}>
        <Field label="内訳の種類" error={fieldError(breakdown.error, 'by')}>
          {(control) => (
            <select
              {...control}
              value={view.by}
              onChange={(event) => onShow({ by: event.target.value as ReportView['by'] })}
            >
              {BREAKDOWNS.map((item) => (
                <option key={item.code} value={item.code}>
                  {item.label}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {breakdown.data ? (
        <BreakdownTable view={view} report={breakdown.data} busy={breakdown.isPlaceholderData} />
      ) : breakdown.isPending ? (
        <Loading />
      ) : fieldError(breakdown.error, 'by') ? null : (
        <LoadFailed error={breakdown.error} />
      )}
    </section>
  );
}

function BreakdownTable({ view, report, busy }: { view: ReportView; report: BreakdownReport; busy: boolean }) {
  const label = breakdownLabel(report.by);
  if (report.rows.length === 0) {
    return <p className={styles.empty}>この期間の売上はありません。</p>;
  }
  return (
    <>
      {report.truncated ? <p className={styles.note}>純売上の多い順に500件まで表示しています。</p> : null}
      <FiguresTable
        caption={`${label}の内訳（${periodText(report.from, report.to)}）`}
        labelHeader="内訳"
        rows={report.rows}
        total={report.total}
        busy={busy}
      />
      {isItemised(report.by) ? <p className={styles.note}>{ITEMISED_NOTE}</p> : null}
      <CsvButtons csv={{ kind: 'breakdown', query: { from: view.from, to: view.to, by: view.by } }} />
    </>
  );
}
