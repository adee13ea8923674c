import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-fetch';
import { renderApp } from '../../test/render-app';
import { TOKEN, bodyOf, cart, cartFake, gloves, line, logIn } from './cart-test-data';
import { EMBROIDERY_LOGIN_NOTE, embroideryPriceText, presetChoiceText } from './embroidery-choice';

const LABEL = 'YAMADA（ブロック体・白・左胸）';
const presets = {
  data: [
    {
      id: 'e1',
      text: 'YAMADA',
      typeface: 'block',
      color: 'white',
      position: 'left_chest',
      label: LABEL,
      created_at: '2026-11-01T01:00:00Z',
      updated_at: '2026-11-01T01:00:00Z',
    },
  ],
  options: { typefaces: [], colors: [], positions: [] },
};

describe('the cart line 名入れ刺繍 choice', () => {
  it('shows each preset with the price it adds', () => {
    expect(embroideryPriceText(550)).toBe('+550円');
    expect(embroideryPriceText(1100)).toBe('+1,100円');
    expect(presetChoiceText(LABEL, 550)).toBe('YAMADA（ブロック体・白・左胸） +550円');
  });

  it('lets a member pick a preset on a line that can be embroidered, and shows the answer', async () => {
    logIn();
    const embroidered = {
      ...gloves,
      product_info: { ...gloves.product_info, variation_name: 'M / ブラック' },
      unit_price: 7030,
      subtotal: 7030,
      embroidery: {
        preset_id: 'e1',
        text: 'YAMADA',
        typeface: 'block',
        color: 'white',
        position: 'left_chest',
        label: LABEL,
        price: 550,
      },
    } as typeof gloves;
    const fake = cartFake(cart())
      .on('GET', '/v1/me/name-embroideries', json(presets, { headers: { 'x-limit': '5' } }))
      .on('PATCH', '/v1/carts/products/embroidery', json(cart({ products: [line(), embroidered] })));
    await renderApp('/cart', fake);
    const user = userEvent.setup();
    const glove = await screen.findByRole('listitem', { name: 'ウインターグローブ' });
    const drink = screen.getByRole('listitem', { name: /スポーツドリンク/ });
    expect(within(drink).queryByLabelText('名入れ刺繍')).toBeNull();
    const select = within(glove).getByLabelText('名入れ刺繍');
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['なし', `${LABEL} +550円`]),
    );
    await user.selectOptions(select, 'e1');
    await waitFor(() => expect(glove).toHaveTextContent(`名入れ刺繍: ${LABEL}`));
    expect(glove).toHaveTextContent('単価 ¥7,030（税込）');
    expect(within(glove).getByText('M / ブラック', { exact: true })).toBeInTheDocument();
    expect(within(glove).getAllByText(/名入れ刺繍: YAMADA/)).toHaveLength(1);
    expect(await bodyOf(fake.callsTo('/v1/carts/products/embroidery')[0])).toEqual({
      token: TOKEN,
      key: 'line-2',
      preset_id: 'e1',
    });
  });

  it('tells a visitor to log in', async () => {
    await renderApp('/cart', cartFake(cart()));
    const glove = await screen.findByRole('listitem', { name: 'ウインターグローブ' });
    expect(glove).toHaveTextContent(EMBROIDERY_LOGIN_NOTE);
    expect(within(glove).queryByLabelText('名入れ刺繍')).toBeNull();
  });
});
