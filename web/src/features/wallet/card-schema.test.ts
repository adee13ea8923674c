import { describe, expect, it } from 'vitest';
import { CARD_FORM_MESSAGES, cardSchema, parseExpiration } from './card-schema';

describe('card form rules', () => {
  it('reads the expiry as a 6-digit year-month, with or without a separator', () => {
    expect(parseExpiration('202812')).toEqual({ year: 2028, month: 12 });
    expect(parseExpiration('2028/1')).toEqual({ year: 2028, month: 1 });
    expect(parseExpiration('２０２８－０３')).toEqual({ year: 2028, month: 3 });
    expect(parseExpiration('202813')).toBeNull();
    expect(parseExpiration('12/28')).toBeNull();
  });

  it('accepts a typed card and refuses what the person can fix', () => {
    const ok = cardSchema.safeParse({
      number: '4242 4242 4242 4242',
      holder_name: 'TARO YAMADA',
      expiration: '203012',
      security_code: '123',
    });
    expect(ok.success).toBe(true);
    const bad = cardSchema.safeParse({
      number: '4242',
      holder_name: '山田太郎',
      expiration: '2030',
      security_code: '12a',
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toEqual([
      CARD_FORM_MESSAGES.number,
      CARD_FORM_MESSAGES.holder,
      CARD_FORM_MESSAGES.expiration,
      CARD_FORM_MESSAGES.securityCode,
    ]);
  });
});
