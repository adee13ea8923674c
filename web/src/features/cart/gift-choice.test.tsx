import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { finishPayment, resetCartStore } from '../../domain/cart/cart-store';
import { json } from '../../test/fake-fetch';
import { createSiteFake, renderApp } from '../../test/render-app';
import { TOKEN, bodyOf, cart, cartFake, orderer } from './cart-test-data';
import type { Cart, CartSocialGift, Decision } from './cart-types';
import { DECISIONS_KEY, recallDecision, rememberDecision } from './decision-memory';
import { charCount, giftSchema } from './gift-choice';

beforeEach(() => {
  resetCartStore();
  finishPayment();
});

const offer = (over: Partial<CartSocialGift> = {}): CartSocialGift => ({
  offered: true,
  allowed: true,
  unavailable_reason: null,
  days: 7,
  carriage: 1100,
  payment_codes: ['credit_card'],
  receiver: null,
  ...over,
});

const receiver = { receiver_name: 'はなちゃん', sender_name: 'たろう', message: 'おめでとう！' };

/** A gift cart: no shipping, the gift's carriage, nothing missing but the payment. */
const giftCart = (order: Partial<Cart['detail']['order']> = {}) =>
  cart({ social_gift: offer({ receiver }), order: { total_carriage: 1100, missing: ['payment_method'], ...order } });

const GIFT_URL = `https://shop.example/social-gift?token=${'ab'.repeat(16)}`;

describe('the gift choice on /cart', () => {
  it('is not shown when the shop does not offer social gifts', async () => {
    await renderApp('/cart', cartFake(cart({ social_gift: offer({ offered: false }) })));
    await screen.findByRole('list', { name: 'カートの商品' });
    expect(screen.queryByRole('checkbox', { name: /ソーシャルギフトで贈る/ })).toBeNull();
  });

  it('is disabled with the reason when this cart may not be a gift', async () => {
    const reason = 'バッテリー（GY-12B）はソーシャルギフトでお贈りいただけません。';
    await renderApp('/cart', cartFake(cart({ social_gift: offer({ allowed: false, unavailable_reason: reason }) })));
    const choice = await screen.findByRole('checkbox', { name: /ソーシャルギフトで贈る（お届け先はお相手が入力）/ });
    expect(choice).toBeDisabled();
    expect(choice).toHaveAccessibleDescription(reason);
  });

  it('saves the recipient, the sender and the message, counting the message, before the checkout goes on', async () => {
    const fake = cartFake(cart({ social_gift: offer() })).on(
      'PATCH',
      '/v1/carts/social/receiver',
      json(cart({ social_gift: offer({ receiver }) })),
    );
    await renderApp('/cart', fake);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: /ソーシャルギフトで贈る/ }));
    expect(screen.getByText(/お相手が入力します（ご注文から7日以内）/)).toBeInTheDocument();
    expect(screen.getByText(/ソーシャルギフトの送料は/)).toHaveTextContent('¥1,100');
    const proceed = screen.getByRole('button', { name: 'レジに進む' });
    expect(proceed).toBeDisabled();
    expect(proceed).toHaveAccessibleDescription('ギフトの内容を保存してから、レジにお進みください。');

    const form = within(screen.getByRole('form', { name: 'ソーシャルギフトの内容' }));
    await user.type(form.getByLabelText(/^お相手のお名前・ニックネーム/), 'はなちゃん');
    await user.type(form.getByLabelText(/^差出人名/), 'たろう');
    await user.type(form.getByLabelText(/^メッセージ/), 'おめでとう！');
    expect(form.getByText('6/200文字')).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'ギフトの内容を保存する' }));

    await waitFor(() => expect(screen.queryByRole('form', { name: 'ソーシャルギフトの内容' })).toBeNull());
    expect(await bodyOf(fake.callsTo('/v1/carts/social/receiver')[0])).toEqual({
      token: TOKEN,
      is_social_gift: true,
      ...receiver,
    });
    expect(screen.getByText('はなちゃん 様')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'レジに進む' })).toBeEnabled();
  });

  it('shows the server’s field errors under the fields', async () => {
    const fake = cartFake(cart({ social_gift: offer() })).on(
      'PATCH',
      '/v1/carts/social/receiver',
      json(
        { message: '入力内容に誤りがあります', errors: { receiver_name: ['30文字以内で入力してください'] } },
        { status: 422 },
      ),
    );
    await renderApp('/cart', fake);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: /ソーシャルギフトで贈る/ }));
    const form = within(screen.getByRole('form', { name: 'ソーシャルギフトの内容' }));
    await user.type(form.getByLabelText(/^お相手のお名前・ニックネーム/), 'はな');
    await user.click(form.getByRole('button', { name: 'ギフトの内容を保存する' }));
    expect(await form.findByText('30文字以内で入力してください')).toBeInTheDocument();
    expect(form.getByLabelText(/^お相手のお名前・ニックネーム/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('turns a gift back into an ordinary order when unchecked', async () => {
    const fake = cartFake(giftCart()).on('PATCH', '/v1/carts/social/receiver', json(cart({ social_gift: offer() })));
    await renderApp('/cart', fake);
    const choice = await screen.findByRole('checkbox', { name: /ソーシャルギフトで贈る/ });
    expect(choice).toBeChecked();
    await userEvent.setup().click(choice);
    await waitFor(() => expect(choice).not.toBeChecked());
    expect(await bodyOf(fake.callsTo('/v1/carts/social/receiver')[0])).toEqual({ token: TOKEN, is_social_gift: false });
  });

  it('checks the lengths as the server does (code points)', () => {
    expect(charCount('𠮷😀')).toBe(2);
    expect(giftSchema.safeParse({ receiver_name: '', sender_name: '', message: '' }).success).toBe(false);
    expect(
      giftSchema.safeParse({ receiver_name: 'あ'.repeat(30), sender_name: '', message: '𠮷'.repeat(200) }).success,
    ).toBe(true);
    expect(giftSchema.safeParse({ receiver_name: 'あ', sender_name: '', message: 'x'.repeat(201) }).success).toBe(
      false,
    );
  });
});

