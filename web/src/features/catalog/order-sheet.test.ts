import { describe, expect, it } from 'vitest';
import type { Variation } from '../../api/types';
import {
  blockedReason,
  MAX_SHEET_QUANTITY,
  parseQuantity,
  sheetGrid,
  sheetItems,
  sheetLines,
  sheetTotals,
} from './order-sheet';

const v = (
  key: string,
  size: string | null,
  color: string | null,
  price = 1000,
  stock: Variation['stock_status'] = 'in_stock',
): Variation => ({
  key,
  name: `ジャケット（${[size, color].filter(Boolean).join(' / ')}）`,
  size,
  color,
  price,
  stock_status: stock,
  max_quantity: stock === 'out_of_stock' ? 0 : stock === 'few' ? 3 : 99,
});

const onSale = { onSale: true, stopped: false };

describe('blockedReason', () => {
  it('lets an item in stock or with few left be ordered', () => {
    expect(blockedReason({ stock_status: 'in_stock' }, onSale)).toBeNull();
    expect(blockedReason({ stock_status: 'few' }, onSale)).toBeNull();
  });

  it('blocks a sold-out item, outside the sale period and while the shop has stopped selling, shop first', () => {
    expect(blockedReason({ stock_status: 'out_of_stock' }, onSale)).toBe('out_of_stock');
    expect(blockedReason({ stock_status: 'out_of_stock' }, { onSale: false, stopped: false })).toBe('not_on_sale');
    expect(blockedReason({ stock_status: 'in_stock' }, { onSale: false, stopped: true })).toBe('stopped');
  });
});

describe('sheetGrid', () => {
  it('puts colours in rows and sizes in columns, a missing pair as null', () => {
    const grid = sheetGrid([v('m-bk', 'M', 'ブラック'), v('l-bk', 'L', 'ブラック'), v('m-rd', 'M', 'レッド')]);
    expect(grid?.sizes).toEqual(['M', 'L']);
    expect(grid?.colors).toEqual(['ブラック', 'レッド']);
    expect(grid?.rows.map((r) => r.cells.map((c) => c?.key ?? null))).toEqual([
      ['m-bk', 'l-bk'],
      ['m-rd', null],
    ]);
  });

  it('is a list for one axis, names only, or a repeated pair', () => {
    expect(sheetGrid([v('s', 'S', null), v('m', 'M', null)])).toBeNull();
    expect(sheetGrid([v('a', null, null), v('b', null, null)])).toBeNull();
    expect(sheetGrid([v('a', 'M', 'ブラック'), v('b', 'M', 'ブラック')])).toBeNull();
    expect(sheetGrid([v('a', 'M', 'ブラック'), v('b', null, 'レッド')])).toBeNull();
  });
});

describe('parseQuantity', () => {
  it('reads empty as 0 and whole numbers up to the maximum, full-width digits too', () => {
    expect(parseQuantity('')).toEqual({ quantity: 0, error: null });
    expect(parseQuantity(' 3 ')).toEqual({ quantity: 3, error: null });
    expect(parseQuantity('１２')).toEqual({ quantity: 12, error: null });
    expect(parseQuantity(String(MAX_SHEET_QUANTITY))).toEqual({ quantity: 99, error: null });
  });

  it('refuses fractions, negatives, text and more than the maximum, in Japanese', () => {
    expect(parseQuantity('1.5').error).toBe('整数で入力してください');
    expect(parseQuantity('-1').error).toBe('0以上で入力してください');
    expect(parseQuantity('abc').error).toBe('数字で入力してください');
    expect(parseQuantity('', 99, true).error).toBe('数字で入力してください');
    expect(parseQuantity('100')).toEqual({ quantity: 0, error: '99点以下で入力してください' });
    expect(parseQuantity('6', 5).error).toBe('在庫が不足しています（残り 5 点）');
    expect(parseQuantity('5', 5)).toEqual({ quantity: 5, error: null });
  });
});

describe('sheet totals and items', () => {
  const variations = [
    v('m-bk', 'M', 'ブラック', 6480),
    v('3l-bk', '3L', 'ブラック', 7030, 'out_of_stock'),
    v('m-rd', 'M', 'レッド', 6480, 'few'),
    v('l-rd', 'L', 'レッド', 6480),
  ];

  it('adds tax-included prices × quantities, with the tax inside once for the rate', () => {
    const lines = sheetLines(variations, { 'm-bk': { text: '2' }, 'm-rd': { text: '1' } }, onSale);
    // 6480 × 3 = 19440; floor(19440 × 10 / 110) = 1767
    expect(sheetTotals(lines, 10)).toEqual({ count: 3, amount: 19440, tax: 1767 });
    // floor(19440 × 8 / 108) = 1440
    expect(sheetTotals(lines, 8).tax).toBe(1440);
    expect(sheetItems(lines)).toEqual([
      { variation_key: 'm-bk', quantity: 2 },
      { variation_key: 'm-rd', quantity: 1 },
    ]);
  });

  it('counts nothing for a blocked item, a wrong entry or 0', () => {
    const lines = sheetLines(
      variations,
      { '3l-bk': { text: '4' }, 'm-bk': { text: '0' }, 'm-rd': { text: '150' }, 'l-rd': { text: '1' } },
      onSale,
    );
    expect(lines.find((l) => l.variation.key === '3l-bk')).toMatchObject({
      blocked: 'out_of_stock',
      check: { quantity: 0, error: null },
    });
    // 'few' in the fixture leaves 3 to order.
    expect(lines.find((l) => l.variation.key === 'm-rd')?.check.error).toBe('在庫が不足しています（残り 3 点）');
    expect(sheetTotals(lines, 10)).toEqual({ count: 1, amount: 6480, tax: 589 });
    expect(sheetItems(lines)).toEqual([{ variation_key: 'l-rd', quantity: 1 }]);
  });

  it('orders nothing outside the sale period', () => {
    const lines = sheetLines(variations, { 'm-bk': { text: '2' } }, { onSale: false, stopped: false });
    expect(lines.every((l) => l.blocked === 'not_on_sale')).toBe(true);
    expect(sheetItems(lines)).toEqual([]);
    expect(sheetTotals(lines, 10)).toEqual({ count: 0, amount: 0, tax: 0 });
  });
});
