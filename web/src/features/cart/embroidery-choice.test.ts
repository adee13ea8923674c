import { describe, expect, it } from 'vitest';
import { embroideryPriceText, presetChoiceText } from './embroidery-choice';

describe('the cart line 名入れ刺繍 choice', () => {
  it('shows each preset with the price it adds', () => {
    expect(embroideryPriceText(550)).toBe('+550円');
    expect(embroideryPriceText(1100)).toBe('+1,100円');
    expect(presetChoiceText('YAMADA（ブロック体・白・左胸）', 550)).toBe('YAMADA（ブロック体・白・左胸） +550円');
  });
});
