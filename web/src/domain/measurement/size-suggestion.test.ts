import { describe, expect, it } from 'vitest';
import type { Measurement, SizeChart } from '../../api/types';
import { formatMeasure, latestOf, suggestionText, suggestSize } from './size-suggestion';

const helmetChart: SizeChart = {
  purpose: 'helmet',
  measure: 'head',
  measure_name: '頭囲',
  unit: 'cm',
  sizes: [
    { label: 'S', min: 55, max: 57 },
    { label: 'M', min: 57, max: 59 },
    { label: 'L', min: 59, max: 61 },
    { label: 'XL', min: 61, max: 63 },
  ],
};

let n = 0;
function record(purpose: Measurement['purpose'], values: Record<string, number>, createdAt: string): Measurement {
  n += 1;
  return { id: `m${n}`, purpose, values, created_at: createdAt };
}

const head = (cm: number, at = '2026-11-20T01:00:00Z') => record('helmet', { head: cm }, at);

describe('suggestSize', () => {
  it('picks the size whose range holds the measure', () => {
    expect(suggestSize(helmetChart, [head(56)])).toMatchObject({ kind: 'fit', label: 'S', value: 56 });
    expect(suggestSize(helmetChart, [head(60.5)])).toMatchObject({ kind: 'fit', label: 'L' });
  });

  it('counts a size from its min and up to, not including, its max (57 is M, not S)', () => {
    expect(suggestSize(helmetChart, [head(57)])).toMatchObject({ kind: 'fit', label: 'M' });
    expect(suggestSize(helmetChart, [head(56.9)])).toMatchObject({ kind: 'fit', label: 'S' });
    expect(suggestSize(helmetChart, [head(55)])).toMatchObject({ kind: 'fit', label: 'S' });
    expect(suggestSize(helmetChart, [head(62.9)])).toMatchObject({ kind: 'fit', label: 'XL' });
  });

  it('says no size fits outside every range (the last max is outside too)', () => {
    expect(suggestSize(helmetChart, [head(63)])).toEqual({ kind: 'none', value: 63, measureName: '頭囲', unit: 'cm' });
    expect(suggestSize(helmetChart, [head(54.9)])).toMatchObject({ kind: 'none' });
  });

  it('uses the newest record of the purpose, whatever order the list came in', () => {
    const older = head(56, '2026-10-01T00:00:00Z');
    const newer = head(58, '2026-11-01T00:00:00Z');
    expect(suggestSize(helmetChart, [older, newer])).toMatchObject({ label: 'M', value: 58 });
    expect(suggestSize(helmetChart, [newer, older])).toMatchObject({ label: 'M', value: 58 });
  });

  it('ignores other purposes and records without the chart measure', () => {
    const glove = record('glove', { hand: 57 }, '2026-11-20T00:00:00Z');
    expect(suggestSize(helmetChart, [glove])).toEqual({ kind: 'unmeasured', measureName: '頭囲' });
    expect(suggestSize(helmetChart, [record('helmet', {}, '2026-11-20T00:00:00Z')])).toMatchObject({
      kind: 'unmeasured',
    });
    expect(suggestSize(helmetChart, [])).toMatchObject({ kind: 'unmeasured' });
  });

  it('reads a bicycle chart by the measure it names among several', () => {
    const chart: SizeChart = {
      purpose: 'bicycle',
      measure: 'height',
      measure_name: '身長',
      unit: 'cm',
      sizes: [
        { label: '450', min: 150, max: 165 },
        { label: '500', min: 165, max: 180 },
      ],
    };
    const bike = record('bicycle', { height: 170, inseam: 78 }, '2026-11-20T00:00:00Z');
    expect(suggestSize(chart, [bike])).toMatchObject({ kind: 'fit', label: '500', value: 170 });
  });
});

describe('latestOf', () => {
  it('is null without a record of the purpose', () => {
    expect(latestOf([head(57)], 'glove')).toBeNull();
  });
});

describe('the words', () => {
  it('names the size and the measure', () => {
    expect(suggestionText(suggestSize(helmetChart, [head(57)]))).toBe('あなたのサイズ: M（頭囲 57cm）');
    expect(suggestionText(suggestSize(helmetChart, [head(57.5)]))).toBe('あなたのサイズ: M（頭囲 57.5cm）');
  });

  it('says when no size fits', () => {
    expect(suggestionText(suggestSize(helmetChart, [head(63)]))).toBe(
      'あなたのサイズ（頭囲 63cm）に合うサイズがありません',
    );
  });

  it('has nothing to say without a measurement', () => {
    expect(suggestionText(suggestSize(helmetChart, []))).toBeNull();
  });

  it('writes measures without float noise or a trailing zero', () => {
    expect(formatMeasure(57)).toBe('57');
    expect(formatMeasure(57.0)).toBe('57');
    expect(formatMeasure(0.1 + 57.2)).toBe('57.3');
  });
});
