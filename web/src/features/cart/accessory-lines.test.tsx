import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { finishPayment, resetCartStore } from '../../domain/cart/cart-store';
import { json } from '../../test/fake-fetch';
import { renderApp } from '../../test/render-app';
import { TOKEN, bodyOf, cart, cartFake, gloves, line } from './cart-test-data';

beforeEach(() => {
  resetCartStore();
  finishPayment();
});

const liner = line({
  key: 'acc-1',
  parent_key: 'line-2',
  name: 'インナーグローブ',
  quantity: 1,
  unit_price: 1280,
  subtotal: 1280,
  tax_rate: 10,
});

describe('accessory lines in the cart', () => {
  it('sit under their product and change through the accessory calls', async () => {
    // The answer lists the accessory first: the screen still puts it under its product.
    const fake = cartFake(cart({ products: [liner, line(), gloves] }))
      .on(
        'PATCH',
        '/v1/carts/accessories/modify',
        json(cart({ products: [line(), gloves, { ...liner, quantity: 2, subtotal: 2560 }] })),
      )
      .on('PATCH', '/v1/carts/accessories/delete', json(cart({ products: [line(), gloves] })));
    await renderApp('/cart', fake);
    const user = userEvent.setup();

    const lines = await screen.findByRole('list', { name: 'カートの商品' });
    expect(
      within(lines)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['スポーツドリンク 粉末 1L用 10袋', 'ウインターグローブ', 'インナーグローブ']);
    const accessory = within(lines).getByRole('listitem', { name: 'インナーグローブ' });
    expect(accessory).toHaveTextContent('「ウインターグローブ」のアクセサリー');

    await user.selectOptions(within(accessory).getByLabelText('数量'), '2');
    await waitFor(() => expect(accessory).toHaveTextContent('小計 ¥2,560（税込）'));
    expect(await bodyOf(fake.callsTo('/v1/carts/accessories/modify')[0])).toEqual({
      token: TOKEN,
      key: 'acc-1',
      quantity: 2,
    });
    expect(fake.callsTo('/v1/carts/products/modify')).toHaveLength(0);

    await user.click(within(accessory).getByRole('button', { name: 'インナーグローブを削除' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'インナーグローブ' })).toBeNull());
    expect(await bodyOf(fake.callsTo('/v1/carts/accessories/delete')[0])).toEqual({ token: TOKEN, key: 'acc-1' });
    expect(fake.callsTo('/v1/carts/products/delete')).toHaveLength(0);
  });
});
