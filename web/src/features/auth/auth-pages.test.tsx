import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MAIL_ERROR_MESSAGE } from '../../domain/auth/login-complete';
import { PRODUCT_HISTORY_KEY, productHistoryStore } from '../../domain/product-history/product-history';
import { EXPIRY_KEY, REGISTERED_KEY, TOKEN_KEY, patchSession, sessionStore, setMfa } from '../../api/session';
import { json, type FakeFetch } from '../../test/fake-fetch';
import { botChallenge, botProof, createSiteFake, demoSettings, renderApp } from '../../test/render-app';
import { normalizeCode } from './auth-flow';
import { SOCIAL_ERROR_MESSAGES, SOCIAL_LOGIN_FAILED } from './oauth-callback-page';

const corporateSettings = {
  ...demoSettings,
  'SITE.NAME': 'つなぐ業務用ストア',
  'SITE.IS_CORPORATE': true,
  'AUTH.IS_VERIFY_EMAIL_AT_FIRST_LOGIN': true,
};

function loginResponse(overrides: Record<string, unknown> = {}) {
  return {
    access_token: 'tok-new',
    token_type: 'Bearer',
    expires_in: 900,
    expires_at: Math.floor(Date.now() / 1000) + 900,
    user_id: 'u1',
    is_verify: false,
    is_registered_member: true,
    has_password_expired: false,
    has_mail_error_count_over: false,
    ...overrides,
  };
}

const pendingCode = loginResponse({
  access_token: undefined,
  expires_in: undefined,
  expires_at: undefined,
  is_verify: true,
  verify_code: 'pending-1',
});

async function bodyOf(request: Request): Promise<Record<string, unknown>> {
  return (await request.clone().json()) as Record<string, unknown>;
}

async function fillLogin(user: ReturnType<typeof userEvent.setup>, username: string, password: string) {
  await user.type(await screen.findByLabelText(/メールアドレスまたはユーザー名/), username);
  await user.type(screen.getByLabelText(/^パスワード/), password);
  await user.click(screen.getByRole('button', { name: 'ログイン' }));
}

