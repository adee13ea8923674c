import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getCartToken } from '../../api/session';
import { finishPayment, readPurchaseData, resetCartStore, storePurchaseData } from '../../domain/cart/cart-store';
import { leaveTo } from '../../lib/navigation';
import { json } from '../../test/fake-fetch';
import { createSiteFake, renderApp } from '../../test/render-app';
import { TOKEN, address, bodyOf, cart, cartFake, gloves, line, logIn, orderer } from './cart-test-data';
import { recallDecision } from './decision-memory';

// jsdom loads no other page: the full page load to the card issuer is recorded instead.
vi.mock('../../lib/navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/navigation')>()),
  leaveTo: vi.fn(),
}));

beforeEach(() => {
  resetCartStore();
  finishPayment();
  vi.mocked(leaveTo).mockClear();
});

describe('/cart', () => {
  it('says the cart is empty for a visitor without a cart', async () => {
    await renderApp('/cart', createSiteFake());
    expect(await screen.findByText('カートに商品がありません')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'ショッピングカート' })).toBeInTheDocument();
  });

  it('shows each line, the totals with the per-rate tax, and counts the items in the header', async () => {
    await renderApp('/cart', cartFake(cart()));
    const lines = await screen.findByRole('list', { name: 'カートの商品' });
    const glove = within(lines).getByRole('listitem', { name: 'ウインターグローブ' });
    expect(glove).toHaveTextContent('M / ブラック');
    expect(glove).toHaveTextContent('単価 ¥6,480（税込）');
    expect(glove).toHaveTextContent('小計 ¥6,480（税込）');
    expect(within(glove).getByRole('img', { name: 'ウインターグローブ' })).toHaveAttribute('src', '/images/rp0300.png');
    const drink = within(lines).getByRole('listitem', { name: /スポーツドリンク/ });
    expect(drink).toHaveTextContent('軽減税率8%対象');
    expect(within(drink).getByLabelText('数量')).toHaveValue('2');

    const totals = screen.getByRole('region', { name: 'ご注文金額' });
    expect(totals).toHaveTextContent('お支払い合計¥9,520（税込）');
    const taxes = within(totals).getByRole('list', { name: '税率ごとの内訳' });
    expect(
      within(taxes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['8%対象 ¥2,160（内消費税 ¥160）', '10%対象 ¥7,360（内消費税 ¥669）']);
    expect(screen.getByRole('link', { name: 'カート（3点）' })).toHaveAttribute('href', '/cart');
  });

  it('changes a quantity and deletes a line', async () => {
    const fake = cartFake(cart())
      .on(
        'PATCH',
        '/v1/carts/products/modify',
        json(cart({ products: [line({ quantity: 3, subtotal: 3240 }), gloves] })),
      )
      .on('PATCH', '/v1/carts/products/delete', json(cart({ products: [gloves] })));
    await renderApp('/cart', fake);
    const user = userEvent.setup();
    const drink = await screen.findByRole('listitem', { name: /スポーツドリンク/ });
    await user.selectOptions(within(drink).getByLabelText('数量'), '3');
    await waitFor(() => expect(drink).toHaveTextContent('小計 ¥3,240（税込）'));
    expect(await bodyOf(fake.callsTo('/v1/carts/products/modify')[0])).toEqual({
      token: TOKEN,
      key: 'line-1',
      quantity: 3,
    });

    await user.click(within(drink).getByRole('button', { name: /を削除$/ }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: /スポーツドリンク/ })).toBeNull());
    expect(await bodyOf(fake.callsTo('/v1/carts/products/delete')[0])).toEqual({ token: TOKEN, key: 'line-1' });
    expect(screen.getByRole('link', { name: 'カート（1点）' })).toBeInTheDocument();
  });

  it('applies a coupon, and shows the reason a code is refused on the field', async () => {
    const withCoupon = cart();
    withCoupon.detail.coupons = [{ id: 'cp1', code: 'WELCOME500', name: '新規会員500円引き', discount: 500 }];
    withCoupon.detail.order.coupon_discount = 500;
    const fake = cartFake(cart()).on('PATCH', '/v1/carts/coupons/add', async (request) =>
      (await bodyOf(request)).code === 'NOPE'
        ? json({ message: '入力内容に誤りがあります', errors: { code: ['存在しないクーポンです'] } }, { status: 422 })
        : json(withCoupon),
    );
    await renderApp('/cart', fake);
    const user = userEvent.setup();
    const field = await screen.findByLabelText(/^クーポンコード/);
    await user.type(field, 'NOPE');
    await user.click(screen.getByRole('button', { name: '適用する' }));
    expect(await screen.findByText('存在しないクーポンです')).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, 'WELCOME500');
    await user.click(screen.getByRole('button', { name: '適用する' }));
    const applied = await screen.findByRole('list', { name: '適用中のクーポン' });
    expect(applied).toHaveTextContent('新規会員500円引き（WELCOME500）');
    expect(screen.getByRole('region', { name: 'ご注文金額' })).toHaveTextContent('クーポン割引-¥500');
  });

  it('「レジに進む」 takes a guest to the orderer form', async () => {
    await renderApp('/cart', cartFake(cart()));
    await userEvent.setup().click(await screen.findByRole('button', { name: 'レジに進む' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'ご注文者情報の入力' })).toBeInTheDocument();
  });

  it('names the products the init removed', async () => {
    await renderApp('/cart', cartFake(cart({ reason: 'product_not_found', removed_products: ['限定ジェル'] })));
    expect(await screen.findByText('販売が終了した商品をカートから削除しました：限定ジェル')).toBeInTheDocument();
  });
});

