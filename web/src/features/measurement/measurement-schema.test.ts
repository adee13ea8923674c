import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../lib/validators';
import { PURPOSES, fieldsOf, measureSchema, toValues, valuesText, type PurposeDef } from './measurement-schema';

const def = (purpose: string): PurposeDef => {
  const found = PURPOSES.find((p) => p.purpose === purpose);
  if (!found) throw new Error(purpose);
  return found;
};
const helmet = def('helmet');
const bicycle = def('bicycle');

function errorsOf(d: PurposeDef, fields: Record<string, string>): Record<string, string> {
  const result = measureSchema(d).safeParse(fields);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('measureSchema', () => {
  it('accepts cm with up to one decimal place within the range, ends included', () => {
    expect(errorsOf(helmet, { head: '57' })).toEqual({});
    expect(errorsOf(helmet, { head: '57.5' })).toEqual({});
    expect(errorsOf(helmet, { head: '40' })).toEqual({});
    expect(errorsOf(helmet, { head: '70' })).toEqual({});
  });

  it('reads full-width digits and surrounding spaces as typed on a Japanese keyboard', () => {
    expect(errorsOf(helmet, { head: '５７．５' })).toEqual({});
    expect(toValues(helmet, { head: ' ５７ ' })).toEqual({ head: 57 });
  });

  it('refuses more than one decimal place, words, and values outside the range', () => {
    expect(errorsOf(helmet, { head: '57.25' })).toEqual({ head: '小数点以下1桁以内の数値で入力してください' });
    expect(errorsOf(helmet, { head: 'abc' })).toEqual({ head: '小数点以下1桁以内の数値で入力してください' });
    expect(errorsOf(helmet, { head: '39.9' })).toEqual({ head: '40〜70の範囲で入力してください' });
    expect(errorsOf(helmet, { head: '70.1' })).toEqual({ head: '40〜70の範囲で入力してください' });
    expect(errorsOf(helmet, { head: '-57' })).toEqual({ head: '40〜70の範囲で入力してください' });
  });

  it('requires every measure of the purpose', () => {
    expect(errorsOf(helmet, { head: '' })).toEqual({ head: MESSAGES.required });
    expect(errorsOf(bicycle, { height: '170', inseam: '' })).toEqual({ inseam: MESSAGES.required });
    expect(errorsOf(bicycle, {})).toEqual({ height: MESSAGES.required, inseam: MESSAGES.required });
  });
});

describe('values', () => {
  it('sends numbers per measure', () => {
    expect(toValues(bicycle, { height: '170.5', inseam: '78' })).toEqual({ height: 170.5, inseam: 78 });
  });

  it('starts the form from the latest record', () => {
    const latest = { id: 'm1', purpose: 'bicycle' as const, values: { height: 170, inseam: 78.5 }, created_at: '' };
    expect(fieldsOf(bicycle, latest)).toEqual({ height: '170', inseam: '78.5' });
    expect(fieldsOf(bicycle, null)).toEqual({ height: '', inseam: '' });
  });

  it('says the values as people read them', () => {
    expect(valuesText(helmet, { head: 57 })).toBe('頭囲 57cm');
    expect(valuesText(bicycle, { height: 170, inseam: 78.5 })).toBe('身長 170cm・股下 78.5cm');
  });
});
