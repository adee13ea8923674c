import { describe, expect, it } from 'vitest';
import { ApiError, configureApi } from '../api/client';
import { createFakeFetch, json } from '../test/fake-fetch';
import { sessionStore } from './session';
import { cardDigits, cardServiceQuery, tokenizeCard, tokenizeEndpoint, type CardInput } from './card-tokenizer';
import { queryClient } from './query-client';

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

    await expect(tokenizeCard(card, '/sandbox-gateway/tokens')).resolves.toEqual(issued);

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
    const error = await tokenizeCard(card, '/sandbox-gateway/tokens').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).errors).toEqual({ number: ['カード番号が正しくありません。'] });
    expect((error as ApiError).message).toBe('入力内容に誤りがあります。');
  });

  it('gives a Japanese message when the gateway says nothing usable', async () => {
    setup().on('POST', '/sandbox-gateway/tokens', new Response('oops', { status: 500 }));
    const error = await tokenizeCard(card, '/sandbox-gateway/tokens').catch((e: unknown) => e);
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
    expect(service.tokenize_url).toBe('/sandbox-gateway/tokens');
    expect(fake.callsTo('/v1/settings/payment-service/credit_card')).toHaveLength(1);
    queryClient.clear();
  });

  it('refuses to send card data over plain http to another origin', () => {
    expect(tokenizeEndpoint('/sandbox-gateway/tokens', ORIGIN)).toBe(`${ORIGIN}/sandbox-gateway/tokens`);
    expect(tokenizeEndpoint('https://pay.example/tokens', ORIGIN)).toBe('https://pay.example/tokens');
    expect(() => tokenizeEndpoint('http://evil.example/tokens', ORIGIN)).toThrow();
  });

  it('keeps digits only, full-width digits included', () => {
    expect(cardDigits('4242-4242 4242　４２４２')).toBe('4242424242424242');
  });
});