describe('/cart/shipping-add (guest)', () => {
  it('sends the orderer and the same address as the delivery address, with the postal autofill', async () => {
    const fake = cartFake(cart())
      .on('GET', '/v1/postal-code', {
        postal_code: '1000001',
        prefecture: '東京都',
        city: '千代田区',
        town: '千代田',
        street: '',
      })
      .on('PATCH', '/v1/carts/order/modify', json(cart({ order: { orderer } })))
      .on('PATCH', '/v1/carts/shippings/add', json(cart({ shipped: true, order: { orderer } })));
    await renderApp('/cart/shipping-add', fake);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'ご注文者とお届け先の入力' });
    const f = within(form);
    await user.type(f.getByLabelText(/^お名前（姓）/), '山田');
    await user.type(f.getByLabelText(/^お名前（名）/), '花子');
    await user.type(f.getByLabelText(/^フリガナ（セイ）/), 'ヤマダ');
    await user.type(f.getByLabelText(/^フリガナ（メイ）/), 'ハナコ');
    await user.type(f.getByLabelText(/^メールアドレス/), 'hanako@example.com');
    await user.type(f.getByLabelText(/^電話番号/), '03-1234-5678');
    await user.type(f.getByLabelText(/^郵便番号/), '100-0001');
    await user.click(f.getByRole('button', { name: '住所を自動入力' }));
    await waitFor(() => expect(f.getByLabelText(/^市区町村/)).toHaveValue('千代田区千代田'));
    expect(f.getByLabelText(/^都道府県/)).toHaveValue('東京都');
    await user.type(f.getByLabelText(/^番地/), '1-1');
    await user.click(f.getByRole('button', { name: '次へ進む' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'お届け方法の指定' })).toBeInTheDocument();
    expect(await bodyOf(fake.callsTo('/v1/carts/order/modify')[0])).toEqual({ token: TOKEN, orderer });
    const sent = await bodyOf(fake.callsTo('/v1/carts/shippings/add')[0]);
    expect(sent.address).toEqual({
      shipping_last_name: '山田',
      shipping_first_name: '花子',
      shipping_last_name_kana: 'ヤマダ',
      shipping_first_name_kana: 'ハナコ',
      postal_code: '1000001',
      prefecture: '東京都',
      city: '千代田区千代田',
      address1: '1-1',
      address2: '',
      phone_number: '03-1234-5678',
    });
  });

  it('checks the fields before sending', async () => {
    const fake = cartFake(cart());
    await renderApp('/cart/shipping-add', fake);
    await userEvent.setup().click(await screen.findByRole('button', { name: '次へ進む' }));
    expect(await screen.findAllByText(/入力してください|必須/)).not.toHaveLength(0);
    expect(fake.callsTo('/v1/carts/order/modify')).toHaveLength(0);
  });
});

