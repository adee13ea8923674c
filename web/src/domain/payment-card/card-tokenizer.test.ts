import { describe, expect, it } from 'vitest';
import { configureApi } from '../../api/client';
import { ApiError } from '../../lib/api-error';
import { createFakeFetch, json } from '../../test/fake-fetch';
import { sessionStore } from '../../api/session';
import {
  cardDigits,
  cardServiceQuery,
  stripeBrand,
  tokenizeCard,
  tokenizeEndpoint,
  type CardInput,
} from './card-tokenizer';
import { queryClient } from '../../lib/query-client';

const ORIGIN = 'http://shop.test';

const card: CardInput = {
  number: '4242 4242 4242 4242',
  holder_name: ' taro yamada ',
  exp_month: 12,
  exp_year: 2030,
  security_code: '123',
};

const issued = {
  token: 'tok_abc',
  brand: 'VISA',
  masked_number: '************4242',
  expiration: '2030-12',
  holder_name: 'TARO YAMADA',
};

const sandbox = { gateway: 'sandbox', tokenize_url: '/sandbox-gateway/tokens', public_key: 'pk_sandbox_demo' } as const;
const STRIPE_API = 'https://api.stripe.test';
const stripe = { gateway: 'stripe', tokenize_url: `${STRIPE_API}/v1/tokens`, public_key: 'pk_test_abc' } as const;

function setup() {
  const fake = createFakeFetch();
  configureApi({ baseUrl: ORIGIN, channel: 'demo', fetch: fake.fetch });
  return fake;
}

