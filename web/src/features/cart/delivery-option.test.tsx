import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { finishPayment, resetCartStore } from '../../domain/cart/cart-store';
import { json } from '../../test/fake-fetch';
import { demoSettings, renderApp } from '../../test/render-app';
import { TOKEN, bodyOf, cart, cartFake, logIn, orderer, payments } from './cart-test-data';

const corporateSettings = {
  ...demoSettings,
  'SITE.IS_CORPORATE': true,
  'CORPORATE.DELIVERY_OPTIONS': [
    { value: 1, label: '問屋引取り' },
    { value: 2, label: '店舗直送' },
    { value: 3, label: 'お客様直送' },
  ],
  'CORPORATE.PAYMENT_OPTIONS': [],
};

beforeEach(() => {
  resetCartStore();
  finishPayment();
});

function corporateFake(option: number | null) {
  logIn();
  return cartFake(cart({ order: { delivery_option: option, orderer } }))
    .on('GET', '/v1/settings/front', corporateSettings)
    .on('GET', '/v1/me/user-addresses', { data: [] });
}

describe('/cart/shipping-select in the corporate shop', () => {
  it('starts from the saved 配送方法 and saves a change; a pick-up needs no address', async () => {
    const fake = corporateFake(2).on(
      'PATCH',
      '/v1/carts/order/modify',
      json(cart({ order: { delivery_option: 1, orderer } })),
    );
    await renderApp('/cart/shipping-select', fake);
    const user = userEvent.setup();
    const group = await screen.findByRole('group', { name: '配送方法' });
    expect(within(group).getByRole('radio', { name: '店舗直送' })).toBeChecked();
    expect(screen.getByText('アドレス帳にお届け先がありません。')).toBeInTheDocument();

    await user.click(within(group).getByRole('radio', { name: '問屋引取り' }));
    expect(within(group).getByRole('radio', { name: '問屋引取り' })).toBeChecked();
    expect(await screen.findByText(/^引取り（お届け先の入力は不要です/)).toBeInTheDocument();
    expect(await bodyOf(fake.callsTo('/v1/carts/order/modify')[0])).toEqual({ token: TOKEN, delivery_option: 1 });
    await user.click(screen.getByRole('button', { name: '次へ進む' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'お支払い方法の選択' })).toBeInTheDocument();
  });

  it('asks the end customer for お客様直送', async () => {
    await renderApp('/cart/shipping-select', corporateFake(3));
    expect(await screen.findByText(/エンドユーザー様（直送先）のお名前・ご住所・お電話番号/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '直送先を入力する' })).toHaveAttribute('href', '/cart/shipping-add');
  });

  it('shows 請求書払い disabled with the reason when the company is not approved', async () => {
    const fake = corporateFake(1).on('GET', `/v1/payments/carts/${TOKEN}`, [
      { ...payments[2]!, id: 'pm-bank', name: '銀行振込（前払い）', is_available: true, unavailable_reason: null },
      {
        ...payments[2]!,
        id: 'pm-invoice',
        code: 'invoice',
        name: '請求書払い（後払い）',
        is_available: false,
        unavailable_reason: '請求書払いは、審査を通過した法人様のみご利用いただけます',
      },
    ]);
    await renderApp('/cart/payment', fake);
    const invoice = await screen.findByRole('radio', { name: /請求書払い/ });
    expect(invoice).toBeDisabled();
    expect(screen.getByText('請求書払いは、審査を通過した法人様のみご利用いただけます')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('radio', { name: /銀行振込/ })).toBeChecked());
  });
});
