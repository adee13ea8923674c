/**
 * 純売上 per row as bars (recharts), loaded on its own (reports-page.tsx imports it lazily, so the
 * back office's other screens never download the chart library). It is hidden from assistive
 * technology: the table under it holds the same figures as the real data.
 *
 * The container follows its box's width (ResizeObserver); where there is none (jsdom in the
 * tests) it keeps `initialDimension`, a fixed size, so the bars are still drawn.
 */
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatYen } from '../ui/yen';
import type { ReportRow } from './report-types';

/** The back office's palette (admin.css): SVG attributes take colours, not var(). */
const PRIMARY = '#1f4e79';
const BORDER = '#c9ced6';
const MUTED = '#5a5a5a';
export const CHART_HEIGHT = 240;

const COMPACT = new Intl.NumberFormat('ja-JP', { notation: 'compact', maximumFractionDigits: 1 });

export default function ReportChart({ rows }: { rows: readonly ReportRow[] }) {
  const data = rows.map((row) => ({ label: row.label, net: row.figures.net }));
  return (
    <ResponsiveContainer width="100%" height={CHART_HEIGHT} initialDimension={{ width: 640, height: CHART_HEIGHT }}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
        <CartesianGrid vertical={false} stroke={BORDER} />
        <XAxis dataKey="label" tick={{ fontSize: 12, fill: MUTED }} stroke={BORDER} interval="preserveStartEnd" />
        <YAxis
          tick={{ fontSize: 12, fill: MUTED }}
          stroke={BORDER}
          width={56}
          tickFormatter={(value: number) => `¥${COMPACT.format(value)}`}
        />
        <Tooltip
          formatter={(value) => [formatYen(Number(value)), '純売上']}
          cursor={{ fill: 'rgb(31 78 121 / 0.08)' }}
          isAnimationActive={false}
        />
        <Bar dataKey="net" name="純売上" fill={PRIMARY} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
