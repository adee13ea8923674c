import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getCartToken } from '../../api/session';
import { finishPayment, readPurchaseData, resetCartStore, storePurchaseData } from '../../domain/cart/cart-store';
import { leaveTo } from '../../lib/navigation';
import { json } from '../../test/fake-fetch';
import { createSiteFake, renderApp } from '../../test/render-app';
import { TOKEN, cart, cartFake } from './cart-test-data';
import type { Decision } from './cart-types';
import { rememberDecision } from './decision-memory';

// jsdom loads no other page: the full page load to the card issuer is recorded instead.
vi.mock('../../lib/navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/navigation')>()),
  leaveTo: vi.fn(),
}));

const DECISION_PATH = `/v1/carts/${TOKEN}/decision`;
const ORDER_NO = 'RP00000050';
const CHALLENGE = 'https://gateway.example/challenge/ch_2';

function decision(over: Partial<Decision> = {}): Decision {
  return {
    order_no: ORDER_NO,
    order_id: 'o50',
    status: 'paid',
    total_payment: 9520,
    payment_code: 'credit_card',
    guest_token: null,
    bank_account: null,
    next_action: null,
    ...over,
  };
}

/** What the confirm page kept when the card asked for 本人認証 (decision-outcome.ts). */
function leftForChallenge() {
  rememberDecision(
    decision({ status: 'awaiting_payment', guest_token: 'g-token', next_action: { redirect_url: CHALLENGE } }),
    TOKEN,
  );
  storePurchaseData({
    order_no: ORDER_NO,
    total_payment: 9520,
    event_id: null,
    products: [{ product_key: 'rp0300', name: 'スポーツドリンク', variation_name: '', unit_price: 1080, quantity: 2 }],
  });
}

/** The site with the cart token kept through the challenge; the decision answers `answer`. */
function backFromChallenge(answer: Parameters<ReturnType<typeof createSiteFake>['on']>[2]) {
  leftForChallenge();
  return cartFake(cart({ shipped: true }))
    .on('POST', DECISION_PATH, answer)
    .on('GET', `/v1/carts/order/${ORDER_NO}`, json({ message: 'x' }, { status: 404 }))
    .on('GET', '/v1/ecommerce_events/ev-1', { id: 'ev-1', name: 'purchase', args: {}, order: null });
}

beforeEach(() => {
  resetCartStore();
  finishPayment();
  vi.mocked(leaveTo).mockClear();
});

describe('/cart/authentication', () => {
  it('says what it is doing, then shows the paid order as the confirm page would', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fake = backFromChallenge(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    const { router } = await renderApp('/cart/authentication', fake, { strict: true });

    expect(await screen.findByRole('heading', { level: 1, name: 'ご本人確認' })).toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent('本人認証の結果を確認しています…');
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    await waitFor(() => expect(fake.callsTo(DECISION_PATH)).toHaveLength(1));
    answer(json(decision()));

    expect(await screen.findByRole('heading', { level: 1, name: 'ご注文ありがとうございました' })).toBeInTheDocument();
    expect(screen.getByText(ORDER_NO)).toBeInTheDocument();
    // A passage: Back from the complete page does not come here again.
    expect(router.state.historyAction).toBe('REPLACE');
    // The guest's receipt token came with the first answer only: the one kept is used.
    expect(screen.getByRole('link', { name: '領収書の発行はこちら' })).toHaveAttribute(
      'href',
      `/orders/receipt?no=${ORDER_NO}&t=g-token`,
    );
    expect(fake.callsTo(DECISION_PATH)).toHaveLength(1);
    expect(getCartToken()).toBeNull();
    expect(readPurchaseData()).toMatchObject({ order_no: ORDER_NO, event_id: 'ev-1' });
    expect(readPurchaseData()?.products).toHaveLength(1);
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
  });

  it('offers 本人認証 again when the challenge was not finished', async () => {
    const next = 'https://gateway.example/challenge/ch_3';
    const fake = backFromChallenge(json(decision({ status: 'awaiting_payment', next_action: { redirect_url: next } })));
    await renderApp('/cart/authentication', fake);

    expect(await screen.findByRole('alert')).toHaveTextContent('本人認証が完了していません。');
    expect(screen.getByRole('link', { name: 'お支払い方法を変更する' })).toHaveAttribute('href', '/cart/payment');
    await userEvent.setup().click(screen.getByRole('button', { name: '本人認証をやり直す' }));
    expect(leaveTo).toHaveBeenCalledWith(next);
    expect(getCartToken()).toBe(TOKEN);
    expect(readPurchaseData()?.products).toHaveLength(1);
  });

  it('goes back to the payment step with the message when 本人認証 failed', async () => {
    const message = '本人認証（3Dセキュア）に失敗したため、カードをご利用いただけませんでした。';
    let failed = false;
    const fake = backFromChallenge(() => {
      failed = true;
      return json({ message, code: 'cart.payment.declined' }, { status: 422 });
    }).on('POST', '/v1/carts/init', () => json(cart({ shipped: true, transaction_error: failed ? message : null })));
    const { router } = await renderApp('/cart/authentication', fake);

    expect(await screen.findByRole('heading', { level: 1, name: 'お支払い方法の選択' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/cart/payment');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(getCartToken()).toBe(TOKEN);
  });

  it('asks again on 「もう一度確認する」 while the payment is still settling', async () => {
    let calls = 0;
    const fake = backFromChallenge(() => {
      calls += 1;
      return calls === 1
        ? json(
            {
              message: 'お支払いを確認しています。しばらくしてからもう一度お試しください。',
              code: 'cart.decision.in_progress',
            },
            { status: 409 },
          )
        : json(decision());
    });
    await renderApp('/cart/authentication', fake);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('お支払いを確認しています。しばらくしてからもう一度お試しください。');
    await userEvent.setup().click(screen.getByRole('button', { name: 'もう一度確認する' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'ご注文ありがとうございました' })).toBeInTheDocument();
    expect(fake.callsTo(DECISION_PATH)).toHaveLength(2);
  });

  it('says no order is in progress without a cart token, and asks nothing', async () => {
    const fake = createSiteFake();
    await renderApp('/cart/authentication', fake);

    expect(await screen.findByRole('alert')).toHaveTextContent('お手続き中のご注文が見つかりません。');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'カートを見る' })).toHaveAttribute('href', '/cart');
    expect(within(main).getByRole('link', { name: 'ご注文履歴を見る' })).toHaveAttribute(
      'href',
      '/mypage/order_history',
    );
    expect(fake.calls.filter((c) => c.method === 'POST' && c.url.includes('/decision'))).toHaveLength(0);
  });
});