describe('/login', () => {
  it('logs in with the e-mail and password and goes to the mypage', async () => {
    const user = userEvent.setup();
    const fake = createSiteFake().on('POST', '/v1/auth/login', json(loginResponse()));
    const { router } = await renderApp('/login', fake);

    expect(await screen.findByRole('heading', { level: 1, name: 'ログイン' })).toBeInTheDocument();
    await fillLogin(user, ' member@example.com ', 'ride2026demo');

    await waitFor(() => expect(router.state.location.pathname).toBe('/mypage'));
    expect(await bodyOf(fake.callsTo('/v1/auth/login')[0]!)).toEqual({
      username: 'member@example.com',
      password: 'ride2026demo',
    });
    // The bot check's proof, solved while the form was filled in (domain/bot-check/bot-check).
    expect(fake.callsTo('/v1/auth/login')[0]!.headers.get('X-Bot-Check')).toBe(botProof);
    expect(sessionStore.get()).toMatchObject({ isLogin: true, accessToken: 'tok-new', isRegisteredMember: true });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('tok-new');
  });

  it('shows a refused bot check and sends a fresh proof on the next try', async () => {
    const user = userEvent.setup();
    const refused = {
      message: 'ロボットによる送信でないことを確認できませんでした。もう一度お試しください。',
      code: 'bot_check.failed',
      errors: { bot_check: ['ロボットによる送信でないことを確認できませんでした。もう一度お試しください。'] },
    };
    let attempts = 0;
    const fake = createSiteFake().on('POST', '/v1/auth/login', () => {
      attempts += 1;
      return attempts === 1 ? json(refused, { status: 422 }) : json(loginResponse());
    });
    const { router } = await renderApp('/login', fake);

    await fillLogin(user, 'member@example.com', 'ride2026demo');
    expect(await screen.findByRole('alert')).toHaveTextContent(refused.message);
    expect(router.state.location.pathname).toBe('/login');

    await user.click(screen.getByRole('button', { name: 'ログイン' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mypage'));
    // One challenge when the form was shown, one for the second try.
    expect(fake.callsTo('/v1/bot-check').length).toBeGreaterThanOrEqual(2);
    const proofs = fake.callsTo('/v1/auth/login').map((call) => call.headers.get('X-Bot-Check'));
    expect(proofs).toEqual([botProof, botProof]);
  });

  it('says it is preparing when the person is faster than the bot check, then sends', async () => {
    const user = userEvent.setup();
    let release: () => void = () => undefined;
    const challengeSent = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fake = createSiteFake()
      .on('GET', '/v1/bot-check', async () => {
        await challengeSent;
        return json(botChallenge);
      })
      .on('POST', '/v1/auth/login', json(loginResponse()));
    const { router } = await renderApp('/login', fake);

    await fillLogin(user, 'member@example.com', 'ride2026demo');
    expect(await screen.findByRole('button', { name: '送信の準備をしています…' })).toBeDisabled();
    expect(fake.callsTo('/v1/auth/login')).toHaveLength(0);

    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/mypage'));
    expect(fake.callsTo('/v1/auth/login')[0]!.headers.get('X-Bot-Check')).toBe(botProof);
  });

  it('does not check the sibling-shop login', async () => {
    const user = userEvent.setup();
    const fake = createSiteFake().on('POST', '/v1/auth/login-sync-channel', json(loginResponse()));
    await renderApp('/login_sync', fake);
    await fillLogin(user, 'member@example.com', 'ride2026demo');
    await waitFor(() => expect(fake.callsTo('/v1/auth/login-sync-channel')).toHaveLength(1));
    expect(fake.callsTo('/v1/auth/login-sync-channel')[0]!.headers.get('X-Bot-Check')).toBeNull();
    expect(fake.callsTo('/v1/bot-check')).toHaveLength(0);
  });

  it('links the reminders, the sibling-shop login and registration', async () => {
    await renderApp('/login');

    expect(await screen.findByRole('link', { name: 'パスワードをお忘れの方' })).toHaveAttribute('href', '/reminder');
    expect(screen.getByRole('link', { name: 'ユーザー名をお忘れの方' })).toHaveAttribute('href', '/reminder/username');
    expect(screen.getByRole('link', { name: '新規会員登録' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: '姉妹ショップのアカウントでログイン' })).toHaveAttribute(
      'href',
      '/login_sync',
    );
    await waitFor(() => expect(document.title).toBe('ログイン｜モトバイクパーツ'));
  });

  it('goes back to the page the guard sent the visitor from, same-site only', async () => {
    const user = userEvent.setup();
    const fake = createSiteFake().on('POST', '/v1/auth/login', json(loginResponse()));
    const { router } = await renderApp('/mypage/point?tab=2', fake);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/'));

    await fillLogin(user, 'member@example.com', 'ride2026demo');

    await waitFor(() => expect(router.state.location.pathname).toBe('/mypage/point'));
    expect(router.state.location.search).toBe('?tab=2');
    expect(sessionStore.get().redirectUrl).toBeNull();
  });

  it('ignores a remembered page on another site', async () => {
    const user = userEvent.setup();
    const fake = createSiteFake().on('POST', '/v1/auth/login', json(loginResponse()));
    const { router } = await renderApp('/login', fake);
    patchSession({ redirectUrl: '//evil.example/x' });

    await fillLogin(user, 'member@example.com', 'ride2026demo');

    await waitFor(() => expect(router.state.location.pathname).toBe('/mypage'));
  });

  it('shows the server message for wrong credentials and lets the person try again', async () => {
    const user = userEvent.setup();
    const fake = createSiteFake().on(
      'POST',
      '/v1/auth/login',
      json({ message: 'メールアドレスまたはパスワードが正しくありません', code: 'auth.login.failed' }, { status: 422 }),
    );
    const { router } = await renderApp('/login', fake);

    await fillLogin(user, 'member@example.com', 'wrong-pass1');

    expect(await screen.findByRole('alert')).toHaveTextContent('メールアドレスまたはパスワードが正しくありません');
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('button', { name: 'ログイン' })).toBeEnabled();
    expect(sessionStore.get().isLogin).toBe(false);
  });

  it('checks the fields before sending', async () => {
    const user = userEvent.setup();
    const { fake } = await renderApp('/login');

    await user.click(await screen.findByRole('button', { name: 'ログイン' }));

    expect(await screen.findByText('メールアドレスまたはユーザー名を入力してください')).toBeInTheDocument();
    expect(screen.getByText('パスワードを入力してください')).toBeInTheDocument();
    expect(screen.getByLabelText(/メールアドレスまたはユーザー名/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/メールアドレスまたはユーザー名/)).toHaveFocus();
    expect(fake.callsTo('/v1/auth/login')).toHaveLength(0);
  });

  it('disables the button while the login is being sent', async () => {
    const user = userEvent.setup();
    let answer: (r: Response) => void = () => undefined;
    const fake = createSiteFake().on(
      'POST',
      '/v1/auth/login',
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    await renderApp('/login', fake);

    await fillLogin(user, 'member@example.com', 'ride2026demo');

    expect(await screen.findByRole('button', { name: 'ログイン中…' })).toBeDisabled();
    await act(async () => answer(json(loginResponse())));
  });

  it('asks for the mailed code when the server says so, then logs in', async () => {
    const user = userEvent.setup();
    const fake = createSiteFake()
      .on('POST', '/v1/auth/login', json(pendingCode))
      .on('POST', '/v1/auth/verify', async (req) =>
        (await bodyOf(req)).verify_code === '123456'
          ? json(loginResponse())
          : json(
              { message: '確認コードが正しくありません', errors: { verify_code: ['確認コードが正しくありません'] } },
              { status: 422 },
            ),
      );
    const { router } = await renderApp('/login', fake);

    await fillLogin(user, 'buyer@example.co.jp', 'tsunagu2026');

    const heading = await screen.findByRole('heading', { level: 2, name: '確認コードの入力' });
    expect(heading).toHaveFocus();
    expect(sessionStore.get()).toMatchObject({ mfa: 'u1', isLogin: false });

    const code = screen.getByRole('textbox', { name: /^確認コード/ });
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: '認証する' }));
    expect(await screen.findByText('確認コードが正しくありません')).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');

    await user.clear(code);
    await user.type(code, '１２３ ４５６');
    await user.click(screen.getByRole('button', { name: '認証する' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/mypage'));
    expect(await bodyOf(fake.callsTo('/v1/auth/verify').at(-1)!)).toEqual({ verify_code: '123456', user_id: 'u1' });
    expect(sessionStore.get()).toMatchObject({ isLogin: true, mfa: null });
  });

  it('says when the session expired (?re=1)', async () => {
    patchSession({ isRefreshFailed: true });
    await renderApp('/login/?re=1');

    expect(await screen.findByText('セッションの有効期限が切れました。再度ログインしてください。')).toBeInTheDocument();
    expect(sessionStore.get().isRefreshFailed).toBe(false);
  });

  it("sends the browser's viewed products to the member's history after login, in one call", async () => {
    const user = userEvent.setup();
    localStorage.setItem(PRODUCT_HISTORY_KEY, JSON.stringify(['p3', 'p2', 'p1']));
    productHistoryStore.set(['p3', 'p2', 'p1']);
    const fake = createSiteFake()
      .on('POST', '/v1/auth/login', json(loginResponse()))
      .on('POST', '/v1/product-histories', () => new Response(null, { status: 204 }));
    await renderApp('/login', fake);

    await fillLogin(user, 'member@example.com', 'ride2026demo');

    await waitFor(() => expect(fake.callsTo('/v1/product-histories')).toHaveLength(1));
    const sent = await Promise.all(fake.callsTo('/v1/product-histories').map(bodyOf));
    expect(sent).toEqual([{ product_ids: ['p3', 'p2', 'p1'] }]);
    expect(fake.callsTo('/v1/product-histories')[0]!.headers.get('authorization')).toBe('Bearer tok-new');
    await waitFor(() => expect(productHistoryStore.get()).toEqual([]));
  });
});

describe('/login_sync', () => {
  it("logs in with a sibling shop's account and passes the sync flag to the code step", async () => {
    const user = userEvent.setup();
    const fake = createSiteFake()
      .on('POST', '/v1/auth/login-sync-channel', json({ ...pendingCode, is_sync_user_channel: true }))
      .on('POST', '/v1/auth/verify', json(loginResponse({ is_sync_user_channel: true })));
    const { router } = await renderApp('/login_sync', fake);

    expect(
      await screen.findByRole('heading', { level: 1, name: '姉妹ショップのアカウントでログイン' }),
    ).toBeInTheDocument();
    await fillLogin(user, 'member@example.com', 'ride2026demo');
    await user.type(await screen.findByRole('textbox', { name: /^確認コード/ }), '654321');
    await user.click(screen.getByRole('button', { name: '認証する' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/mypage'));
    expect(await bodyOf(fake.callsTo('/v1/auth/login-sync-channel')[0]!)).toEqual({
      username: 'member@example.com',
      password: 'ride2026demo',
    });
    expect(await bodyOf(fake.callsTo('/v1/auth/verify')[0]!)).toEqual({
      verify_code: '654321',
      user_id: 'u1',
      is_sync_user_channel: true,
    });
    expect(sessionStore.get().isSyncUserChannel).toBe(true);
  });
});

function withPostal(fake: FakeFetch): FakeFetch {
  return fake
    .on('GET', '/v1/postal-codes/prefectures', {
      data: [
        { code: '13', name: '東京都', kana: 'トウキョウト' },
        { code: '27', name: '大阪府', kana: 'オオサカフ' },
      ],
    })
    .on('GET', '/v1/postal-code', (req) =>
      new URL(req.url).searchParams.get('code') === '1000001'
        ? json({
            postal_code: '1000001',
            formatted_postal_code: '100-0001',
            prefecture: '東京都',
            prefecture_code: '13',
            prefecture_kana: 'トウキョウト',
            city: '千代田区',
            city_kana: 'チヨダク',
            town: '千代田',
            town_kana: 'チヨダ',
            street: '',
          })
        : json({ message: '該当する郵便番号がありません' }, { status: 404 }),
    );
}

async function fillRegistration(user: ReturnType<typeof userEvent.setup>, phone: string) {
  const form = await screen.findByRole('form', { name: '会員登録' });
  const field = (label: RegExp) => within(form).getByLabelText(label);
  await user.type(field(/^メールアドレス/), 'new@example.com');
  await user.type(field(/^パスワード必須/), 'abcd1234');
  await user.type(field(/^パスワード（確認）/), 'abcd1234');
  await user.type(field(/^お名前（姓）/), '山田');
  await user.type(field(/^お名前（名）/), '花子');
  await user.type(field(/^フリガナ（セイ）/), 'ヤマダ');
  await user.type(field(/^フリガナ（メイ）/), 'ハナコ');
  await user.type(field(/^郵便番号/), '1000001');
  await waitFor(() => expect(field(/^市区町村/)).toHaveValue('千代田区'));
  await user.type(field(/^町名・番地/), '1-1');
  await user.type(field(/^電話番号/), phone);
  return form;
}

describe('/register', () => {
  it('registers on the demo shop, asks for the mailed code and ends on /register/complete', async () => {
    const user = userEvent.setup();
    const fake = withPostal(createSiteFake())
      .on(
        'POST',
        '/v1/users',
        json(
          {
            user: { id: 'u9', email: 'new@example.com', username: 'new@example.com', is_registered_member: false },
            login: { ...pendingCode, user_id: 'u9', is_registered_member: false },
          },
          { status: 201 },
        ),
      )
      .on('POST', '/v1/auth/verify', json(loginResponse({ user_id: 'u9' })));
    const { router } = await renderApp('/register', fake);

    expect(await screen.findByRole('heading', { level: 1, name: '新規会員登録' })).toBeInTheDocument();
    // Demo shop: no company fields.
    expect(screen.queryByLabelText(/^会社名/)).not.toBeInTheDocument();
    const form = await fillRegistration(user, '03-1234-5678');
    // The postal code filled the prefecture and the town.
    expect(within(form).getByLabelText(/^都道府県/)).toHaveValue('東京都');
    expect(within(form).getByLabelText(/^町名・番地/)).toHaveValue('千代田1-1');
    await user.click(within(form).getByLabelText('女性'));
    await user.selectOptions(within(form).getByLabelText(/^質問/), '1');
    await user.type(within(form).getByLabelText(/^質問の答え/), 'ポチ');
    await user.click(within(form).getByLabelText('受け取らない'));
    await user.click(within(form).getByRole('button', { name: '会員登録する' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/verify'));
    expect(fake.callsTo('/v1/users')[0]!.headers.get('X-Bot-Check')).toBe(botProof);
    const body = await bodyOf(fake.callsTo('/v1/users')[0]!);
    expect(body).toMatchObject({
      email: 'new@example.com',
      password: 'abcd1234',
      password_confirmation: 'abcd1234',
      last_name: '山田',
      first_name: '花子',
      last_name_kana: 'ヤマダ',
      first_name_kana: 'ハナコ',
      gender_ct: 2,
      birthday: null,
      postal_code: '1000001',
      prefecture: '東京都',
      city: '千代田区',
      address1: '千代田1-1',
      phone_number: '03-1234-5678',
      question_ct: 1,
      answer: 'ポチ',
      is_receive_newsletter: 0,
    });
    expect(body).not.toHaveProperty('username');
    expect(body).not.toHaveProperty('corporation');
    expect(sessionStore.get().mfa).toBe('u9');

    await user.type(await screen.findByRole('textbox', { name: /^確認コード/ }), '246810');
    await user.click(screen.getByRole('button', { name: '認証する' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/register/complete'));
    expect(await screen.findByText('会員登録が完了しました。')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'マイページへ' })).toHaveAttribute('href', '/mypage');
    expect(await bodyOf(fake.callsTo('/v1/auth/verify')[0]!)).toEqual({ verify_code: '246810', user_id: 'u9' });
    expect(sessionStore.get()).toMatchObject({ isLogin: true, isRegisteredMember: true });
  });

  it('checks the demo rules in the browser with the shared messages', async () => {
    const user = userEvent.setup();
    const { fake } = await renderApp('/register', withPostal(createSiteFake()));
    const form = await screen.findByRole('form', { name: '会員登録' });

    await user.type(within(form).getByLabelText(/^パスワード必須/), 'abcdefgh');
    await user.type(within(form).getByLabelText(/^パスワード（確認）/), 'abcdefgx');
    await user.type(within(form).getByLabelText(/^フリガナ（セイ）/), 'やまだ');
    await user.type(within(form).getByLabelText(/^郵便番号/), '100-001');
    await user.click(within(form).getByRole('button', { name: '会員登録する' }));

    expect(
      await within(form).findByText(
        'パスワードは8〜128文字で、半角英字と数字を両方含めてください（記号は - _ . のみ使えます）',
      ),
    ).toBeInTheDocument();
    expect(within(form).getByText('パスワードが一致しません')).toBeInTheDocument();
    expect(within(form).getAllByText('全角カタカナで入力してください')).toHaveLength(1);
    expect(within(form).getByText('郵便番号の形式で入力してください 例：123-4567')).toBeInTheDocument();
    expect(within(form).getAllByText('いずれかは必須項目です')).toHaveLength(2);
    expect(within(form).getByLabelText(/^メールアドレス/)).toHaveFocus();
    expect(fake.callsTo('/v1/users')).toHaveLength(0);
  });

  it("shows the server's field errors on their fields", async () => {
    const user = userEvent.setup();
    const fake = withPostal(createSiteFake()).on(
      'POST',
      '/v1/users',
      json(
        { message: '入力内容をご確認ください', errors: { email: ['このメールアドレスは既に登録されています'] } },
        { status: 422 },
      ),
    );
    await renderApp('/register', fake);
    const form = await fillRegistration(user, '0312345678');

    await user.click(within(form).getByRole('button', { name: '会員登録する' }));

    const email = within(form).getByLabelText(/^メールアドレス/);
    expect(await within(form).findByText('このメールアドレスは既に登録されています')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('uses the corporate fields and rules on a corporate shop, and goes on to the e-mail check', async () => {
    const user = userEvent.setup();
    const fake = withPostal(createSiteFake())
      .on('GET', '/v1/settings/front', corporateSettings)
      .on(
        'POST',
        '/v1/users',
        json(
          {
            user: { id: 'u7', email: 'new@example.com', username: 'new@example.com', is_registered_member: false },
            login: loginResponse({ user_id: 'u7', is_registered_member: false }),
          },
          { status: 201 },
        ),
      )
      .on('POST', '/v1/email-verify/request', json({ message: '送信しました' }, { status: 202 }))
      .on('POST', '/v1/email-verify/check', json({ result: true }));
    const { router } = await renderApp('/register', fake);

    const form = await fillRegistration(user, '03-1234-5678');
    await user.click(within(form).getByRole('button', { name: '会員登録する' }));

    expect(await within(form).findByText('半角数字（ハイフンなし）11桁以内で入力してください')).toBeInTheDocument();
    expect(within(form).getByText('必須項目です')).toBeInTheDocument(); // 会社名
    expect(within(form).getByLabelText(/^会社名/)).toHaveFocus();
    expect(fake.callsTo('/v1/users')).toHaveLength(0);

    await user.type(within(form).getByLabelText(/^会社名/), '株式会社つなぐ');
    await user.clear(within(form).getByLabelText(/^電話番号/));
    await user.type(within(form).getByLabelText(/^電話番号/), '0312345678');
    await user.click(within(form).getByRole('button', { name: '会員登録する' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/verify'));
    expect(await bodyOf(fake.callsTo('/v1/users')[0]!)).toMatchObject({
      corporation: '株式会社つなぐ',
      phone_number: '0312345678',
    });
    expect(sessionStore.get()).toMatchObject({ isLogin: true, isRegisteredMember: false });
    expect(
      await screen.findByText('ご登録のメールアドレスに確認コードと確認用のリンクを送信しました。'),
    ).toBeInTheDocument();
    expect(fake.callsTo('/v1/email-verify/request')).toHaveLength(1);

    await user.type(screen.getByRole('textbox', { name: /^確認コード/ }), '135790');
    await user.click(screen.getByRole('button', { name: '認証する' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/register/complete'));
    expect(await bodyOf(fake.callsTo('/v1/email-verify/check')[0]!)).toEqual({ code: '135790' });
    expect(sessionStore.get().isRegisteredMember).toBe(true);
    expect(localStorage.getItem(REGISTERED_KEY)).toBe('1');
  });
});

describe('/verify', () => {
  it('asks a visitor with nothing to verify to log in', async () => {
    await renderApp('/verify');
    expect(await screen.findByRole('link', { name: 'ログイン画面へ' })).toHaveAttribute('href', '/login');
  });

  it('keeps the code step across a reload of the tab', async () => {
    setMfa('u5');
    const fake = createSiteFake().on('POST', '/v1/auth/verify', json(loginResponse({ user_id: 'u5' })));
    const user = userEvent.setup();
    const { router } = await renderApp('/verify', fake);

    await user.type(await screen.findByRole('textbox', { name: /^確認コード/ }), '000111');
    await user.click(screen.getByRole('button', { name: '認証する' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/mypage'));
  });

  it('checks the code of a logged-in unverified member and sends the mail again on request', async () => {
    localStorage.setItem(TOKEN_KEY, 'tok');
    localStorage.setItem(EXPIRY_KEY, String(Date.now() + 600_000));
    localStorage.setItem(REGISTERED_KEY, '0');
    const fake = createSiteFake()
      .on('POST', '/v1/email-verify/request', json({ message: '送信しました' }, { status: 202 }))
      .on('POST', '/v1/email-verify/check', json({ message: '確認コードが正しくないか期限切れです' }, { status: 422 }));
    const user = userEvent.setup();
    await renderApp('/verify', fake);

    await screen.findByText('ご登録のメールアドレスに確認コードと確認用のリンクを送信しました。');
    await user.click(screen.getByRole('button', { name: '確認メールを再送信する' }));
    await waitFor(() => expect(fake.callsTo('/v1/email-verify/request')).toHaveLength(2));

    await user.type(screen.getByRole('textbox', { name: /^確認コード/ }), '999999');
    await user.click(screen.getByRole('button', { name: '認証する' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('確認コードが正しくないか期限切れです');
    expect(sessionStore.get().isRegisteredMember).toBe(false);
  });
});

describe('/verify/email', () => {
  it("checks the link's token once and marks a logged-in member registered", async () => {
    localStorage.setItem(TOKEN_KEY, 'tok');
    localStorage.setItem(EXPIRY_KEY, String(Date.now() + 600_000));
    localStorage.setItem(REGISTERED_KEY, '0');
    const fake = createSiteFake().on(
      'POST',
      '/v1/email-verify/check',
      json({ result: true, is_registered_member: true, email_changed: false }),
    );
    await renderApp('/verify/email?token=tok-abc', fake);

    expect(await screen.findByText('メールアドレスの確認が完了しました。')).toBeInTheDocument();
    expect(fake.callsTo('/v1/email-verify/check')).toHaveLength(1);
    expect(await bodyOf(fake.callsTo('/v1/email-verify/check')[0]!)).toEqual({ token: 'tok-abc' });
    await waitFor(() => expect(sessionStore.get().isRegisteredMember).toBe(true));
  });

  it("says the address was changed when the link was an e-mail change's", async () => {
    const fake = createSiteFake().on(
      'POST',
      '/v1/email-verify/check',
      json({ result: true, is_registered_member: true, email_changed: true }),
    );
    await renderApp('/verify/email?token=tok-change', fake);

    expect(await screen.findByText('メールアドレスを変更しました。')).toHaveAttribute('role', 'status');
    expect(screen.queryByText('メールアドレスの確認が完了しました。')).not.toBeInTheDocument();
    expect(fake.callsTo('/v1/email-verify/check')).toHaveLength(1);
  });

  it("shows the server's message for a bad link", async () => {
    const fake = createSiteFake().on(
      'POST',
      '/v1/email-verify/check',
      json({ message: 'リンクが無効か期限切れです' }, { status: 404 }),
    );
    await renderApp('/verify/email?token=used', fake);
    expect(await screen.findByRole('alert')).toHaveTextContent('リンクが無効か期限切れです');
  });
});

describe('/login/unlock', () => {
  it("unlocks with the link's token", async () => {
    const fake = createSiteFake().on('GET', '/v1/auth/unlock/tok-1', { result: true });
    await renderApp('/login/unlock?token=tok-1', fake);
    expect(await screen.findByText('アカウントのロックを解除しました。ログインしてください。')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ログイン画面へ' })).toHaveAttribute('href', '/login');
  });

  it('says when the link is invalid or used', async () => {
    const fake = createSiteFake().on(
      'GET',
      '/v1/auth/unlock/old',
      json({ message: 'リンクが無効か期限切れです' }, { status: 404 }),
    );
    await renderApp('/login/unlock?token=old', fake);
    expect(await screen.findByRole('alert')).toHaveTextContent('リンクが無効か期限切れです');
  });

  it('says so without asking the server when there is no token', async () => {
    const { fake } = await renderApp('/login/unlock');
    expect(await screen.findByRole('alert')).toHaveTextContent('リンクが無効か期限切れです');
    expect(fake.calls.some((c) => c.url.includes('/v1/auth/unlock'))).toBe(false);
  });
});

describe('/oauth/callback', () => {
  const refreshed = (overrides: Record<string, unknown> = {}) =>
    createSiteFake().on('POST', '/v1/auth/refresh', json(loginResponse({ access_token: 'tok-social', ...overrides })));

  it('trades the refresh cookie for a token once and ends the login on the page asked for', async () => {
    localStorage.setItem(PRODUCT_HISTORY_KEY, JSON.stringify(['p1']));
    productHistoryStore.set(['p1']);
    const fake = refreshed().on('POST', '/v1/product-histories', () => new Response(null, { status: 204 }));
    const { router } = await renderApp('/oauth/callback?redirect=%2Fnews%3Fpage%3D2', fake, { strict: true });

    await waitFor(() => expect(router.state.location.pathname).toBe('/news'));
    expect(router.state.location.search).toBe('?page=2');
    const refresh = fake.callsTo('/v1/auth/refresh');
    expect(refresh).toHaveLength(1);
    expect(refresh[0]!.credentials).toBe('include');
    expect(sessionStore.get()).toMatchObject({ isLogin: true, accessToken: 'tok-social' });
    await waitFor(() => expect(fake.callsTo('/v1/product-histories')).toHaveLength(1));
  });

  it('goes to the mypage for a redirect that is not a path of this site', async () => {
    const { router } = await renderApp('/oauth/callback?redirect=%2F%2Fevil.example%2F', refreshed());
    await waitFor(() => expect(router.state.location.pathname).toBe('/mypage'));
  });

  it("passes on the server's warnings like every login", async () => {
    await renderApp('/oauth/callback?redirect=%2Fnews', refreshed({ has_mail_error_count_over: true }));
    expect(await screen.findByText(MAIL_ERROR_MESSAGE)).toBeInTheDocument();
  });

  it('never takes a token from the URL', async () => {
    const fake = createSiteFake().on('POST', '/v1/auth/refresh', json({ message: '認証が必要です' }, { status: 401 }));
    await renderApp('/oauth/callback#access_token=tok-fragment&expires_in=900&user_id=u3', fake);

    expect(await screen.findByRole('alert')).toHaveTextContent(SOCIAL_LOGIN_FAILED);
    expect(sessionStore.get()).toMatchObject({ isLogin: false, accessToken: null });
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('says the login failed when the cookie gives no session, with the way back to /login', async () => {
    const fake = createSiteFake().on('POST', '/v1/auth/refresh', json({ message: '認証が必要です' }, { status: 401 }));
    const { router } = await renderApp('/oauth/callback?redirect=%2Fnews', fake);

    expect(await screen.findByRole('alert')).toHaveTextContent(SOCIAL_LOGIN_FAILED);
    expect(screen.getByRole('link', { name: 'ログイン画面へ' })).toHaveAttribute('href', '/login');
    expect(router.state.location.pathname).toBe('/oauth/callback');
    expect(fake.callsTo('/v1/auth/refresh')).toHaveLength(1);
  });

  it.each([
    [
      'account_exists',
      'このメールアドレスは既に会員登録されています。メールアドレスとパスワードでログインしてください。',
    ],
    ['email_unverified', SOCIAL_ERROR_MESSAGES.email_unverified!],
    ['invalid_state', SOCIAL_ERROR_MESSAGES.invalid_state!],
    ['provider_error', SOCIAL_ERROR_MESSAGES.provider_error!],
    ['server_error', SOCIAL_LOGIN_FAILED],
    ['something_new', SOCIAL_LOGIN_FAILED],
  ])('explains the error %s without asking the server', async (code, message) => {
    const { fake } = await renderApp(`/oauth/callback?error=${code}`);

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'ログイン画面へ' })).toHaveAttribute('href', '/login');
    expect(fake.callsTo('/v1/auth/refresh')).toHaveLength(0);
    expect(sessionStore.get().isLogin).toBe(false);
  });

  it('offers the password reminder to a member whose address already has an account', async () => {
    await renderApp('/oauth/callback?error=account_exists');
    expect(await screen.findByRole('link', { name: 'パスワードをお忘れの方' })).toHaveAttribute('href', '/reminder');
  });

  it('continues with the mailed code where the shop asks for it, then goes to the page asked for', async () => {
    const user = userEvent.setup();
    const fake = createSiteFake().on('POST', '/v1/auth/verify', json(loginResponse({ access_token: 'tok-coded' })));
    const { router } = await renderApp('/oauth/callback?is_verify=true&user_id=u7&redirect=%2Fnews', fake);

    await waitFor(() => expect(router.state.location.pathname).toBe('/verify'));
    expect(sessionStore.get()).toMatchObject({ isLogin: false, mfa: 'u7', redirectUrl: '/news' });
    expect(fake.callsTo('/v1/auth/refresh')).toHaveLength(0);

    await user.type(await screen.findByRole('textbox', { name: /^確認コード/ }), '123456');
    await user.click(screen.getByRole('button', { name: '認証する' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/news'));
    expect(await bodyOf(fake.callsTo('/v1/auth/verify')[0]!)).toEqual({ verify_code: '123456', user_id: 'u7' });
    expect(sessionStore.get()).toMatchObject({ isLogin: true, accessToken: 'tok-coded' });
  });
});

describe('social login buttons', () => {
  const providers = {
    data: [
      { type: 'google', name: 'Google' },
      { type: 'line', name: 'LINE' },
    ],
  };

  it("start each provider's login as a page load to the server, with the page to come back to", async () => {
    const fake = createSiteFake().on('GET', '/v1/auth/providers', providers);
    // A member page sends the visitor to /login and remembers itself.
    await renderApp('/mypage/point?tab=2', fake);

    const google = await screen.findByRole('link', { name: 'Googleでログイン' });
    expect(google.getAttribute('href')).toBe(
      `${window.location.origin}/v1/auth/google/redirect?redirect=%2Fmypage%2Fpoint%3Ftab%3D2`,
    );
    expect(screen.getByRole('link', { name: 'LINEでログイン' }).getAttribute('href')).toMatch(
      /\/v1\/auth\/line\/redirect\?redirect=/,
    );
    expect(screen.getByRole('heading', { name: '外部サービスでログイン' })).toBeInTheDocument();
  });

  it('go back to the mypage when no page was remembered', async () => {
    await renderApp(
      '/login',
      createSiteFake().on('GET', '/v1/auth/providers', { data: [{ type: 'line', name: 'LINE' }] }),
    );
    const link = await screen.findByRole('link', { name: 'LINEでログイン' });
    expect(link.getAttribute('href')).toMatch(/\/v1\/auth\/line\/redirect\?redirect=%2Fmypage$/);
  });

  it('stand on the registration page too', async () => {
    await renderApp('/register', createSiteFake().on('GET', '/v1/auth/providers', providers));
    expect(
      await screen.findByRole('heading', { level: 2, name: '外部サービスのアカウントで登録・ログイン' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Googleでログイン' })).toBeInTheDocument();
  });

  it.each([
    ['the shop offers none', json({ data: [] })],
    ['the list cannot be had', json({ message: 'エラーが発生しました' }, { status: 500 })],
  ])('are not shown when %s', async (_, answer) => {
    const fake = createSiteFake().on('GET', '/v1/auth/providers', answer);
    await renderApp('/login', fake);

    expect(await screen.findByRole('form', { name: 'ログイン' })).toBeInTheDocument();
    await waitFor(() => expect(fake.callsTo('/v1/auth/providers')).toHaveLength(1));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(screen.queryByRole('heading', { name: '外部サービスでログイン' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link').filter((a) => a.getAttribute('href')?.includes('/v1/auth/'))).toEqual([]);
  });
});

describe('one-time codes as typed', () => {
  it('become six half-width digits', () => {
    expect(normalizeCode('１２３４５６')).toBe('123456');
    expect(normalizeCode(' 123 456 ')).toBe('123456');
    expect(normalizeCode('123-456')).toBe('123456');
  });
});