describe('card tokenizer', () => {
  it('posts the card to the gateway only, without the member token, and answers the token', async () => {
    const fake = setup().on('POST', '/sandbox-gateway/tokens', json(issued, { status: 201 }));
    sessionStore.set({
      ...sessionStore.get(),
      isLogin: true,
      accessToken: 'member-token',
      tokenExpiresAt: Date.now() + 60_000,
    });

    await expect(tokenizeCard(card, sandbox)).resolves.toEqual(issued);

    expect(fake.calls).toHaveLength(1);
    const [request] = fake.calls;
    expect(request!.url).toBe(`${ORIGIN}/sandbox-gateway/tokens`);
    expect(request!.headers.get('X-Channel')).toBe('demo');
    expect(request!.headers.get('Authorization')).toBeNull();
    expect(await request!.json()).toEqual({
      number: '4242424242424242',
      holder_name: 'TARO YAMADA',
      exp_month: 12,
      exp_year: 2030,
      security_code: '123',
    });
    // Nothing went to the shop API.
    expect(fake.calls.filter((c) => new URL(c.url).pathname.startsWith('/v1/'))).toEqual([]);
  });

  it('turns the gateway 422 into field errors', async () => {
    setup().on(
      'POST',
      '/sandbox-gateway/tokens',
      json(
        { message: '入力内容に誤りがあります。', errors: { number: ['カード番号が正しくありません。'] } },
        { status: 422 },
      ),
    );
    const error = await tokenizeCard(card, sandbox).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).errors).toEqual({ number: ['カード番号が正しくありません。'] });
    expect((error as ApiError).message).toBe('入力内容に誤りがあります。');
  });

  it('gives a Japanese message when the gateway says nothing usable', async () => {
    setup().on('POST', '/sandbox-gateway/tokens', new Response('oops', { status: 500 }));
    const error = await tokenizeCard(card, sandbox).catch((e: unknown) => e);
    expect((error as ApiError).message).toBe('カード情報を確認できませんでした。入力内容をご確認ください。');
  });

  it('reads the tokenize URL from the payment-service settings', async () => {
    const fake = setup().on('GET', '/v1/settings/payment-service/credit_card', {
      code: 'credit_card',
      gateway: 'sandbox',
      tokenize_url: '/sandbox-gateway/tokens',
      public_key: 'pk_sandbox_demo',
      brands: ['VISA'],
      test_cards: [],
    });
    const service = await queryClient.fetchQuery(cardServiceQuery());
    expect(service?.tokenize_url).toBe('/sandbox-gateway/tokens');
    expect(fake.callsTo('/v1/settings/payment-service/credit_card')).toHaveLength(1);
    queryClient.clear();
  });

  it('refuses to send card data over plain http to another origin (this machine excepted)', () => {
    expect(tokenizeEndpoint('/sandbox-gateway/tokens', ORIGIN)).toBe(`${ORIGIN}/sandbox-gateway/tokens`);
    expect(tokenizeEndpoint('https://pay.example/tokens', ORIGIN)).toBe('https://pay.example/tokens');
    expect(tokenizeEndpoint('http://127.0.0.1:18391/v1/tokens', ORIGIN)).toBe('http://127.0.0.1:18391/v1/tokens');
    expect(() => tokenizeEndpoint('http://evil.example/tokens', ORIGIN)).toThrow();
  });

  it('answers null where no gateway serves the shop (404)', async () => {
    setup().on('GET', '/v1/settings/payment-service/credit_card', json({ message: 'Not Found' }, { status: 404 }));
    await expect(queryClient.fetchQuery(cardServiceQuery())).resolves.toBeNull();
    queryClient.clear();
  });

  it('sends the card to Stripe form-encoded with the publishable key and nothing of the shop', async () => {
    const fake = setup().on('POST', '/v1/tokens', (request) => {
      expect(request.url.startsWith(STRIPE_API)).toBe(true);
      return json({
        id: 'tok_1Pgc7B',
        object: 'token',
        used: false,
        card: { brand: 'MasterCard', last4: '4444', exp_month: 3, exp_year: 2031, name: 'TARO YAMADA' },
      });
    });
    sessionStore.set({
      ...sessionStore.get(),
      isLogin: true,
      accessToken: 'member-token',
      tokenExpiresAt: Date.now() + 60_000,
    });

    await expect(tokenizeCard({ ...card, number: '5555 5555 5555 4444' }, stripe)).resolves.toEqual({
      token: 'tok_1Pgc7B',
      brand: 'MASTER',
      masked_number: '************4444',
      expiration: '2031-03',
      holder_name: 'TARO YAMADA',
    });
    const [request] = fake.calls;
    expect(request!.url).toBe(`${STRIPE_API}/v1/tokens`);
    expect(request!.headers.get('Authorization')).toBe('Bearer pk_test_abc');
    expect(request!.headers.get('X-Channel')).toBeNull();
    expect(request!.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(await request!.text()))).toEqual({
      'card[number]': '5555555555554444',
      'card[exp_month]': '12',
      'card[exp_year]': '2030',
      'card[cvc]': '123',
      'card[name]': 'TARO YAMADA',
    });
  });

  it("puts Stripe's card errors on the form's fields in Japanese", async () => {
    const refuse = (code: string, param: string) =>
      json({ error: { type: 'card_error', code, param, message: 'English' } }, { status: 402 });
    const cases: [string, string, string][] = [
      ['incorrect_number', 'number', 'カード番号が正しくありません。'],
      ['invalid_expiry_year', 'exp_year', '有効期限が正しくありません。'],
      ['invalid_cvc', 'cvc', 'セキュリティコードが正しくありません。'],
    ];
    for (const [code, param, message] of cases) {
      setup().on('POST', '/v1/tokens', refuse(code, param));
      const error = (await tokenizeCard(card, stripe).catch((e: unknown) => e)) as ApiError;
      const field = { incorrect_number: 'number', invalid_expiry_year: 'expiration', invalid_cvc: 'security_code' }[
        code
      ]!;
      expect(error.errors).toEqual({ [field]: [message] });
    }
    setup().on(
      'POST',
      '/v1/tokens',
      json({ error: { type: 'invalid_request_error', message: 'Invalid API Key' } }, { status: 401 }),
    );
    const error = (await tokenizeCard(card, stripe).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('カード情報を確認できませんでした。入力内容をご確認ください。');
  });

  it("names Stripe's brands as the shop does", () => {
    expect(['Visa', 'MasterCard', 'American Express', 'JCB', 'Diners Club', 'UnionPay'].map(stripeBrand)).toEqual([
      'VISA',
      'MASTER',
      'AMEX',
      'JCB',
      'DINERS',
      'OTHER',
    ]);
  });

  it('keeps digits only, full-width digits included', () => {
    expect(cardDigits('4242-4242 4242　４２４２')).toBe('4242424242424242');
  });
});