describe('the checkout of a gift', () => {
  it('asks a guest only for the orderer, then no date', async () => {
    const fake = cartFake(giftCart()).on('PATCH', '/v1/carts/order/modify', json(giftCart({ orderer })));
    await renderApp('/cart/shipping-add', fake);
    const user = userEvent.setup();
    const form = within(await screen.findByRole('form', { name: 'ご注文者とお届け先の入力' }));
    expect(form.queryByRole('radio', { name: '別の住所に送る' })).toBeNull();
    expect(form.getByText(/お届け先のご入力は不要です/)).toBeInTheDocument();
    await user.type(form.getByLabelText(/^お名前（姓）/), '山田');
    await user.type(form.getByLabelText(/^お名前（名）/), '花子');
    await user.type(form.getByLabelText(/^フリガナ（セイ）/), 'ヤマダ');
    await user.type(form.getByLabelText(/^フリガナ（メイ）/), 'ハナコ');
    await user.type(form.getByLabelText(/^メールアドレス/), 'hanako@example.com');
    await user.type(form.getByLabelText(/^電話番号/), '03-1234-5678');
    await user.type(form.getByLabelText(/^郵便番号/), '1000001');
    await user.selectOptions(form.getByLabelText(/^都道府県/), '東京都');
    await user.type(form.getByLabelText(/^市区町村/), '千代田区千代田');
    await user.type(form.getByLabelText(/^番地/), '1-1');
    await user.click(form.getByRole('button', { name: '次へ進む' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'お届け方法の指定' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^お届け希望日/)).toBeNull();
    expect(screen.getByRole('link', { name: 'お支払い方法の選択へ' })).toHaveAttribute('href', '/cart/payment');
    expect(fake.callsTo('/v1/carts/shippings/add')).toHaveLength(0);
    expect(fake.callsTo(`/v1/shipping-leadtime/carts/${TOKEN}`)).toHaveLength(0);
  });

  it('shows the gift instead of an address on the confirm page, and can turn it off there', async () => {
    const ready = giftCart({
      orderer,
      payment_method: { id: 'pm-card', code: 'credit_card', name: 'クレジットカード' },
      can_decide: true,
      missing: [],
    });
    const fake = cartFake(ready).on(
      'PATCH',
      '/v1/carts/social/receiver',
      json(cart({ social_gift: offer(), order: { orderer, missing: ['shipping_address'] } })),
    );
    await renderApp('/cart/confirm', fake);
    const gift = await screen.findByRole('region', { name: 'ソーシャルギフト' });
    expect(gift).toHaveTextContent('はなちゃん 様');
    expect(gift).toHaveTextContent('たろう');
    expect(gift).toHaveTextContent('おめでとう！');
    expect(screen.queryByRole('region', { name: 'お届け先' })).toBeNull();
    expect(screen.queryByText('お届け希望日')).toBeNull();
    await userEvent.setup().click(within(gift).getByRole('button', { name: /ソーシャルギフトをやめる/ }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('link', { name: 'お届け先' })).toBeInTheDocument();
    expect(await bodyOf(fake.callsTo('/v1/carts/social/receiver')[0])).toEqual({ token: TOKEN, is_social_gift: false });
  });

  it('shows the gift URL with LINE, mail and copy on the complete page, also after a reload', async () => {
    const ready = giftCart({
      orderer,
      payment_method: { id: 'pm-card', code: 'credit_card', name: 'クレジットカード' },
      can_decide: true,
      missing: [],
    });
    const fake = cartFake(ready)
      .on(
        'POST',
        `/v1/carts/${TOKEN}/decision`,
        json({
          order_no: 'RP00000050',
          order_id: 'o50',
          status: 'awaiting_recipient',
          total_payment: 9760,
          payment_code: 'credit_card',
          guest_token: 'g-token',
          bank_account: null,
          social_gift: { url: GIFT_URL, expires_at: '2026-12-02T06:30:00Z' },
        }),
      )
      .on('GET', '/v1/carts/order/RP00000050', json({ message: 'x' }, { status: 404 }))
      .on('GET', '/v1/ecommerce_events/ev-1', { id: 'ev-1', name: 'purchase', args: {}, order: null });
    const first = await renderApp('/cart/confirm', fake);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '注文を確定する' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'ご注文ありがとうございました' })).toBeInTheDocument();

    const expectPanel = async () => {
      const panel = await screen.findByRole('region', { name: 'ギフトのURLをお相手に送りましょう' });
      expect(within(panel).getByLabelText('ギフトのURL')).toHaveValue(GIFT_URL);
      expect(panel).toHaveTextContent('お受け取りの期限：2026.12.02 15:30');
      const line = new URL(within(panel).getByRole('link', { name: 'LINEで送る' }).getAttribute('href') ?? '');
      expect(line.origin + line.pathname).toBe('https://line.me/R/share');
      expect(line.searchParams.get('text')).toContain(GIFT_URL);
      const mail = within(panel).getByRole('link', { name: 'メールで送る' }).getAttribute('href') ?? '';
      expect(mail.startsWith('mailto:?subject=')).toBe(true);
      expect(new URLSearchParams(mail.slice('mailto:?'.length)).get('body')).toContain(GIFT_URL);
      return panel;
    };
    const panel = await expectPanel();
    // jsdom has no share sheet: the button is left out.
    expect(within(panel).queryByRole('button', { name: '共有する' })).toBeNull();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(within(panel).getByRole('button', { name: 'URLをコピー' }));
    expect(await within(panel).findByText('コピーしました')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(GIFT_URL);

    // A reload of the complete page: the URL comes from the tab's decision memory.
    first.unmount();
    await renderApp(
      '/cart/complete?order_no=RP00000050',
      createSiteFake().on('GET', '/v1/carts/order/RP00000050', json({ message: 'x' }, { status: 404 })),
    );
    await expectPanel();
    expect(sessionStorage.getItem(DECISIONS_KEY)).toContain(GIFT_URL);
    expect(localStorage.getItem(DECISIONS_KEY)).toBeNull();
  });
});

