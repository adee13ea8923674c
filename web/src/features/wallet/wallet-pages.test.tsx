import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { EXPIRY_KEY, TOKEN_KEY, sessionStore } from '../../api/session';
import { json, type FakeFetch } from '../../test/fake-fetch';
import { createSiteFake, renderApp } from '../../test/render-app';
import type { Coupon } from '../../api/types';
import type { UserCard } from './wallet-types';

function logIn(token = 'member-token'): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(EXPIRY_KEY, String(Date.now() + 600_000));
}

const member = {
  id: 'u1',
  code: 'M000123',
  email: 'member@example.com',
  last_name: '山田',
  first_name: '太郎',
  is_registered_member: true,
};

const visa: UserCard = {
  id: 'c1',
  brand: 'VISA',
  masked_number: '************4242',
  expiration: '2028-12',
  holder_name: 'TARO YAMADA',
  is_main: true,
};
const master: UserCard = {
  id: 'c2',
  brand: 'MASTER',
  masked_number: '************4444',
  expiration: '2029-01',
  holder_name: 'TARO YAMADA',
  is_main: false,
};

const service = {
  code: 'credit_card',
  gateway: 'sandbox',
  tokenize_url: '/sandbox-gateway/tokens',
  public_key: 'pk_sandbox_demo',
  brands: ['VISA', 'MASTER', 'JCB', 'AMEX', 'DINERS'],
  test_cards: [],
};

function cardsFake(start: UserCard[] = [visa, master], limit = '5'): FakeFetch {
  let cards = [...start];
  return createSiteFake()
    .on('GET', '/v1/me/user', member)
    .on('GET', '/v1/settings/payment-service/credit_card', service)
    .on('GET', '/v1/me/user-cards', () =>
      json(
        { data: cards },
        {
          headers: {
            'x-limit': limit,
            'x-total': String(cards.length),
            'x-per-page': '50',
            'x-last-page': '1',
            'x-current-page': '1',
          },
        },
      ),
    )
    .on('PATCH', '/v1/me/user-cards/c2/use', () => {
      cards = cards.map((c) => ({ ...c, is_main: c.id === 'c2' }));
      return json(cards.find((c) => c.id === 'c2'));
    })
    .on('DELETE', '/v1/me/user-cards/c2', () => {
      cards = cards.filter((c) => c.id !== 'c2');
      return new Response(null, { status: 204 });
    })
    .on('POST', '/sandbox-gateway/tokens', async (request) => {
      const card = (await request.json()) as { number: string; holder_name: string };
      if (card.number === '4242424242424241') {
        return json(
          { message: '入力内容をご確認ください。', errors: { number: ['カード番号が正しくありません。'] } },
          { status: 422 },
        );
      }
      return json(
        {
          token: 'tok_1',
          brand: 'VISA',
          masked_number: '************4242',
          expiration: '2030-12',
          holder_name: card.holder_name,
        },
        { status: 201 },
      );
    })
    .on('POST', '/v1/me/user-cards', () => {
      const added = {
        id: 'c3',
        brand: 'VISA',
        masked_number: '************4242',
        expiration: '2030-12',
        holder_name: 'HANAKO SATO',
        is_main: false,
      };
      cards = [...cards, added];
      return json(added, { status: 201 });
    });
}

const cardArticle = (name: RegExp) => screen.getByRole('article', { name });

