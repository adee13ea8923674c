/**
 * The card form (spec 001 §5 placeholders: number, holder name, expiry as a 6-digit year-month,
 * security code). The gateway's tokeniser checks the card again and has the last word (Luhn,
 * expiry in the past); these rules only catch what the person can fix before sending.
 */
import { z } from 'zod';
import { cardDigits } from '../../domain/payment-card/card-tokenizer';
import { zRule } from '../../lib/validators';

export const CARD_FORM_MESSAGES = {
  number: 'カード番号は14〜16桁の数字で入力してください',
  holder: 'カード名義はローマ字（半角英字）で入力してください',
  expiration: '有効期限は西暦4桁と月2桁の6桁で入力してください（例：202812）',
  securityCode: 'セキュリティコードは3桁または4桁の数字で入力してください',
} as const;

export const HOLDER_MAX = 45;

/** `202812`, `2028/12`, `2028-12` → {year, month}; null otherwise. */
export function parseExpiration(value: string): { year: number; month: number } | null {
  const match = /^(\d{4})[/-]?(\d{1,2})$/.exec(cardDigitsKeepSeparators(value));
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  return month >= 1 && month <= 12 && year >= 2000 ? { year, month } : null;
}

/** Full-width digits to half-width, spaces dropped, separators kept. */
function cardDigitsKeepSeparators(value: string): string {
  return value
    .replace(/\s/g, '')
    .replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0))
    .replace(/[／－]/g, '-');
}

export const cardSchema = z.object({
  number: zRule((s) => (/^\d{14,16}$/.test(cardDigits(s)) ? null : CARD_FORM_MESSAGES.number)),
  holder_name: zRule((s) =>
    /^[A-Za-z][A-Za-z .-]*$/.test(s.trim()) && s.trim().length <= HOLDER_MAX ? null : CARD_FORM_MESSAGES.holder,
  ),
  expiration: zRule((s) => (parseExpiration(s) ? null : CARD_FORM_MESSAGES.expiration)),
  security_code: zRule((s) => (/^\d{3,4}$/.test(cardDigits(s)) ? null : CARD_FORM_MESSAGES.securityCode)),
});

export type CardFields = z.infer<typeof cardSchema>;
