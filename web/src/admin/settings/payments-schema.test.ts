import { describe, expect, it } from 'vitest';
import { AdminApiError } from '../api/admin-client';
import { cardMethod, codMethod } from '../../test/settings-payments-fixtures';
import {
  feeSummary,
  MESSAGES,
  movedOrder,
  paymentBody,
  paymentErrors,
  paymentFieldOf,
  paymentRules,
  paymentValues,
  rangeSummary,
} from './payments-schema';

describe('the list’s words', () => {
  it('says a fee as 無料, one amount, or each tier', () => {
    expect(feeSummary([{ up_to: null, fee: 0 }])).toBe('無料');
    expect(feeSummary([{ up_to: null, fee: 330 }])).toBe('330円');
    expect(
      feeSummary([
        { up_to: 10000, fee: 330 },
        { up_to: 30000, fee: 440 },
        { up_to: null, fee: 1100 },
      ]),
    ).toBe('〜10,000円 330円 / 〜30,000円 440円 / それ以上 1,100円');
  });

  it('says the totals a method takes', () => {
    expect(rangeSummary(null, 300000)).toBe('300,000円まで');
    expect(rangeSummary(1000, null)).toBe('1,000円から');
    expect(rangeSummary(1000, 300000)).toBe('1,000円〜300,000円');
    expect(rangeSummary(null, null)).toBe('制限なし');
  });

  it('moves one id up or down, and nothing past either end', () => {
    expect(movedOrder(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(movedOrder(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(movedOrder(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(movedOrder(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});

describe('one method’s form', () => {
  it('shows the tiers as text, the last row without its bound', () => {
    const values = paymentValues(codMethod());
    expect(values.fee_tiers).toEqual([
      { up_to: '10000', fee: '330' },
      { up_to: '30000', fee: '440' },
      { up_to: '100000', fee: '660' },
      { up_to: '', fee: '1100' },
    ]);
    expect(values.min_total).toBe('');
    expect(values.max_total).toBe('300000');
  });

  it('sends yen as numbers (「1,650」, full-width digits), empty boxes as null and the last tier open', () => {
    const values = {
      ...paymentValues(codMethod()),
      fee_tiers: [
        { up_to: '１０，０００', fee: '385円' },
        { up_to: '', fee: '' },
        { up_to: '99999', fee: '1,100' },
      ],
      min_total: ' ',
    };
    expect(paymentBody(values, 3, 'cod')).toMatchObject({
      version: 3,
      fee_tiers: [
        { up_to: 10000, fee: 385 },
        { up_to: null, fee: null },
        { up_to: null, fee: 1100 },
      ],
      min_total: null,
      max_total: 300000,
    });
  });

  it('sends card payment one open tier of 0, and a locked (undefined) checkbox as off', () => {
    const values = { ...paymentValues(cardMethod()), is_enabled: undefined as unknown as boolean };
    expect(paymentBody(values, 1, 'credit_card')).toMatchObject({
      fee_tiers: [{ up_to: null, fee: 0 }],
      is_enabled: false,
    });
  });

  it('checks each box with the server’s words', () => {
    expect(paymentRules.fee.validate('100,000')).toBe(true);
    expect(paymentRules.fee.validate('100001')).toBe(MESSAGES.fee);
    expect(paymentRules.fee.validate('')).toBe(true);
    expect(paymentRules.up_to.validate('0')).toBe(MESSAGES.upTo);
    expect(paymentRules.up_to.validate('100,000,000')).toBe(true);
    expect(paymentRules.min_total.validate('1.5')).toBe(MESSAGES.minTotal);
    expect(paymentRules.max_total.validate('')).toBe(true);
    expect(paymentRules.name.validate('　')).toBe(MESSAGES.nameRequired);
    expect(paymentRules.name.validate('あ'.repeat(51))).toBe(MESSAGES.nameTooLong);
    expect(paymentRules.description.validate('あ'.repeat(500))).toBe(true);
    expect(paymentRules.description.validate('あ'.repeat(501))).toBe(MESSAGES.descriptionTooLong);
  });
});

describe('a refused save', () => {
  it('names the box of a tier key, and none for the last row’s bound or a row not shown', () => {
    expect(paymentFieldOf('fee_tiers[2].up_to', 4)).toBe('fee_tiers.2.up_to');
    expect(paymentFieldOf('fee_tiers[3].fee', 4)).toBe('fee_tiers.3.fee');
    expect(paymentFieldOf('fee_tiers[3].up_to', 4)).toBeNull();
    expect(paymentFieldOf('fee_tiers[0].fee', 0)).toBeNull();
    expect(paymentFieldOf('fee_tiers', 0)).toBe('fee_tiers');
    expect(paymentFieldOf('max_total', 4)).toBe('max_total');
    expect(paymentFieldOf('version', 4)).toBeNull();
  });

  it('puts the fields in the form’s order and the rest in the alert', () => {
    const error = new AdminApiError(422, {
      message: MESSAGES.upToRequired,
      errors: {
        'fee_tiers[1].up_to': [MESSAGES.upToRequired],
        'fee_tiers[0].fee': [MESSAGES.fee],
        max_total: [MESSAGES.maxBelowMin],
        version: [MESSAGES.version],
      },
    });
    expect(paymentErrors(error, 3)).toEqual({
      fields: [
        { name: 'max_total', message: MESSAGES.maxBelowMin },
        { name: 'fee_tiers.0.fee', message: MESSAGES.fee },
        { name: 'fee_tiers.1.up_to', message: MESSAGES.upToRequired },
      ],
      alert: `${MESSAGES.summary}\n${MESSAGES.version}`,
    });
    expect(paymentErrors(new AdminApiError(403, { message: '権限がありません。' }), 3)).toEqual({
      fields: [],
      alert: '権限がありません。',
    });
  });
});