describe('/mypage/card', () => {
  it('lists the cards with the main mark and the limit', async () => {
    logIn();
    await renderApp('/mypage/card', cardsFake());
    expect(await screen.findByRole('heading', { level: 1, name: 'カード情報' })).toBeInTheDocument();
    expect(screen.getByText(/登録できるカードは/)).toHaveTextContent(
      '登録できるカードは 5 枚までです（登録済み 2 枚）',
    );
    const main = cardArticle(/VISA 末尾4242/);
    expect(within(main).getByText('メイン')).toBeInTheDocument();
    expect(within(main).getByText('2028年12月')).toBeInTheDocument();
    expect(within(main).queryByRole('button', { name: /メインに設定/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'カードを登録する' })).toHaveAttribute('href', '/mypage/card/add');
  });

  it('moves the main mark', async () => {
    logIn();
    const { fake } = await renderApp('/mypage/card', cardsFake());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'メインに設定（MASTER 末尾4444）' }));
    expect(await screen.findByText('メインのカードを変更しました。')).toBeInTheDocument();
    await waitFor(() => expect(within(cardArticle(/MASTER/)).getByText('メイン')).toBeInTheDocument());
    expect(within(cardArticle(/VISA/)).queryByText('メイン')).not.toBeInTheDocument();
    expect(fake.callsTo('/v1/me/user-cards/c2/use')).toHaveLength(1);
  });

  it('deletes a card only after the confirmation', async () => {
    logIn();
    const { fake } = await renderApp('/mypage/card', cardsFake());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '削除（MASTER 末尾4444）' }));
    const dialog = screen.getByRole('dialog', { name: 'カードの削除' });
    await user.click(within(dialog).getByRole('button', { name: 'キャンセル' }));
    expect(fake.callsTo('/v1/me/user-cards/c2')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: '削除（MASTER 末尾4444）' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '削除する' }));
    expect(await screen.findByText('カードを削除しました。')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: /MASTER/ })).not.toBeInTheDocument());
  });

  it('offers no add when the limit is reached', async () => {
    logIn();
    await renderApp('/mypage/card', cardsFake([visa, master], '2'));
    expect(await screen.findByText(/登録できるカードは 2 枚までです/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'カードを登録する' })).not.toBeInTheDocument();
    expect(screen.getByText(/上限まで登録済みです/)).toBeInTheDocument();
  });
});

describe('/mypage/card/add', () => {
  it('sends the card to the tokeniser only and the token to the shop', async () => {
    logIn();
    const { fake, router } = await renderApp('/mypage/card/add', cardsFake());
    const user = userEvent.setup();

    expect(await screen.findByLabelText(/^カード番号/)).toHaveAttribute('placeholder', '1234 5678 9012 3456');
    expect(screen.getByLabelText(/^カード名義/)).toHaveAttribute('placeholder', 'TARO YAMADA');
    expect(screen.getByLabelText(/^有効期限/)).toHaveAttribute('placeholder', '202812');
    expect(screen.getByLabelText(/^セキュリティコード/)).toHaveAttribute('placeholder', '123');

    await user.type(screen.getByLabelText(/^カード番号/), '4242 4242 4242 4242');
    await user.type(screen.getByLabelText(/^カード名義/), 'hanako sato');
    await user.type(screen.getByLabelText(/^有効期限/), '203012');
    await user.type(screen.getByLabelText(/^セキュリティコード/), '123');
    await user.click(screen.getByRole('button', { name: '登録する' }));

    expect(await screen.findByText('カードを登録しました。')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/mypage/card'));

    const tokenCall = fake.callsTo('/sandbox-gateway/tokens')[0]!;
    expect(await tokenCall.json()).toEqual({
      number: '4242424242424242',
      holder_name: 'HANAKO SATO',
      exp_month: 12,
      exp_year: 2030,
      security_code: '123',
    });
    expect(tokenCall.headers.get('authorization')).toBeNull();
    expect(
      await fake.calls
        .find((c) => c.method === 'POST' && new URL(c.url).pathname === '/v1/me/user-cards')!
        .clone()
        .json(),
    ).toEqual({
      token: 'tok_1',
    });
    // Nothing of the card reached the shop API.
    for (const call of fake.calls.filter((c) => new URL(c.url).pathname.startsWith('/v1/') && c.method !== 'GET')) {
      const text = await call.clone().text();
      expect(text).not.toContain('4242424242424242');
      expect(text).not.toContain('security_code');
    }
  });

  it('checks the form first, then shows the gateway field errors', async () => {
    logIn();
    const { fake } = await renderApp('/mypage/card/add', cardsFake());
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^カード名義/), '山田太郎');
    await user.type(screen.getByLabelText(/^有効期限/), '2028');
    await user.type(screen.getByLabelText(/^セキュリティコード/), '12');
    await user.click(screen.getByRole('button', { name: '登録する' }));
    expect(await screen.findByText('必須項目です')).toBeInTheDocument();
    expect(screen.getByText('セキュリティコードは3桁または4桁の数字で入力してください')).toBeInTheDocument();
    expect(screen.getByText('カード名義はローマ字（半角英字）で入力してください')).toBeInTheDocument();
    expect(screen.getByText('有効期限は西暦4桁と月2桁の6桁で入力してください（例：202812）')).toBeInTheDocument();
    expect(fake.callsTo('/sandbox-gateway/tokens')).toHaveLength(0);

    await user.type(screen.getByLabelText(/^カード番号/), '4242424242424241');
    await user.clear(screen.getByLabelText(/^カード名義/));
    await user.type(screen.getByLabelText(/^カード名義/), 'TARO YAMADA');
    await user.clear(screen.getByLabelText(/^有効期限/));
    await user.type(screen.getByLabelText(/^有効期限/), '2030/12');
    await user.type(screen.getByLabelText(/^セキュリティコード/), '34');
    await user.click(screen.getByRole('button', { name: '登録する' }));
    expect(await screen.findByText('カード番号が正しくありません。')).toBeInTheDocument();
    expect(screen.getByLabelText(/^カード番号/)).toHaveAttribute('aria-invalid', 'true');
    // A refused card: the security code has to be typed again.
    expect(screen.getByLabelText(/^セキュリティコード/)).toHaveValue('');
    expect(fake.callsTo('/v1/me/user-cards').filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});

describe('a shop that takes no cards', () => {
  const none = () =>
    cardsFake().on('GET', '/v1/settings/payment-service/credit_card', json({ message: 'Not Found' }, { status: 404 }));

  it('says so on the card list, keeps the saved cards listed and offers no add', async () => {
    logIn();
    await renderApp('/mypage/card', none());
    expect(
      await screen.findByText('このショップでは現在クレジットカード決済をご利用いただけません。'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'カードを登録する' })).not.toBeInTheDocument();
    expect(cardArticle(/VISA 末尾4242/)).toBeInTheDocument();
  });

  it('says so on the card form instead of the form', async () => {
    logIn();
    const { fake } = await renderApp('/mypage/card/add', none());
    expect(
      await screen.findByText('このショップでは現在クレジットカード決済をご利用いただけません。'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'カード情報の入力' })).not.toBeInTheDocument();
    expect(fake.callsTo('/sandbox-gateway/tokens')).toHaveLength(0);
  });
});

