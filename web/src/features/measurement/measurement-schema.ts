/**
 * What the member measures, per purpose (docs/member-area-api.md, "Measurements"): cm with at
 * most one decimal place, each measure within its range, every measure of a purpose required.
 * What people type is read after NFKC (full-width digits from a Japanese keyboard count).
 */
import { z } from 'zod';
import type { Measurement, MeasurementPurpose } from '../../api/types';
import { formatMeasure } from '../../domain/measurement/size-suggestion';
import { decimal, required } from '../../lib/validators';

export interface MeasureDef {
  key: string;
  label: string;
  min: number;
  max: number;
  hint: string;
}

export interface PurposeDef {
  purpose: MeasurementPurpose;
  label: string;
  measures: readonly MeasureDef[];
}

export const PURPOSES: readonly PurposeDef[] = [
  {
    purpose: 'helmet',
    label: 'ヘルメット',
    measures: [
      { key: 'head', label: '頭囲', min: 40, max: 70, hint: '眉の上と後頭部のいちばん出ているところを通る一周' },
    ],
  },
  {
    purpose: 'glove',
    label: 'グローブ',
    measures: [{ key: 'hand', label: '手の長さ', min: 10, max: 30, hint: '手首のしわから中指の先まで' }],
  },
  {
    purpose: 'bicycle',
    label: '自転車',
    measures: [
      { key: 'height', label: '身長', min: 100, max: 220, hint: '靴を脱いで' },
      { key: 'inseam', label: '股下', min: 50, max: 110, hint: '床から股の付け根まで' },
    ],
  },
];

export const UNIT = 'cm';

export const rangeMessage = (m: MeasureDef): string => `${m.min}〜${m.max}の範囲で入力してください`;

/** The typed text as the rules read it: NFKC, surrounding spaces dropped. */
export function normalizeMeasure(s: string): string {
  return s.normalize('NFKC').trim();
}

/** The message a measure's field shows, or null when it is fine. */
export function measureMessage(measure: MeasureDef, typed: string): string | null {
  const s = normalizeMeasure(typed);
  const message = required(s) ?? decimal(s, 1);
  if (message !== null) return message;
  const value = Number(s);
  return value < measure.min || value > measure.max ? rangeMessage(measure) : null;
}

export type MeasureFields = Record<string, string>;

export function measureSchema(def: PurposeDef) {
  return z.record(z.string(), z.string()).superRefine((fields, ctx) => {
    for (const measure of def.measures) {
      const message = measureMessage(measure, fields[measure.key] ?? '');
      if (message !== null) ctx.addIssue({ code: 'custom', message, path: [measure.key] });
    }
  });
}

export function toValues(def: PurposeDef, fields: MeasureFields): Record<string, number> {
  return Object.fromEntries(def.measures.map((m) => [m.key, Number(normalizeMeasure(fields[m.key] ?? ''))]));
}

/** The form's start: the latest record's values, or empty fields. */
export function fieldsOf(def: PurposeDef, latest: Measurement | null): MeasureFields {
  return Object.fromEntries(
    def.measures.map((m) => {
      const value = latest?.values[m.key];
      return [m.key, typeof value === 'number' ? formatMeasure(value) : ''];
    }),
  );
}

/** 「頭囲 57cm」, 「身長 170cm・股下 78cm」 */
export function valuesText(def: PurposeDef, values: Record<string, number>): string {
  return def.measures
    .filter((m) => typeof values[m.key] === 'number')
    .map((m) => `${m.label} ${formatMeasure(values[m.key] as number)}${UNIT}`)
    .join('・');
}
