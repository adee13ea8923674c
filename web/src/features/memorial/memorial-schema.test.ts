import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../lib/validators';
import {
  EMPTY_MEMORIAL,
  MEMORIAL_MESSAGES,
  daysInMonth,
  daysUntilText,
  memorialSchema,
  toMemorialInput,
  type MemorialFields,
} from './memorial-schema';

const valid: MemorialFields = {
  target_user_name: '山田 花子',
  division_ct: '1',
  name: '母の誕生日',
  month: '5',
  date: '1',
  call: '母',
};

function errorsOf(fields: MemorialFields): Record<string, string> {
  const result = memorialSchema.safeParse(fields);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('memorialSchema', () => {
  it('accepts a filled form, and an empty 呼び方', () => {
    expect(errorsOf(valid)).toEqual({});
    expect(errorsOf({ ...valid, call: '' })).toEqual({});
  });

  it('asks for every required field', () => {
    expect(errorsOf(EMPTY_MEMORIAL)).toEqual({
      target_user_name: MESSAGES.required,
      division_ct: MEMORIAL_MESSAGES.division,
      name: MESSAGES.required,
      month: MEMORIAL_MESSAGES.month,
      date: MEMORIAL_MESSAGES.date,
    });
    expect(errorsOf({ ...valid, target_user_name: '　' })).toEqual({ target_user_name: MESSAGES.required });
  });

  it('counts lengths in characters: 30 for names, 20 for 呼び方', () => {
    expect(errorsOf({ ...valid, name: '𠮷'.repeat(30) })).toEqual({});
    expect(errorsOf({ ...valid, name: 'あ'.repeat(31) })).toEqual({ name: '30文字以内で入力してください' });
    expect(errorsOf({ ...valid, target_user_name: 'あ'.repeat(31) })).toHaveProperty('target_user_name');
    expect(errorsOf({ ...valid, call: 'あ'.repeat(20) })).toEqual({});
    expect(errorsOf({ ...valid, call: 'あ'.repeat(21) })).toEqual({ call: '20文字以内で入力してください' });
  });

  it('allows only real days, 2/29 included', () => {
    expect(errorsOf({ ...valid, month: '2', date: '29' })).toEqual({});
    expect(errorsOf({ ...valid, month: '2', date: '30' })).toEqual({ date: MEMORIAL_MESSAGES.dateInMonth });
    expect(errorsOf({ ...valid, month: '4', date: '31' })).toEqual({ date: MEMORIAL_MESSAGES.dateInMonth });
    expect(errorsOf({ ...valid, month: '12', date: '31' })).toEqual({});
    expect(errorsOf({ ...valid, month: '13' })).toEqual({ month: MEMORIAL_MESSAGES.month });
    expect(errorsOf({ ...valid, division_ct: '4' })).toEqual({ division_ct: MEMORIAL_MESSAGES.division });
  });
});

describe('daysInMonth', () => {
  it('gives February 29 days and the others their own', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map(daysInMonth)).toEqual([
      31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
    ]);
  });
});

describe('the body', () => {
  it('sends numbers for the choices', () => {
    expect(toMemorialInput(valid)).toEqual({
      target_user_name: '山田 花子',
      division_ct: 1,
      name: '母の誕生日',
      month: 5,
      date: 1,
      call: '母',
    });
  });

  it('says 今日 on the day and あと n 日 before it', () => {
    expect(daysUntilText(0)).toBe('今日');
    expect(daysUntilText(12)).toBe('あと12日');
  });
});
