import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MAIL_ERROR_MESSAGE } from '../../domain/auth/login-complete';
import { PRODUCT_HISTORY_KEY, productHistoryStore } from '../../domain/product-history/product-history';
import { sessionStore, TOKEN_KEY } from '../../api/session';
import { json, type FakeFetch } from '../../test/fake-fetch';
import { botProof, createSiteFake, renderApp } from '../../test/render-app';

const SAME_ANSWER = 'ご入力のメールアドレス宛にご案内をお送りしました。';

function withNotices(fake: FakeFetch): FakeFetch {
  const notice = (code: string, body: string) => ({ code, title: null, body, updated_at: '2026-01-01T00:00:00Z' });
  return fake.on(
    'GET',
    '/v1/messages',
    json({
      data: [
        notice('reminder', 'パスワード再設定のご案内をお送りします。'),
        notice('reminder_reset', '新しいパスワードを入力してください。'),
        notice('reminder_username', 'ログインIDをお知らせします。'),
        notice('reminder_username_reset', 'ご登録のログインIDです。'),
        notice('reminder_username_confirm', 'ログインIDをメールでお送りしました。'),
      ],
    }),
  );
}

const profile = {
  id: 'u1',
  code: 'M1',
  email: 'member@example.com',
  username: 'member@example.com',
  is_receive_newsletter: 0,
  is_registered_member: true,
  last_name: '山田',
  first_name: '太郎',
  question_ct: null,
};

describe('/reminder', () => {
  it('asks for the e-mail and shows the same answer whatever it is', async () => {
    const fake = withNotices(createSiteFake()).on(
      'POST',
      '/v1/reminder/request',
      json({ message: SAME_ANSWER }, { status: 202 }),
    );
    await renderApp('/reminder', fake);
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'パスワードの再設定' })).toBeInTheDocument();
    expect(await screen.findByText('パスワード再設定のご案内をお送りします。')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ログインIDをお忘れの方' })).toHaveAttribute('href', '/reminder/username');

    await user.click(screen.getByRole('button', { name: '送信する' }));
    expect(await screen.findByText('必須項目です')).toBeInTheDocument();
    expect(fake.callsTo('/v1/reminder/request')).toHaveLength(0);

    await user.type(screen.getByLabelText(/メールアドレス/), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: '送信する' }));

    expect(await screen.findByRole('status')).toHaveTextContent(SAME_ANSWER);
    expect(await fake.callsTo('/v1/reminder/request')[0]!.json()).toEqual({ email: 'someone@example.com' });
    expect(fake.callsTo('/v1/reminder/request')[0]!.headers.get('X-Bot-Check')).toBe(botProof);
    expect(screen.queryByLabelText(/メールアドレス/)).not.toBeInTheDocument();
  });

  it('refuses a malformed address in the browser', async () => {
    const { fake } = await renderApp('/reminder', createSiteFake());
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/メールアドレス/), 'not-an-address');
    await user.click(screen.getByRole('button', { name: '送信する' }));
    expect(await screen.findByText('メールアドレスの形式で入力してください')).toBeInTheDocument();
    expect(fake.callsTo('/v1/reminder/request')).toHaveLength(0);
  });
});