describe('the complete page of a guest’s gift', () => {
  it('issues the URL again while the gift waits, warns that the old one stops working, and keeps the new one', async () => {
    const newUrl = `https://shop.example/social-gift?token=${'ef'.repeat(16)}`;
    sessionStorage.setItem(
      DECISIONS_KEY,
      JSON.stringify([
        {
          order_no: 'RP00000052',
          cart_token: TOKEN,
          guest_token: 'g-token',
          payment_code: 'credit_card',
          total_payment: 9760,
          bank_account: null,
          social_gift: { url: GIFT_URL, expires_at: '2026-12-02T06:30:00Z' },
        },
      ]),
    );
    const summary = {
      order_no: 'RP00000052',
      orderer: { ...orderer },
      payment_name: 'クレジットカード',
      card_masked_number: '************4242',
      total_payment: 9760,
      amount_by_tax_rate: [{ tax_rate: 10, amount: 9760, tax: 887 }],
      bank_account: null,
      social_gift: {
        receiver_name: 'はなちゃん',
        sender_name: 'たろう',
        message: '',
        state: 'waiting',
        state_label: '受取人入力待ち',
        expires_at: '2026-12-02T06:30:00Z',
      },
    };
    const fake = createSiteFake()
      .on('GET', '/v1/carts/order/RP00000052', summary)
      .on(
        'POST',
        '/v1/orders/RP00000052/guest/social-gift/link',
        json({ url: newUrl, expires_at: '2026-12-02T06:30:00Z' }),
      );
    await renderApp('/cart/complete?order_no=RP00000052', fake);
    const user = userEvent.setup();
    const gift = await screen.findByRole('region', { name: 'ソーシャルギフト' });
    expect(gift).toHaveTextContent('受取人入力待ち');
    await user.click(within(gift).getByRole('button', { name: 'ギフトURLを再発行' }));
    const dialog = screen.getByRole('dialog', { name: 'ギフトURLの再発行' });
    expect(dialog).toHaveTextContent('以前のURLは使えなくなります');
    await user.click(within(dialog).getByRole('button', { name: '再発行する' }));

    const panel = screen.getByRole('region', { name: 'ギフトのURLをお相手に送りましょう' });
    await waitFor(() => expect(within(panel).getByRole('textbox', { name: 'ギフトのURL' })).toHaveValue(newUrl));
    expect(within(panel).getByRole('alert')).toHaveTextContent('以前のURLは使えなくなります');
    const call = fake.callsTo('/v1/orders/RP00000052/guest/social-gift/link')[0]!;
    expect(new URL(call.url).searchParams.get('t')).toBe('g-token');
    expect(recallDecision('RP00000052')?.social_gift?.url).toBe(newUrl);
  });
});

describe('the decision memory', () => {
  it('keeps the gift URL and the guest token of the first answer when a retry answers them null', () => {
    const decision = {
      order_no: 'RP00000051',
      order_id: 'o51',
      status: 'awaiting_recipient',
      total_payment: 5000,
      payment_code: 'credit_card',
      guest_token: 'g1',
      bank_account: null,
      social_gift: { url: GIFT_URL, expires_at: '2026-12-02T06:30:00Z' },
    } satisfies Decision;
    rememberDecision(decision, TOKEN);
    rememberDecision({ ...decision, guest_token: null, social_gift: null }, TOKEN);
    expect(recallDecision('RP00000051')).toMatchObject({
      guest_token: 'g1',
      social_gift: { url: GIFT_URL, expires_at: '2026-12-02T06:30:00Z' },
    });
  });
});
