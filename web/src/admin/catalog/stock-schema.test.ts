import { describe, expect, it } from 'vitest';
import {
  adjustDelta,
  adjustRules,
  countRules,
  parseThreshold,
  signed,
  stockName,
  thresholdRules,
} from './stock-schema';

describe('the stock desk’s forms', () => {
  it('turns the direction and the number into the signed change, full-width digits too', () => {
    expect(adjustDelta('add', '5')).toBe(5);
    expect(adjustDelta('remove', '３')).toBe(-3);
    expect(adjustDelta('add', '0')).toBeNull();
    expect(adjustDelta('add', '1.5')).toBeNull();
    expect(adjustDelta('add', '')).toBeNull();
  });

  it('says in Japanese what is wrong with a number', () => {
    expect(adjustRules.quantity.validate('')).toBe('数量を入力してください');
    expect(adjustRules.quantity.validate('0')).toBe('数量は1以上で入力してください');
    expect(adjustRules.quantity.validate('-2')).toBe('0〜1000000の整数を半角数字で入力してください');
    expect(adjustRules.quantity.validate('12')).toBe(true);
    expect(countRules.to.validate('0')).toBe(true);
    expect(countRules.to.validate('2.5')).toBe('0〜1000000の整数を半角数字で入力してください');
    expect(countRules.note.validate('あ'.repeat(201))).toBe('200文字以内で入力してください');
    expect(thresholdRules.threshold.validate('')).toBe(true);
    expect(thresholdRules.threshold.validate('x')).toBe('0〜1000000の整数を半角数字で入力してください');
  });

  it('reads a blank しきい値 as none', () => {
    expect(parseThreshold(' ')).toBeNull();
    expect(parseThreshold('３')).toBe(3);
  });

  it('names a variation once, and signs a change', () => {
    expect(stockName({ product_name: 'LEDバルブ', variation_name: 'LEDバルブ' })).toBe('LEDバルブ');
    expect(stockName({ product_name: 'LEDバルブ', variation_name: 'LEDバルブ（白）' })).toBe('LEDバルブ（白）');
    expect(stockName({ product_name: 'LEDバルブ', variation_name: '白 2個入' })).toBe('LEDバルブ（白 2個入）');
    expect([signed(5), signed(-3), signed(0)]).toEqual(['+5', '-3', '±0']);
  });
});