describe('/reminder/reset', () => {
  it('says the link is broken without a token', async () => {
    await renderApp('/reminder/reset', createSiteFake());
    expect(await screen.findByRole('alert')).toHaveTextContent('リンクが無効か期限切れです');
    expect(screen.getByRole('link', { name: 'パスワード再設定メールを再送する' })).toHaveAttribute('href', '/reminder');
  });

  it('shows the server message for an unknown or used token', async () => {
    const fake = createSiteFake().on(
      'POST',
      '/v1/reminder/check',
      json({ message: 'このリンクは使用済みです' }, { status: 404 }),
    );
    await renderApp('/reminder/reset?token=used', fake);
    expect(await screen.findByRole('alert')).toHaveTextContent('このリンクは使用済みです');
    expect(screen.queryByLabelText(/^新しいパスワード必須/)).not.toBeInTheDocument();
  });

  it('passes on the server message when the link is checked too often', async () => {
    const fake = createSiteFake().on(
      'POST',
      '/v1/reminder/check',
      json({ message: 'しばらく時間をおいてから再度お試しください' }, { status: 429 }),
    );
    await renderApp('/reminder/reset?token=t', fake);
    expect(await screen.findByRole('alert')).toHaveTextContent('しばらく時間をおいてから再度お試しください');
    // One check only: a refused link is not asked again.
    expect(fake.callsTo('/v1/reminder/check')).toHaveLength(1);
  });

  it('sets the new password, logs the member in and goes to /mypage', async () => {
    const fake = withNotices(createSiteFake())
      .on('POST', '/v1/reminder/check', { question_ct: null })
      .on('POST', '/v1/reminder/reset', {
        access_token: 'new-token',
        token_type: 'Bearer',
        expires_in: 900,
        user_id: 'u1',
        is_verify: false,
        is_registered_member: true,
        has_password_expired: false,
        has_mail_error_count_over: false,
      })
      .on('GET', '/v1/me/user', profile);
    const { router } = await renderApp('/reminder/reset?token=tok-123', fake);
    const user = userEvent.setup();

    expect(await screen.findByText('新しいパスワードを入力してください。')).toBeInTheDocument();
    expect(await fake.callsTo('/v1/reminder/check')[0]!.json()).toEqual({ token: 'tok-123' });
    // No security question set: no answer field.
    expect(screen.queryByLabelText(/秘密の質問の答え/)).not.toBeInTheDocument();

    await user.type(screen.getByLabelText(/^新しいパスワード必須/), 'fresh2026pass');
    await user.type(screen.getByLabelText(/新しいパスワード（確認）/), 'fresh2026pass');
    await user.click(screen.getByRole('button', { name: 'パスワードを再設定する' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/mypage'));
    expect(await fake.callsTo('/v1/reminder/reset')[0]!.json()).toEqual({
      token: 'tok-123',
      password: 'fresh2026pass',
      password_confirmation: 'fresh2026pass',
    });
    expect(sessionStore.get().isLogin).toBe(true);
    expect(localStorage.getItem(TOKEN_KEY)).toBe('new-token');
    expect(await screen.findByText('パスワードを再設定しました。')).toBeInTheDocument();
  });

  it('ends like every login: the view history is flushed and a server warning takes the flash', async () => {
    localStorage.setItem(PRODUCT_HISTORY_KEY, JSON.stringify(['p2', 'p1']));
    productHistoryStore.set(['p2', 'p1']);
    const fake = createSiteFake()
      .on('POST', '/v1/reminder/check', { question_ct: null })
      .on('POST', '/v1/reminder/reset', {
        access_token: 'new-token',
        expires_in: 900,
        user_id: 'u1',
        is_verify: false,
        is_registered_member: true,
        has_password_expired: false,
        has_mail_error_count_over: true,
      })
      .on('POST', '/v1/product-histories', () => new Response(null, { status: 204 }))
      .on('GET', '/v1/me/user', profile);
    const { router } = await renderApp('/reminder/reset?token=tok-5', fake);
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^新しいパスワード必須/), 'fresh2026pass');
    await user.type(screen.getByLabelText(/新しいパスワード（確認）/), 'fresh2026pass');
    await user.click(screen.getByRole('button', { name: 'パスワードを再設定する' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/mypage'));
    // One call carries the whole history, newest first (POST /v1/product-histories {product_ids}).
    await waitFor(() => expect(fake.callsTo('/v1/product-histories')).toHaveLength(1));
    expect(await fake.callsTo('/v1/product-histories')[0]!.clone().json()).toEqual({ product_ids: ['p2', 'p1'] });
    await waitFor(() => expect(productHistoryStore.get()).toEqual([]));
    expect(await screen.findByText(MAIL_ERROR_MESSAGE)).toBeInTheDocument();
  });

  it('asks the security question when the member set one, and shows field errors', async () => {
    const fake = createSiteFake()
      .on('POST', '/v1/reminder/check', { question_ct: 2 })
      .on(
        'POST',
        '/v1/reminder/reset',
        json(
          { message: '入力内容をご確認ください', errors: { answer: ['秘密の質問の答えが違います'] } },
          { status: 422 },
        ),
      );
    await renderApp('/reminder/reset?token=tok-9', fake);
    const user = userEvent.setup();

    const answer = await screen.findByLabelText(/秘密の質問の答え/);
    expect(answer).toHaveAccessibleDescription('質問：母親の旧姓は？');
    await user.type(screen.getByLabelText(/^新しいパスワード必須/), 'fresh2026pass');
    await user.type(screen.getByLabelText(/新しいパスワード（確認）/), 'fresh2026pass');
    await user.click(screen.getByRole('button', { name: 'パスワードを再設定する' }));
    expect(await screen.findByText('必須項目です')).toBeInTheDocument();
    expect(fake.callsTo('/v1/reminder/reset')).toHaveLength(0);

    await user.type(answer, 'サトウ');
    await user.click(screen.getByRole('button', { name: 'パスワードを再設定する' }));
    expect(await screen.findByText('秘密の質問の答えが違います')).toBeInTheDocument();
    expect(await fake.callsTo('/v1/reminder/reset')[0]!.json()).toMatchObject({ token: 'tok-9', answer: 'サトウ' });
    expect(sessionStore.get().isLogin).toBe(false);
  });
});

describe('/reminder/username', () => {
  it('mails the login ID and shows the confirm notice', async () => {
    const fake = withNotices(createSiteFake()).on(
      'POST',
      '/v1/reminder/username/request',
      json({ message: SAME_ANSWER }, { status: 202 }),
    );
    await renderApp('/reminder/username', fake);
    const user = userEvent.setup();

    expect(await screen.findByText('ログインIDをお知らせします。')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/メールアドレス/), 'member@example.com');
    await user.click(screen.getByRole('button', { name: '送信する' }));

    expect(await screen.findByRole('status')).toHaveTextContent(SAME_ANSWER);
    expect(screen.getByText('ログインIDをメールでお送りしました。')).toBeInTheDocument();
    expect(await fake.callsTo('/v1/reminder/username/request')[0]!.json()).toEqual({ email: 'member@example.com' });
    expect(fake.callsTo('/v1/reminder/username/request')[0]!.headers.get('X-Bot-Check')).toBe(botProof);
  });
});

describe('/reminder/username/reset', () => {
  it('shows the login ID and lets the member choose a new one', async () => {
    const fake = withNotices(createSiteFake())
      .on('POST', '/v1/reminder/username/check', { username: 'member@example.com' })
      .on('POST', '/v1/reminder/username/reset', async (req) => {
        const body = (await req.clone().json()) as { username: string };
        return body.username === 'taken'
          ? json(
              { message: '入力内容をご確認ください', errors: { username: ['このログインIDは既に使われています'] } },
              { status: 422 },
            )
          : json({ username: body.username });
      });
    await renderApp('/reminder/username/reset?token=u-tok', fake);
    const user = userEvent.setup();

    expect(await screen.findByText('member@example.com')).toBeInTheDocument();
    expect(await screen.findByText('ご登録のログインIDです。')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/新しいログインID/), 'taken');
    await user.click(screen.getByRole('button', { name: '変更する' }));
    expect(await screen.findByText('このログインIDは既に使われています')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/新しいログインID/));
    await user.type(screen.getByLabelText(/新しいログインID/), 'rider_taro');
    await user.click(screen.getByRole('button', { name: '変更する' }));

    expect(await screen.findByRole('status')).toHaveTextContent('ログインIDを変更しました。');
    expect(screen.getByText('rider_taro')).toBeInTheDocument();
    // The change used the link up: no second form.
    expect(screen.queryByLabelText(/新しいログインID/)).not.toBeInTheDocument();
    expect(await fake.callsTo('/v1/reminder/username/reset').at(-1)!.json()).toEqual({
      token: 'u-tok',
      username: 'rider_taro',
    });
  });

  it('refuses a login ID the rules do not allow', async () => {
    const fake = createSiteFake().on('POST', '/v1/reminder/username/check', { username: 'member@example.com' });
    await renderApp('/reminder/username/reset?token=u-tok', fake);
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/新しいログインID/), 'ab');
    await user.click(screen.getByRole('button', { name: '変更する' }));
    expect(
      await screen.findByText('ユーザー名は4〜64文字の半角英数字と @ . _ - で入力してください'),
    ).toBeInTheDocument();
    expect(fake.callsTo('/v1/reminder/username/reset')).toHaveLength(0);
  });

  it('says the link is broken for an unknown token', async () => {
    const fake = createSiteFake().on(
      'POST',
      '/v1/reminder/username/check',
      json({ message: 'リンクが無効か期限切れです' }, { status: 404 }),
    );
    await renderApp('/reminder/username/reset?token=nope', fake);
    expect(await screen.findByRole('alert')).toHaveTextContent('リンクが無効か期限切れです');
    expect(screen.getByRole('link', { name: 'ログインID確認メールを再送する' })).toHaveAttribute(
      'href',
      '/reminder/username',
    );
  });
});
