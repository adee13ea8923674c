import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { finishPayment, resetCartStore } from '../../domain/cart/cart-store';
import { json } from '../../test/fake-fetch';
import { demoSettings, renderApp } from '../../test/render-app';
import { TOKEN, address, bodyOf, cart, cartFake, gloves, line, logIn, orderer } from './cart-test-data';
import type { Cart, CartProduct, CartShipping, ShippingAddress } from './cart-types';

beforeEach(() => {
  resetCartStore();
  finishPayment();
});

const entry = (id: string, name: string, city: string) => ({
  id,
  division_ct: 2,
  is_default: id === 'addr-1',
  is_sender_default: false,
  shipping_name: name,
  full_address: `〒100-0001 東京都${city}1-1`,
  postal_code: '1000001',
  prefecture: '東京都',
  city,
  address1: '1-1',
  address2: '',
});

const book = [entry('addr-1', '山田 太郎', '千代田区'), entry('addr-2', '佐藤 花子', '港区')];

function addressOf(id: string): ShippingAddress {
  const e = book.find((b) => b.id === id)!;
  return { ...address, shipping_name: e.shipping_name, full_address: e.full_address, city: e.city };
}

function shipping(key: string, userAddressId: string | null): CartShipping {
  return {
    key,
    user_address_id: userAddressId,
    address: userAddressId ? addressOf(userAddressId) : null,
    delivery_date: null,
    delivery_timezone_key: null,
    packing: { wrapping_key: null, noshi_key: null, noshi_name: '' },
    carriage: 880,
    packing_fee: 0,
    wrapping_allowed: true,
    noshi_allowed: true,
  };
}

/** The server's rules for shippings/add, shippings/modify and products/divide, on one cart. */
function multiFake(start: { shippings: CartShipping[]; products: CartProduct[] }) {
  const state = { ...start };
  const answer = (): Cart => {
    const body = cart({ products: state.products, order: { orderer } });
    return { ...body, detail: { ...body.detail, shippings: state.shippings } };
  };
  return cartFake(answer())
    .on('GET', '/v1/settings/front', { ...demoSettings, 'ORDER.SHIPPING.IS_ALLOW_MULTIPLE': true })
    .on('GET', '/v1/me/user-addresses', { data: book })
    .on('POST', '/v1/carts/init', () => json(answer()))
    .on('PATCH', '/v1/carts/shippings/add', async (request) => {
      const { user_address_id } = (await request.json()) as { user_address_id: string };
      const only = state.shippings.length === 1 ? state.shippings[0] : undefined;
      if (state.shippings.length === 0) {
        state.shippings = [shipping('ship-1', user_address_id)];
        state.products = state.products.map((p) => ({ ...p, shipping_key: 'ship-1' }));
      } else if (only && !only.address) {
        state.shippings = [shipping(only.key, user_address_id)];
      } else {
        state.shippings = [...state.shippings, shipping(`ship-${state.shippings.length + 1}`, user_address_id)];
      }
      return json(answer());
    })
    .on('PATCH', '/v1/carts/shippings/modify', async (request) => {
      const { key, user_address_id } = (await request.json()) as { key: string; user_address_id: string };
      state.shippings = state.shippings.map((s) => (s.key === key ? shipping(key, user_address_id) : s));
      return json(answer());
    })
    .on('PATCH', '/v1/carts/products/divide', async (request) => {
      const { key, quantity, shipping_key } = (await request.json()) as {
        key: string;
        quantity: number;
        shipping_key: string;
      };
      const moving = state.products.find((p) => p.key === key)!;
      if (quantity === moving.quantity) {
        state.products = state.products.map((p) => (p.key === key ? { ...p, shipping_key } : p));
      } else {
        state.products = [
          ...state.products.map((p) => (p.key === key ? { ...p, quantity: p.quantity - quantity } : p)),
          { ...moving, key: `${key}-split`, quantity, shipping_key },
        ];
      }
      return json(answer());
    })
    .on('PATCH', '/v1/carts/shippings/delete', async (request) => {
      const { key } = (await request.json()) as { key: string };
      const first = state.shippings[0]!.key;
      state.shippings = state.shippings.filter((s) => s.key !== key);
      state.products = state.products.map((p) => (p.shipping_key === key ? { ...p, shipping_key: first } : p));
      return json(answer());
    });
}