describe('/cart/shipping-add (member)', () => {
  it('asks only for the new delivery address; the orderer stays the profile', async () => {
    logIn();
    const fake = cartFake(cart({ order: { orderer } })).on(
      'PATCH',
      '/v1/carts/shippings/add',
      json(cart({ shipped: true, order: { orderer } })),
    );
    await renderApp('/cart/shipping-add', fake);
    const user = userEvent.setup();
    const form = within(await screen.findByRole('form', { name: 'お届け先の入力' }));
    expect(form.queryByLabelText(/^メールアドレス/)).toBeNull();
    await user.type(form.getByLabelText(/^お名前（姓）/), '佐藤');
    await user.type(form.getByLabelText(/^お名前（名）/), '一郎');
    await user.type(form.getByLabelText(/^フリガナ（セイ）/), 'サトウ');
    await user.type(form.getByLabelText(/^フリガナ（メイ）/), 'イチロウ');
    await user.type(form.getByLabelText(/^電話番号/), '06-1234-5678');
    await user.type(form.getByLabelText(/^郵便番号/), '5300001');
    await user.selectOptions(form.getByLabelText(/^都道府県/), '東京都');
    await user.type(form.getByLabelText(/^市区町村/), '千代田区');
    await user.type(form.getByLabelText(/^番地/), '2-2');
    await user.click(form.getByRole('button', { name: '次へ進む' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'お届け方法の指定' })).toBeInTheDocument();
    const sent = await bodyOf(fake.callsTo('/v1/carts/shippings/add')[0]);
    expect(sent.address).toMatchObject({ shipping_last_name: '佐藤', postal_code: '5300001', address1: '2-2' });
    expect(fake.callsTo('/v1/carts/order/modify')).toHaveLength(0);
  });

  it("puts the server's field errors on the fields", async () => {
    const fake = cartFake(cart()).on(
      'PATCH',
      '/v1/carts/order/modify',
      json(
        {
          message: '入力内容に誤りがあります',
          errors: { 'orderer.email': ['メールアドレスの形式が正しくありません'] },
        },
        { status: 422 },
      ),
    );
    await renderApp('/cart/shipping-add', fake);
    const user = userEvent.setup();
    const form = within(await screen.findByRole('form', { name: 'ご注文者とお届け先の入力' }));
    await user.type(form.getByLabelText(/^お名前（姓）/), '山田');
    await user.type(form.getByLabelText(/^お名前（名）/), '花子');
    await user.type(form.getByLabelText(/^フリガナ（セイ）/), 'ヤマダ');
    await user.type(form.getByLabelText(/^フリガナ（メイ）/), 'ハナコ');
    await user.type(form.getByLabelText(/^メールアドレス/), 'hanako@example.com');
    await user.type(form.getByLabelText(/^電話番号/), '03-1234-5678');
    await user.type(form.getByLabelText(/^郵便番号/), '1000001');
    await user.selectOptions(form.getByLabelText(/^都道府県/), '東京都');
    await user.type(form.getByLabelText(/^市区町村/), '千代田区');
    await user.type(form.getByLabelText(/^番地/), '1-1');
    await user.click(form.getByRole('button', { name: '次へ進む' }));
    expect(await form.findByText('メールアドレスの形式が正しくありません')).toBeInTheDocument();
    expect(form.getByLabelText(/^メールアドレス/)).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('/cart/shipping-select (member)', () => {
  it('puts the chosen address-book entry on the cart', async () => {
    logIn();
    const entry = {
      id: 'addr-2',
      division_ct: 2,
      is_default: false,
      is_sender_default: false,
      shipping_name: '佐藤 花子',
      full_address: '〒530-0001 大阪府大阪市北区梅田2-3-4',
      postal_code: '5300001',
      prefecture: '大阪府',
      city: '大阪市北区梅田',
      address1: '2-3-4',
      address2: '',
    };
    const own = {
      ...entry,
      id: 'addr-1',
      division_ct: 1,
      is_default: true,
      shipping_name: '山田 太郎',
      full_address: '〒100-0001 東京都千代田区千代田1-1',
    };
    const fake = cartFake(cart())
      .on('GET', '/v1/me/user-addresses', { data: [own, entry] })
      .on('PATCH', '/v1/carts/shippings/add', json(cart({ shipped: true, order: { orderer } })));
    await renderApp('/cart/shipping-select', fake);
    const user = userEvent.setup();
    const choice = await screen.findByRole('radio', { name: /佐藤 花子/ });
    expect(screen.getByRole('radio', { name: /山田 太郎 様（既定のお届け先）/ })).toBeChecked();
    expect(screen.getByRole('link', { name: '新しいお届け先を入力する' })).toHaveAttribute(
      'href',
      '/cart/shipping-add',
    );
    await user.click(choice);
    await user.click(screen.getByRole('button', { name: 'このお届け先に送る' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'お届け方法の指定' })).toBeInTheDocument();
    expect(await bodyOf(fake.callsTo('/v1/carts/shippings/add')[0])).toEqual({
      token: TOKEN,
      user_address_id: 'addr-2',
    });
  });

  it('sends a guest to the orderer form', async () => {
    await renderApp('/cart/shipping-select', cartFake(cart()));
    expect(await screen.findByRole('heading', { level: 1, name: 'ご注文者情報の入力' })).toBeInTheDocument();
  });
});

describe('/cart/shipping-detail', () => {
  it('offers the delivery dates and slots of the lead time and saves the choice', async () => {
    const fake = cartFake(cart({ shipped: true })).on(
      'PATCH',
      '/v1/carts/shippings/modify',
      json(cart({ shipped: true })),
    );
    await renderApp('/cart/shipping-detail', fake);
    const user = userEvent.setup();
    const date = await screen.findByLabelText(/^お届け希望日/);
    expect(screen.getByText('最短のお届け日は11月25日(水)です。')).toBeInTheDocument();
    await user.selectOptions(date, '11月26日(木)');
    await user.selectOptions(screen.getByLabelText(/^お届け時間帯/), '午前中');
    expect(screen.getByLabelText(/^ギフトラッピング/)).toHaveTextContent('ギフトラッピング（¥330）');
    await user.click(screen.getByRole('button', { name: 'お支払い方法の選択へ' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'お支払い方法の選択' })).toBeInTheDocument();
    expect(await bodyOf(fake.callsTo('/v1/carts/shippings/modify')[0])).toEqual({
      token: TOKEN,
      key: 'ship-1',
      delivery_date: '2026-11-26',
      delivery_timezone_key: 'am',
    });
    expect(new URL(fake.callsTo(`/v1/shipping-leadtime/carts/${TOKEN}`)[0]!.url).search).toContain('ship-1');
  });
});

describe('/cart/shipping-detail with products that take no wrapping or noshi', () => {
  const withShipping = (over: Record<string, unknown>) => {
    const answer = cart({ shipped: true });
    Object.assign(answer.detail.shippings[0]!, over);
    return answer;
  };

  it('disables the wrapping the shipping’s products do not take and says why', async () => {
    await renderApp('/cart/shipping-detail', cartFake(withShipping({ wrapping_allowed: false, noshi_allowed: true })));
    const wrapping = await screen.findByLabelText(/^ギフトラッピング/);
    expect(wrapping).toBeDisabled();
    expect(wrapping).toHaveAccessibleDescription('この配送先には、ラッピングできない商品が含まれています。');
    expect(screen.getByLabelText(/^のし/)).toBeEnabled();
    expect(screen.queryByText('この配送先には、のしを付けられない商品が含まれています。')).not.toBeInTheDocument();
  });

  it('clears a wrapping chosen before such a product joined the shipping', async () => {
    const answer = withShipping({
      wrapping_allowed: false,
      packing: { wrapping_key: 'gift', noshi_key: null, noshi_name: '' },
    });
    const fake = cartFake(answer).on('PATCH', '/v1/carts/packings/modify', json(cart({ shipped: true })));
    await renderApp('/cart/shipping-detail', fake);
    const user = userEvent.setup();
    expect(await screen.findByLabelText(/^ギフトラッピング/)).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'お支払い方法の選択へ' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'お支払い方法の選択' })).toBeInTheDocument();
    expect(await bodyOf(fake.callsTo('/v1/carts/packings/modify')[0])).toEqual({
      token: TOKEN,
      shipping_key: 'ship-1',
      wrapping_key: null,
      noshi_key: null,
      noshi_name: '',
    });
  });

  it('shows the server’s refusal of a noshi on the noshi choice', async () => {
    const refusal = 'この配送先には、のしを付けられない商品が含まれています。';
    const fake = cartFake(cart({ shipped: true })).on(
      'PATCH',
      '/v1/carts/packings/modify',
      json({ message: '入力内容に誤りがあります', errors: { noshi_key: [refusal] } }, { status: 422 }),
    );
    await renderApp('/cart/shipping-detail', fake);
    const user = userEvent.setup();
    const noshi = await screen.findByLabelText(/^のし/);
    await user.selectOptions(noshi, '御祝');
    await user.click(screen.getByRole('button', { name: 'お支払い方法の選択へ' }));
    await waitFor(() => expect(noshi).toHaveAccessibleDescription(refusal));
    expect(noshi).toHaveAttribute('aria-invalid', 'true');
    expect(noshi).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'お届け方法の指定' })).toBeInTheDocument();
  });
});

