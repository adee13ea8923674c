import { describe, expect, it } from 'vitest';
import { embroideryNoteText } from './embroidery-note';

describe('embroideryNoteText', () => {
  it('says the price per item and the characters', () => {
    expect(embroideryNoteText({ price: 550, max_chars: 10 })).toBe('名入れ刺繍できます（1点550円・10文字まで）');
    expect(embroideryNoteText({ price: 1100, max_chars: 8 })).toBe('名入れ刺繍できます（1点1,100円・8文字まで）');
  });
});
