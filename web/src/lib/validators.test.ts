import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import vectorFile from '../../../shared/validation-vectors.json';
import {
  COMPANY_MAX,
  MESSAGES,
  dateBirth,
  decimal,
  email,
  halfWidthAlphaNum,
  kana,
  maxLength,
  minDate,
  nonNegativeInteger,
  normalizePostal,
  password,
  passwordConfirmation,
  post,
  postDisplay,
  refineMinDate,
  refinePasswordConfirmation,
  refineRequiredWithoutAll,
  required,
  requiredWithoutAll,
  tel,
  tsunaguKana,
  tsunaguName,
  tsunaguPhone,
  tsunaguPostal,
  username,
  yearMonth,
  zKana,
  zMaxLength,
  zPassword,
  zPostal,
  zTel,
  type Message,
} from './validators';

type Params = Record<string, string | number>;
interface RuleCase {
  input: string | string[];
  valid: boolean;
  params?: Params;
  message?: string;
  note?: string;
}
interface FormatterCase {
  input: string;
  expected: string | null;
  note?: string;
}
interface Vectors {
  rules: Record<string, { message: string; cases: RuleCase[] }>;
  formatters: Record<string, { cases: FormatterCase[] }>;
}
const vectors = vectorFile as unknown as Vectors;

const text = (c: RuleCase): string => {
  if (typeof c.input !== 'string') throw new Error(`expected a string input: ${JSON.stringify(c)}`);
  return c.input;
};
const list = (c: RuleCase): string[] => {
  if (!Array.isArray(c.input)) throw new Error(`expected an array input: ${JSON.stringify(c)}`);
  return c.input;
};
const param = (c: RuleCase, name: string): string | number => {
  const value = c.params?.[name];
  if (value === undefined) throw new Error(`params.${name} missing: ${JSON.stringify(c)}`);
  return value;
};

/** The web's function for each rule of the vector file. */
const rules: Record<string, (c: RuleCase) => Message> = {
  required: (c) => required(text(c)),
  kana: (c) => kana(text(c)),
  post: (c) => post(text(c)),
  tel: (c) => tel(text(c)),
  decimal: (c) => decimal(text(c), Number(param(c, 'max'))),
  half_width_alpha_num: (c) => halfWidthAlphaNum(text(c)),
  date_birth: (c) => dateBirth(text(c), String(param(c, 'today'))),
  min_date: (c) => minDate(text(c), String(param(c, 'start'))),
  required_without_all: (c) => requiredWithoutAll(list(c)),
  email: (c) => email(text(c)),
  username: (c) => username(text(c)),
  password: (c) => password(text(c)),
  password_confirmation: (c) => {
    const [pw = '', confirmation = ''] = list(c);
    return passwordConfirmation(pw, confirmation);
  },
  tsunagu_name: (c) => tsunaguName(text(c)),
  tsunagu_kana: (c) => tsunaguKana(text(c)),
  tsunagu_phone: (c) => tsunaguPhone(text(c)),
  tsunagu_postal: (c) => tsunaguPostal(text(c)),
  max_length: (c) => maxLength(text(c), Number(param(c, 'max'))),
  year_month: (c) => yearMonth(text(c), String(param(c, 'today'))),
  non_negative_integer: (c) => nonNegativeInteger(text(c), Number(param(c, 'max'))),
};

const formatters: Record<string, (s: string) => string | null> = {
  post_display: postDisplay,
  normalize_postal: normalizePostal,
};

function expectedMessage(ruleMessage: string, c: RuleCase): string {
  let message = c.message ?? ruleMessage;
  for (const [name, value] of Object.entries(c.params ?? {})) message = message.replaceAll(`{${name}}`, String(value));
  return message;
}

const label = (c: { input: unknown; note?: string }): string =>
  JSON.stringify(c.input).slice(0, 60) + (c.note ? ` (${c.note})` : '');

describe('the shared vectors (shared/validation-vectors.json), also run by the server', () => {
  it('has a web rule for every rule in the file and no rule missing from it', () => {
    expect(Object.keys(vectors.rules).sort()).toEqual(Object.keys(rules).sort());
    expect(Object.keys(vectors.formatters).sort()).toEqual(Object.keys(formatters).sort());
  });

  for (const [name, rule] of Object.entries(vectors.rules)) {
    describe(name, () => {
      it.each(rule.cases.map((c) => [label(c), c] as const))('%s', (_, c) => {
        const run = rules[name];
        if (!run) throw new Error(`no web rule ${name}`);
        expect(run(c)).toBe(c.valid ? null : expectedMessage(rule.message, c));
      });
    });
  }

  for (const [name, formatter] of Object.entries(vectors.formatters)) {
    describe(name, () => {
      it.each(formatter.cases.map((c) => [label(c), c] as const))('%s', (_, c) => {
        const run = formatters[name];
        if (!run) throw new Error(`no web formatter ${name}`);
        expect(run(c.input)).toBe(c.expected);
      });
    });
  }
});

describe('zod helpers', () => {
  const messages = (result: { success: boolean; error?: z.ZodError }) =>
    result.error?.issues.map((i) => i.message) ?? [];

  it('require a value first, then apply the rule', () => {
    expect(messages(zKana().safeParse(''))).toEqual([MESSAGES.required]);
    expect(messages(zKana().safeParse('ｶﾅ'))).toEqual([MESSAGES.kana]);
    expect(zKana().safeParse('カナ').success).toBe(true);
    expect(messages(zPassword().safeParse('abcdefgh'))).toEqual([MESSAGES.password]);
  });

  it('let an optional field stay empty but check what was typed', () => {
    expect(zPostal({ optional: true }).safeParse('').success).toBe(true);
    expect(messages(zPostal({ optional: true }).safeParse('１２３-４５６７'))).toEqual([MESSAGES.post]);
    expect(zTel().safeParse('').success).toBe(true);
    expect(messages(zTel({ optional: false }).safeParse(''))).toEqual([MESSAGES.required]);
    expect(messages(zMaxLength(COMPANY_MAX).safeParse('株'.repeat(251)))).toEqual(['250文字以内で入力してください']);
  });

  it('put form-level errors on the named fields', () => {
    const schema = z
      .object({
        from: z.string(),
        to: z.string(),
        phone: z.string(),
        mobile: z.string(),
        password: z.string(),
        password_confirmation: z.string(),
      })
      .superRefine(refineMinDate('from', 'to'))
      .superRefine(refineRequiredWithoutAll(['phone', 'mobile']))
      .superRefine(refinePasswordConfirmation());
    const result = schema.safeParse({
      from: '2026-05-02',
      to: '2026-05-01',
      phone: '',
      mobile: '',
      password: 'abcd1234',
      password_confirmation: 'x',
    });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['to', MESSAGES.minDate],
      ['phone', MESSAGES.requiredWithoutAll],
      ['mobile', MESSAGES.requiredWithoutAll],
      ['password_confirmation', MESSAGES.passwordConfirmation],
    ]);
    expect(
      schema.safeParse({
        from: '2026-05-01',
        to: '2026-05-01',
        phone: '',
        mobile: '090',
        password: 'a',
        password_confirmation: 'a',
      }).success,
    ).toBe(true);
  });
});