describe('several delivery addresses (ORDER.SHIPPING.IS_ALLOW_MULTIPLE)', () => {
  it('adds two addresses from the book and sends part of a product to the second', async () => {
    logIn();
    const fake = multiFake({ shippings: [], products: [line(), gloves] });
    await renderApp('/cart/shipping-select', fake);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: '複数のお届け先に分けて送る' }));
    const multiple = screen.getByRole('region', { name: '複数のお届け先に送る' });
    const next = within(multiple).getByRole('button', { name: 'この内容で次へ進む' });
    expect(next).toBeDisabled();

    const adding = within(multiple).getByRole('form', { name: 'お届け先の追加' });
    await user.click(within(adding).getByRole('button', { name: 'お届け先を追加' }));
    const first = await within(multiple).findByRole('region', { name: 'お届け先1' });
    expect(first).toHaveTextContent('山田 太郎 様');
    expect(within(first).getByRole('list', { name: 'お届け先1に送る商品' })).toHaveTextContent('ウインターグローブ');
    expect(next).toBeEnabled();

    await user.selectOptions(within(adding).getByLabelText('アドレス帳のお届け先'), 'addr-2');
    await user.click(within(adding).getByRole('button', { name: 'お届け先を追加' }));
    const second = await within(multiple).findByRole('region', { name: 'お届け先2' });
    expect(second).toHaveTextContent('佐藤 花子 様');
    expect(second).toHaveTextContent('このお届け先に送る商品はありません。');

    // One of the two drinks goes to 佐藤 花子.
    const move = within(first).getByRole('form', { name: /スポーツドリンク.*のお届け先を変更/ });
    expect(within(move).getByLabelText('移す先')).toHaveTextContent('お届け先2（佐藤 花子 様）');
    await user.selectOptions(within(move).getByLabelText('数量'), '1');
    await user.click(within(move).getByRole('button', { name: '移す' }));
    await waitFor(() =>
      expect(within(second).getByRole('list', { name: 'お届け先2に送る商品' })).toHaveTextContent('スポーツドリンク'),
    );
    expect(await bodyOf(fake.callsTo('/v1/carts/products/divide')[0])).toEqual({
      token: TOKEN,
      key: 'line-1',
      quantity: 1,
      shipping_key: 'ship-2',
    });
    expect(fake.callsTo('/v1/carts/shippings/add')).toHaveLength(2);

    await user.click(next);
    expect(await screen.findByRole('heading', { level: 1, name: 'お届け方法の指定' })).toBeInTheDocument();
    const detail = await screen.findByRole('group', { name: 'お届け先2' });
    expect(within(detail).getByRole('list', { name: 'お届け先2に送る商品' })).toHaveTextContent(
      'スポーツドリンク 粉末 1L用 10袋 × 1',
    );
    expect(screen.getByRole('group', { name: 'お届け先1' })).toHaveTextContent(
      'ウインターグローブ（M / ブラック） × 1',
    );
  });

  it('removes an added address, its products going back to the first; the first has no such button', async () => {
    logIn();
    const split = { ...gloves, shipping_key: 'ship-2' };
    const fake = multiFake({
      shippings: [shipping('ship-1', 'addr-1'), shipping('ship-2', 'addr-2')],
      products: [line({ shipping_key: 'ship-1' }), split],
    });
    await renderApp('/cart/shipping-select', fake);
    const user = userEvent.setup();
    const multiple = await screen.findByRole('region', { name: '複数のお届け先に送る' });
    const first = await within(multiple).findByRole('region', { name: 'お届け先1' });
    expect(within(first).queryByRole('button', { name: /を削除/ })).toBeNull();
    const second = within(multiple).getByRole('region', { name: 'お届け先2' });
    await user.click(within(second).getByRole('button', { name: 'このお届け先を削除' }));
    await waitFor(() => expect(within(multiple).queryByRole('region', { name: 'お届け先2' })).toBeNull());
    expect(within(first).getByRole('list', { name: 'お届け先1に送る商品' })).toHaveTextContent('ウインターグローブ');
    expect(await bodyOf(fake.callsTo('/v1/carts/shippings/delete')[0])).toEqual({ token: TOKEN, key: 'ship-2' });
  });

  it('leaves out an address that holds nothing, and one address for all brings the lines back', async () => {
    logIn();
    const fake = multiFake({
      shippings: [shipping('ship-1', 'addr-1'), shipping('ship-2', 'addr-2'), shipping('ship-3', 'addr-2')],
      products: [line({ shipping_key: 'ship-1' }), { ...gloves, shipping_key: 'ship-2' }],
    });
    await renderApp('/cart/shipping-select', fake);
    const user = userEvent.setup();

    // A cart already split opens in that mode.
    const multiple = await screen.findByRole('region', { name: '複数のお届け先に送る' });
    expect(within(multiple).getByRole('region', { name: 'お届け先3' })).toHaveTextContent(
      'このお届け先に送る商品はありません。',
    );

    await user.click(screen.getByRole('button', { name: 'すべて1か所のお届け先に送る' }));
    await user.click(screen.getByRole('button', { name: 'このお届け先に送る' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'お届け方法の指定' })).toBeInTheDocument();
    expect(await bodyOf(fake.callsTo('/v1/carts/products/divide')[0])).toEqual({
      token: TOKEN,
      key: 'line-2',
      quantity: 1,
      shipping_key: 'ship-1',
    });
    // Only the address that now holds everything is asked about.
    expect(await screen.findByLabelText(/^お届け希望日/)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'お届け先' })).toHaveTextContent('山田 太郎 様');
    expect(screen.queryByRole('group', { name: /^お届け先\d/ })).not.toBeInTheDocument();
    expect(screen.queryByText('佐藤 花子 様')).not.toBeInTheDocument();
  });

  it('is not offered where the shop delivers to one address only', async () => {
    logIn();
    const fake = multiFake({ shippings: [], products: [line()] }).on('GET', '/v1/settings/front', demoSettings);
    await renderApp('/cart/shipping-select', fake);
    expect(await screen.findByRole('button', { name: 'このお届け先に送る' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '複数のお届け先に分けて送る' })).not.toBeInTheDocument();
  });
});