describe('/cart/shipping-detail on a remote island', () => {
  it('says why no delivery date or time can be chosen', async () => {
    const reason = '小笠原諸島へのお届けは船の運航日によって変わるため、お届け日時をご指定いただけません。';
    const fake = cartFake(cart({ shipped: true })).on('GET', `/v1/shipping-leadtime/carts/${TOKEN}`, [
      { shipping_key: 'ship-1', earliest_date: null, no_date_reason: reason, dates: [], timezones: [] },
    ]);
    await renderApp('/cart/shipping-detail', fake);
    const date = await screen.findByLabelText(/^お届け希望日/);
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(date).toBeDisabled();
    expect(screen.getByLabelText(/^お届け時間帯/)).toBeDisabled();
  });
});

describe('/cart/payment', () => {
  it('lists the methods with fees and reasons, and chooses cash on delivery', async () => {
    const fake = cartFake(cart({ shipped: true })).on('PATCH', '/v1/carts/order/modify', json(cart({ shipped: true })));
    await renderApp('/cart/payment', fake);
    const user = userEvent.setup();
    const cod = await screen.findByRole('radio', { name: /代金引換（手数料 ¥330）/ });
    const bank = screen.getByRole('radio', { name: /銀行振込/ });
    expect(bank).toBeDisabled();
    expect(screen.getByText('会員の方のみご利用いただけます')).toBeInTheDocument();
    await user.click(cod);
    await user.click(screen.getByRole('button', { name: 'ご注文内容の確認へ' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'ご注文内容の確認' })).toBeInTheDocument();
    expect(await bodyOf(fake.callsTo('/v1/carts/order/modify')[0])).toEqual({
      token: TOKEN,
      payment_method_id: 'pm-cod',
    });
  });

  it('sends a new card to the tokeniser only and gives the shop the token', async () => {
    const fake = cartFake(cart({ shipped: true }))
      .on('GET', '/v1/settings/payment-service/credit_card', {
        code: 'credit_card',
        gateway: 'sandbox',
        tokenize_url: '/sandbox-gateway/tokens',
        public_key: 'pk_sandbox_demo',
        brands: ['VISA'],
        test_cards: [],
      })
      .on(
        'POST',
        '/sandbox-gateway/tokens',
        json(
          {
            token: 'tok_card',
            brand: 'VISA',
            masked_number: '************4242',
            expiration: '2030-12',
            holder_name: 'HANAKO YAMADA',
          },
          { status: 201 },
        ),
      )
      .on('PATCH', '/v1/carts/order/modify', json(cart({ shipped: true })));
    await renderApp('/cart/payment', fake);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /クレジットカード/ }));
    await user.type(screen.getByLabelText(/^カード番号/), '4242 4242 4242 4242');
    await user.type(screen.getByLabelText(/^カード名義/), 'HANAKO YAMADA');
    await user.selectOptions(screen.getByLabelText(/^有効期限（月）/), '12');
    await user.selectOptions(screen.getByLabelText(/^有効期限（年）/), String(new Date().getFullYear() + 4));
    await user.type(screen.getByLabelText(/^セキュリティコード/), '123');
    await user.click(screen.getByRole('button', { name: 'ご注文内容の確認へ' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'ご注文内容の確認' })).toBeInTheDocument();

    expect(await bodyOf(fake.callsTo('/sandbox-gateway/tokens')[0])).toMatchObject({ number: '4242424242424242' });
    expect(await bodyOf(fake.callsTo('/v1/carts/order/modify')[0])).toEqual({
      token: TOKEN,
      payment_method_id: 'pm-card',
      card_token: 'tok_card',
    });
    const toShop = await Promise.all(
      fake.calls.filter((c) => new URL(c.url).pathname.startsWith('/v1/')).map((c) => c.clone().text()),
    );
    expect(toShop.join('\n')).not.toContain('4242424242424242');
  });

  it("lists the gateway's test numbers with what each does, 本人認証 included", async () => {
    const testCard = (number: string, result: string, description: string) => ({
      number,
      brand: 'VISA',
      result,
      description,
    });
    const fake = cartFake(cart({ shipped: true })).on('GET', '/v1/settings/payment-service/credit_card', {
      code: 'credit_card',
      gateway: 'sandbox',
      tokenize_url: '/sandbox-gateway/tokens',
      public_key: 'pk_sandbox_demo',
      brands: ['VISA'],
      test_cards: [
        testCard('4242 4242 4242 4242', 'approve', '承認されます'),
        testCard('4000 0000 0000 0002', 'decline', '承認されません（カードが承認されませんでした）'),
        testCard('4000 0000 0000 9995', 'insufficient', '承認されません（ご利用可能額超過）'),
        testCard('4000 0027 6000 3184', 'challenge', '本人認証（3Dセキュア）を求められます'),
      ],
    });
    await renderApp('/cart/payment', fake);
    await userEvent.setup().click(await screen.findByRole('radio', { name: /クレジットカード/ }));
    const list = await screen.findByRole('list', { name: 'テスト用のカード番号' });
    expect(within(list).getAllByRole('listitem', { hidden: true })).toHaveLength(4);
    expect(list).toHaveTextContent('4000 0027 6000 3184：本人認証（3Dセキュア）を求められます');
  });

  it('shows the last payment failure until it is dismissed', async () => {
    const declined = cart({ shipped: true, transaction_error: 'カードの決済が承認されませんでした。' });
    const fake = cartFake(declined).on('PATCH', '/v1/carts/transaction/error/delete', json(cart({ shipped: true })));
    await renderApp('/cart/payment', fake);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('カードの決済が承認されませんでした。');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'このメッセージを閉じる' }));
    await waitFor(() => expect(screen.queryByText('カードの決済が承認されませんでした。')).toBeNull());
    expect(await bodyOf(fake.callsTo('/v1/carts/transaction/error/delete')[0])).toEqual({ token: TOKEN });
  });

  it('lets a member use points', async () => {
    logIn();
    const fake = cartFake(cart({ shipped: true, order: { point_balance: 500 } }))
      .on('GET', '/v1/me/user-cards', { data: [] })
      .on(
        'PATCH',
        '/v1/carts/point',
        json(cart({ shipped: true, order: { point_balance: 500, use_points: 100, total_payment: 9420 } })),
      );
    await renderApp('/cart/payment', fake);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^利用するポイント/), '100');
    await user.click(screen.getByRole('button', { name: 'ポイントを使う' }));
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'ご注文金額' })).toHaveTextContent('ポイント利用-100pt'),
    );
    expect(await bodyOf(fake.callsTo('/v1/carts/point')[0])).toEqual({ token: TOKEN, use_points: 100 });
  });
});

