import { describe, expect, it } from 'vitest';
import {
  EMBROIDERY_MESSAGES,
  EMPTY_EMBROIDERY,
  countText,
  embroiderySchema,
  embroideryText,
  limitText,
  previewText,
  toEmbroideryInput,
  type EmbroideryFields,
} from './name-embroidery-schema';

const options = {
  typefaces: [
    { value: 'block', label: 'ブロック体' },
    { value: 'script', label: '筆記体' },
  ],
  colors: [
    { value: 'white', label: '白' },
    { value: 'navy', label: '紺' },
  ],
  positions: [
    { value: 'left_chest', label: '左胸' },
    { value: 'cuff', label: '袖口' },
  ],
};

const valid: EmbroideryFields = { text: 'YAMADA', typeface: 'block', color: 'white', position: 'left_chest' };

function errorsOf(fields: EmbroideryFields): Record<string, string> {
  const result = embroiderySchema.safeParse(fields);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('embroiderySchema', () => {
  it('accepts a filled form', () => {
    expect(errorsOf(valid)).toEqual({});
  });

  it('asks for every field', () => {
    expect(errorsOf(EMPTY_EMBROIDERY)).toEqual({
      text: EMBROIDERY_MESSAGES.text,
      typeface: EMBROIDERY_MESSAGES.typeface,
      color: EMBROIDERY_MESSAGES.color,
      position: EMBROIDERY_MESSAGES.position,
    });
  });

  it('sends the fields as they are', () => {
    expect(toEmbroideryInput(valid)).toEqual(valid);
  });
});

describe('embroideryText', () => {
  it("takes letters, digits, kana, kanji, spaces and & . - '", () => {
    for (const text of [
      'YAMADA',
      '山田 太郎',
      'やまだ',
      'ヤマダ・',
      "O'Neil-J.&K",
      '背番号10',
      'ＹＡＭＡＤＡ',
      '山田\u3000花子',
    ]) {
      expect(embroideryText(text), text).toBeNull();
    }
  });

  it('names each character it cannot embroider, once', () => {
    expect(embroideryText('YAMADA＠＠!')).toBe('刺繍できない文字が含まれています: ＠!');
    expect(embroideryText('😀')).toBe('刺繍できない文字が含まれています: 😀');
    expect(embroideryText('YAMADA/山田')).toBe('刺繍できない文字が含まれています: /');
  });

  it('counts code points, up to 12', () => {
    expect(embroideryText('ABCDEFGHIJKL')).toBeNull();
    expect(embroideryText('ABCDEFGHIJKLM')).toBe(EMBROIDERY_MESSAGES.textMax);
    expect(embroideryText('𠮷'.repeat(12))).toBeNull();
    expect(countText('𠮷田')).toBe('2/12文字');
    expect(countText('')).toBe('0/12文字');
    expect(countText(' YAMADA ')).toBe('6/12文字');
    expect(embroideryText(' ABCDEFGHIJKL ')).toBeNull();
  });

  it('refuses blank text', () => {
    expect(embroideryText('   ')).toBe(EMBROIDERY_MESSAGES.text);
  });
});

describe('previewText', () => {
  it('shows the line as the cart will', () => {
    expect(previewText(valid, options)).toBe('YAMADA（ブロック体・白・左胸）');
  });

  it('leaves out what is not chosen yet, and shows nothing without text', () => {
    expect(previewText({ ...valid, color: null }, options)).toBe('YAMADA（ブロック体・左胸）');
    expect(previewText({ ...EMPTY_EMBROIDERY, text: 'YAMADA' }, options)).toBe('YAMADA');
    expect(previewText({ ...valid, text: ' ' }, options)).toBeNull();
  });
});

describe('limitText', () => {
  it('says the cap', () => {
    expect(limitText(5)).toBe('5件まで登録できます');
  });
});
