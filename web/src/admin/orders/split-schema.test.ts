import { describe, expect, it } from 'vitest';
import { AdminApiError } from '../api/admin-client';
import { ALL_ACTIONS, shipment } from '../../test/order-desk';
import { canSplit, moveError, splitError, splitErrors, splitLines } from './split-schema';

const LINES = [
  { id: 'l-1', quantity: 2 },
  { id: 'l-2', quantity: 1 },
];

describe('出荷を分割', () => {
  it('is offered for a shipment not yet gone with more than one unit, when the server allows it', () => {
    const two = shipment('RP1-1');
    expect(canSplit(two, ALL_ACTIONS)).toBe(true);
    expect(canSplit(two, { ...ALL_ACTIONS, split: false })).toBe(false);
    expect(canSplit({ ...two, state: { code: 'preparing', label: '出荷準備中' } }, ALL_ACTIONS)).toBe(true);
    expect(canSplit({ ...two, state: { code: 'shipped', label: '出荷済' } }, ALL_ACTIONS)).toBe(false);
    const one = { ...two, lines: two.lines.map((line) => ({ ...line, quantity: 1 })) };
    expect(canSplit(one, ALL_ACTIONS)).toBe(false);
  });

  it('takes 0 up to the line’s quantity in each box', () => {
    expect(moveError('', 2)).toBeNull();
    expect(moveError('0', 2)).toBeNull();
    expect(moveError('2', 2)).toBeNull();
    expect(moveError('3', 2)).toBe('2以下で入力してください');
    expect(moveError('-1', 2)).toBe('0以上の整数で入力してください');
    expect(moveError('1.5', 2)).toBe('0以上の整数で入力してください');
  });

  it('moves at least one unit and leaves at least one', () => {
    expect(splitError(LINES, ['0', ''])).toBe('新しい出荷に移す数量を1点以上入力してください');
    expect(splitError(LINES, ['2', '1'])).toBe('元の出荷に1点以上残してください');
    expect(splitError(LINES, ['1', '1'])).toBeNull();
    expect(splitError(LINES, ['2', '0'])).toBeNull();
  });

  it('sends only the lines that move', () => {
    expect(splitLines(LINES, ['0', '1'])).toEqual([{ line_id: 'l-2', quantity: 1 }]);
    expect(splitLines(LINES, ['1', ''])).toEqual([{ line_id: 'l-1', quantity: 1 }]);
  });

  it('puts the server’s word on the line it names, the rest in the alert', () => {
    const sent = [{ line_id: 'l-2', quantity: 1 }];
    const onLine = new AdminApiError(422, {
      message: '入力内容をご確認ください。',
      errors: { 'lines.0.quantity': ['多すぎます。'] },
    });
    expect(splitErrors(onLine, LINES, sent)).toEqual({ perLine: [undefined, '多すぎます。'], alert: null });
    const general = new AdminApiError(422, {
      message: '入力内容をご確認ください。',
      errors: { lines: ['同じ商品が二度指定されています。'] },
    });
    expect(splitErrors(general, LINES, sent).alert).toBe('同じ商品が二度指定されています。');
    const rule = new AdminApiError(422, { message: 'この出荷は分割できません。', code: 'orders.desk.refused' });
    expect(splitErrors(rule, LINES, sent)).toEqual({
      perLine: [undefined, undefined],
      alert: 'この出荷は分割できません。',
    });
  });
});