const ready = () =>
  cart({
    shipped: true,
    order: {
      orderer,
      payment_method: { id: 'pm-cod', code: 'cod', name: '代金引換' },
      payment_fee: 330,
      total_payment: 9850,
      can_decide: true,
      missing: [],
      amount_by_tax_rate: [
        { tax_rate: 8, amount: 2160, tax: 160 },
        { tax_rate: 10, amount: 7690, tax: 699 },
      ],
    },
  });

describe('/cart/confirm', () => {
  it('summarises the order with the per-rate tax and decides it once', async () => {
    const fake = cartFake(ready()).on(
      'POST',
      `/v1/carts/${TOKEN}/decision`,
      json({
        order_no: 'RP00000042',
        order_id: 'o1',
        status: 'accepted',
        total_payment: 9850,
        payment_code: 'cod',
        guest_token: 'g-token',
        bank_account: null,
      }),
    );
    fake
      .on('GET', '/v1/carts/order/RP00000042', json({ message: 'not needed' }, { status: 404 }))
      .on('GET', '/v1/ecommerce_events/ev-1', { id: 'ev-1', name: 'purchase', args: {}, order: null });
    await renderApp('/cart/confirm', fake);
    const user = userEvent.setup();
    const totals = await screen.findByRole('region', { name: 'ご注文金額' });
    expect(
      within(totals)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['8%対象 ¥2,160（内消費税 ¥160）', '10%対象 ¥7,690（内消費税 ¥699）']);
    expect(totals).toHaveTextContent('決済手数料¥330');
    expect(totals).toHaveTextContent('送料¥880');
    expect(screen.getByRole('region', { name: 'お届け先' })).toHaveTextContent('山田 花子 様');
    expect(screen.getByRole('region', { name: 'お支払い方法' })).toHaveTextContent('代金引換');

    expect(screen.getByLabelText(/^備考/)).toHaveValue('');
    await user.click(screen.getByRole('button', { name: '注文を確定する' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'ご注文ありがとうございました' })).toBeInTheDocument();
    expect(screen.getByText('RP00000042')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '領収書の発行はこちら' })).toHaveAttribute(
      'href',
      '/orders/receipt?no=RP00000042&t=g-token',
    );
    expect(fake.callsTo(`/v1/carts/${TOKEN}/decision`)).toHaveLength(1);
    expect(getCartToken()).toBeNull();
    expect(readPurchaseData()?.order_no).toBe('RP00000042');
    await waitFor(() => expect(fake.callsTo('/v1/ecommerce_events/ev-1')).toHaveLength(1));
    expect(new URL(fake.callsTo('/v1/ecommerce_events/ev-1')[0]!.url).searchParams.get('token')).toBe(TOKEN);
    expect(document.cookie).not.toContain('shop_payment_in_progress=1');
  });

  it("downloads the cart's quotation under the name the server suggests", async () => {
    const names: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:test/1');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const fake = cartFake(ready()).on(
      'GET',
      `/v1/carts/${TOKEN}/download/quotation`,
      new Response('%PDF-1.7', {
        headers: {
          'content-type': 'application/pdf',
          'x-suggested-filename': encodeURIComponent('御見積書_カート.pdf'),
        },
      }),
    );
    await renderApp('/cart/confirm', fake);
    await userEvent.setup().click(await screen.findByRole('button', { name: '見積書をダウンロード（PDF）' }));
    await waitFor(() => expect(names).toEqual(['御見積書_カート.pdf']));
    expect(await screen.findByText('ダウンロードが完了しました')).toBeInTheDocument();
    click.mockRestore();
  });

  it('goes back to the payment step when the card is declined, the cart intact', async () => {
    let declined = false;
    const fake = cartFake(ready())
      .on('POST', `/v1/carts/${TOKEN}/decision`, () => {
        declined = true;
        return json(
          { message: 'カードの決済が承認されませんでした。', code: 'cart.payment.declined' },
          { status: 422 },
        );
      })
      .on('POST', '/v1/carts/init', () =>
        json(declined ? { ...ready(), transaction_error: 'カードの決済が承認されませんでした。' } : ready()),
      );
    await renderApp('/cart/confirm', fake);
    await userEvent.setup().click(await screen.findByRole('button', { name: '注文を確定する' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'お支払い方法の選択' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('カードの決済が承認されませんでした。');
    expect(getCartToken()).toBe(TOKEN);
  });

  it('sends the whole page to 本人認証 when the card asks for it, the cart kept', async () => {
    const card = ready();
    card.detail.order.payment_method = { id: 'pm-card', code: 'credit_card', name: 'クレジットカード' };
    const fake = cartFake(card).on(
      'POST',
      `/v1/carts/${TOKEN}/decision`,
      json({
        order_no: 'RP00000045',
        order_id: 'o5',
        status: 'awaiting_payment',
        total_payment: 9850,
        payment_code: 'credit_card',
        guest_token: 'g-token',
        bank_account: null,
        next_action: { redirect_url: 'https://gateway.example/challenge/ch_1' },
      }),
    );
    await renderApp('/cart/confirm', fake);
    await userEvent.setup().click(await screen.findByRole('button', { name: '注文を確定する' }));

    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('https://gateway.example/challenge/ch_1'));
    expect(getCartToken()).toBe(TOKEN);
    expect(recallDecision('RP00000045')).toMatchObject({ cart_token: TOKEN, guest_token: 'g-token' });
    expect(readPurchaseData()).toMatchObject({ order_no: 'RP00000045', total_payment: 9850, event_id: null });
    expect(readPurchaseData()?.products.map((p) => p.quantity)).toEqual([2, 1]);
    expect(fake.callsTo('/v1/ecommerce_events')).toHaveLength(0);
    expect(screen.getByRole('heading', { level: 1, name: 'ご注文内容の確認' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '処理中…' })).toBeDisabled();
    expect(document.cookie).not.toContain('shop_payment_in_progress=1');

    // Back from the issuer's page, restored as it was left: the button works again.
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    expect(await screen.findByRole('button', { name: '注文を確定する' })).toBeEnabled();
  });

  it('names what is missing before the order can be decided', async () => {
    await renderApp('/cart/confirm', cartFake(cart({ shipped: true, order: { missing: ['payment_method'] } })));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('link', { name: 'お支払い方法' })).toHaveAttribute('href', '/cart/payment');
  });

  it('an empty cart on the confirm step after a product_not_found init goes to /cart/', async () => {
    const { router } = await renderApp(
      '/cart/confirm',
      cartFake(cart({ products: [], reason: 'product_not_found', removed_products: ['A'] })),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart/'));
  });
});