describe('/mypage/card/add with Stripe', () => {
  it('sends the card to Stripe with the publishable key and only the token to the shop', async () => {
    logIn();
    const stripe = {
      ...service,
      gateway: 'stripe',
      tokenize_url: 'https://api.stripe.test/v1/tokens',
      public_key: 'pk_test_abc',
    };
    const { fake, router } = await renderApp(
      '/mypage/card/add',
      cardsFake()
        .on('GET', '/v1/settings/payment-service/credit_card', stripe)
        .on('POST', '/v1/tokens', () =>
          json({
            id: 'tok_stripe',
            card: { brand: 'Visa', last4: '4242', exp_month: 12, exp_year: 2030, name: 'HANAKO SATO' },
          }),
        ),
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^カード番号/), '4242 4242 4242 4242');
    await user.type(screen.getByLabelText(/^カード名義/), 'hanako sato');
    await user.type(screen.getByLabelText(/^有効期限/), '203012');
    await user.type(screen.getByLabelText(/^セキュリティコード/), '123');
    await user.click(screen.getByRole('button', { name: '登録する' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mypage/card'));

    const tokenCall = fake.calls.find((c) => c.url === 'https://api.stripe.test/v1/tokens')!;
    expect(tokenCall.headers.get('authorization')).toBe('Bearer pk_test_abc');
    expect(new URLSearchParams(await tokenCall.text()).get('card[number]')).toBe('4242424242424242');
    const added = fake.calls.find((c) => c.method === 'POST' && new URL(c.url).pathname === '/v1/me/user-cards')!;
    expect(await added.clone().json()).toEqual({ token: 'tok_stripe' });
    expect(fake.callsTo('/sandbox-gateway/tokens')).toHaveLength(0);
  });
});

describe('/mypage/point', () => {
  it('shows the balance and the history', async () => {
    logIn();
    const fake = createSiteFake()
      .on('GET', '/v1/me/user', member)
      .on('GET', '/v1/me/points', { balance: 1234, earn_rate: 1, is_enabled: true })
      .on(
        'GET',
        '/v1/me/point-histories',
        json(
          {
            data: [
              {
                id: 'h2',
                kind: 'use',
                kind_label: 'ご利用',
                points: -100,
                description: null,
                order_no: 'RP00000001',
                created_at: '2026-11-20T01:00:00Z',
              },
              {
                id: 'h1',
                kind: 'grant',
                kind_label: '付与',
                points: 500,
                description: '会員登録特典',
                order_no: null,
                created_at: '2026-01-10T01:00:00Z',
              },
            ],
          },
          { headers: { 'x-total': '12', 'x-per-page': '10', 'x-last-page': '2', 'x-current-page': '1' } },
        ),
      );
    await renderApp('/mypage/point', fake);
    expect(await screen.findByRole('heading', { level: 1, name: 'ポイント' })).toBeInTheDocument();
    expect(screen.getByText('1,234ポイント')).toBeInTheDocument();
    expect(screen.getByText(/ご購入金額の1%がたまります/)).toBeInTheDocument();
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('2026.11.20');
    expect(rows[0]).toHaveTextContent('ご利用 注文番号 RP00000001');
    expect(rows[0]).toHaveTextContent('-100');
    expect(rows[1]).toHaveTextContent('付与（会員登録特典）');
    expect(rows[1]).toHaveTextContent('+500');
    expect(screen.getByRole('navigation', { name: 'ポイント履歴のページ送り' })).toHaveTextContent(
      '全12件（1 / 2ページ）',
    );
  });
});

describe('/coupon', () => {
  const coupon = (id: string, over: Partial<Coupon> = {}): Coupon => ({
    id,
    code: 'WELCOME500',
    name: 'ご新規様500円引き',
    description: '初めてのお買い物に',
    discount_kind: 'amount',
    discount_value: 500,
    discount_label: '500円引き',
    minimum_amount: 3000,
    starts_at: '2026-01-01T00:00:00Z',
    ends_at: '2026-12-31T14:59:59Z',
    requires_take: false,
    member_only: false,
    is_taken: false,
    ...over,
  });
  const ride10 = coupon('k2', {
    code: 'RIDE10',
    name: 'ライド10%OFF',
    discount_kind: 'percent',
    discount_value: 10,
    discount_label: '10%OFF',
    minimum_amount: 5000,
    requires_take: true,
    member_only: true,
  });

  it('lets a member take a coupon (is_taken false → true)', async () => {
    logIn();
    const fake = createSiteFake()
      .on('GET', '/v1/me/user', member)
      .on('GET', '/v1/me/coupons', { data: [coupon('k1'), ride10] })
      .on('POST', '/v1/me/coupons', json({ ...ride10, is_taken: true }));
    await renderApp('/coupon', fake);
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'クーポン' })).toBeInTheDocument();
    const ride = screen.getByRole('article', { name: /ライド10%OFF/ });
    expect(within(ride).getByText('10%OFF')).toBeInTheDocument();
    expect(within(ride).getByText('¥5,000')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: /ご新規様/ })).getByText(/取得は不要です/)).toBeInTheDocument();

    await user.click(within(ride).getByRole('button', { name: /クーポンを取得する/ }));
    expect(await screen.findByText('クーポン「ライド10%OFF」を取得しました。')).toBeInTheDocument();
    expect(within(ride).getByText('取得済み')).toBeInTheDocument();
    expect(within(ride).queryByRole('button', { name: /クーポンを取得する/ })).not.toBeInTheDocument();
    expect(
      await fake
        .callsTo('/v1/me/coupons')
        .find((c) => c.method === 'POST')!
        .json(),
    ).toEqual({ coupon_id: 'k2', page: '/coupon' });
  });

  it('shows visitors the public coupons and asks them to log in to take one', async () => {
    const fake = createSiteFake().on('GET', '/v1/coupons', { data: [ride10] });
    const { router } = await renderApp('/coupon', fake);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: /クーポンを取得する/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/'));
    expect(await screen.findByText('クーポンの取得にはログインが必要です。')).toBeInTheDocument();
    expect(sessionStore.get().redirectUrl).toBe('/coupon');
    expect(fake.callsTo('/v1/me/coupons')).toHaveLength(0);
  });
});
