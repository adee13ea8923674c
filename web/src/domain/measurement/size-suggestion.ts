/**
 * Which size of a product's chart fits the member (docs/member-area-api.md, "Size chart"): the
 * member's latest measurement of the chart's purpose, against each size's range (min inclusive,
 * max exclusive, so 57 on S 55–57 / M 57–59 is M).
 */
import type { Measurement, SizeChart } from '../../api/types';

export type SizeSuggestion =
  /** A size's range holds the measure. */
  | { kind: 'fit'; label: string; value: number; measureName: string; unit: string }
  /** Measured, but outside every range. */
  | { kind: 'none'; value: number; measureName: string; unit: string }
  /** No record of the chart's purpose (or none with its measure). */
  | { kind: 'unmeasured'; measureName: string };

/** The newest record of `purpose` (by `created_at`, whatever order the list came in). */
export function latestOf(measurements: readonly Measurement[], purpose: string): Measurement | null {
  let latest: Measurement | null = null;
  for (const m of measurements) {
    if (m.purpose !== purpose) continue;
    if (latest === null || Date.parse(m.created_at) > Date.parse(latest.created_at)) latest = m;
  }
  return latest;
}

export function suggestSize(chart: SizeChart, measurements: readonly Measurement[]): SizeSuggestion {
  const value = latestOf(measurements, chart.purpose)?.values[chart.measure];
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    return { kind: 'unmeasured', measureName: chart.measure_name };
  }
  const base = { value, measureName: chart.measure_name, unit: chart.unit };
  const size = chart.sizes.find((s) => value >= s.min && value < s.max);
  return size ? { kind: 'fit', label: size.label, ...base } : { kind: 'none', ...base };
}

/** `57`, `57.5`: a measure as people write it (at most one decimal place, no trailing zero). */
export function formatMeasure(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/** 「あなたのサイズ: M（頭囲 57cm）」, or that no size fits; null when there is nothing measured. */
export function suggestionText(suggestion: SizeSuggestion): string | null {
  if (suggestion.kind === 'unmeasured') return null;
  const measured = `${suggestion.measureName} ${formatMeasure(suggestion.value)}${suggestion.unit}`;
  return suggestion.kind === 'fit'
    ? `あなたのサイズ: ${suggestion.label}（${measured}）`
    : `あなたのサイズ（${measured}）に合うサイズがありません`;
}