describe('/cart/complete', () => {
  it('forgets the purchase data when the decision data answers 404', async () => {
    storePurchaseData({ order_no: 'RP00000044', total_payment: 100, event_id: 'ev-9', products: [] });
    sessionStorage.setItem(
      'shop.cartDecisions',
      JSON.stringify([
        {
          order_no: 'RP00000044',
          cart_token: TOKEN,
          guest_token: null,
          payment_code: 'cod',
          total_payment: 100,
          bank_account: null,
        },
      ]),
    );
    const fake = createSiteFake()
      .on('GET', '/v1/carts/order/RP00000044', json({ message: 'x' }, { status: 404 }))
      .on('GET', '/v1/ecommerce_events/ev-9', json({ message: 'not found' }, { status: 404 }));
    await renderApp('/cart/complete?order_no=RP00000044', fake);
    expect(await screen.findByText('RP00000044')).toBeInTheDocument();
    await waitFor(() => expect(readPurchaseData()).toBeNull());
  });

  it('shows the bank details the decision gave', async () => {
    sessionStorage.setItem(
      'shop.cartDecisions',
      JSON.stringify([
        {
          order_no: 'RP00000043',
          cart_token: TOKEN,
          guest_token: null,
          payment_code: 'bank_transfer',
          total_payment: 5000,
          bank_account: {
            bank_name: 'ライド銀行',
            branch_name: '渋谷支店',
            account_type: '普通',
            account_number: '1234567',
            account_holder: 'カ）ライドパーツ',
            due_date: '2026-11-29',
          },
        },
      ]),
    );
    const fake = createSiteFake().on('GET', '/v1/carts/order/RP00000043', json({ message: 'x' }, { status: 404 }));
    await renderApp('/cart/complete?order_no=RP00000043', fake);
    const bank = await screen.findByRole('region', { name: 'お振込先' });
    expect(bank).toHaveTextContent('ライド銀行');
    expect(bank).toHaveTextContent('1234567');
    expect(screen.queryByRole('link', { name: '領収書の発行はこちら' })).toBeNull();
    expect(address.prefecture).toBe('東京都');
  });
});

describe('an expired cart on a checkout step', () => {
  it('gets a new cart, says why and goes to /cart/', async () => {
    const fake = cartFake(cart({ shipped: true })).on(
      'GET',
      `/v1/payments/carts/${TOKEN}`,
      json(
        { message: 'カートの有効期限が切れました。もう一度商品をお選びください。', code: 'cart.common.is_expired' },
        { status: 422 },
      ),
    );
    const { router } = await renderApp('/cart/payment', fake);
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart/'));
    expect(await screen.findByText('カートの有効期限が切れました。もう一度商品をお選びください。')).toBeInTheDocument();
    const bodies = await Promise.all(fake.callsTo('/v1/carts/init').map((c) => bodyOf(c)));
    expect(bodies).toContainEqual({ token: null });
  });
});
