import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionStore, TOKEN_KEY } from '../../api/session';
import { json } from '../../test/fake-fetch';
import { renderApp } from '../../test/render-app';
import { logIn, member, memberFake, withMessages } from './test-member';

/** A response the test releases when it wants, to see the form while it is sending. */
function deferred(response: () => Response) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    handler: async () => {
      await gate;
      return response();
    },
    release: () => release(),
  };
}

/** The password form of /mypage/password (the security question form has its own 現在のパスワード). */
async function passwordForm() {
  return within(await screen.findByRole('form', { name: 'パスワード変更' }));
}

describe('/mypage/password', () => {
  it('checks the fields in the browser first', async () => {
    logIn();
    const { fake } = await renderApp('/mypage/password', memberFake());
    const user = userEvent.setup();
    const pw = await passwordForm();

    await user.click(pw.getByRole('button', { name: 'パスワードを変更する' }));
    expect(await pw.findAllByText('必須項目です')).toHaveLength(3);
    expect(pw.getByLabelText(/現在のパスワード/)).toHaveAttribute('aria-invalid', 'true');
    expect(pw.getByLabelText(/現在のパスワード/)).toHaveFocus();

    await user.type(pw.getByLabelText(/現在のパスワード/), 'old-pass1');
    await user.type(pw.getByLabelText(/^新しいパスワード必須/), 'abcdefgh');
    await user.type(pw.getByLabelText(/新しいパスワード（確認）/), 'abcdefgX');
    await user.click(pw.getByRole('button', { name: 'パスワードを変更する' }));
    expect(
      await screen.findByText(
        'パスワードは8〜128文字で、半角英字と数字を両方含めてください（記号は - _ . のみ使えます）',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('パスワードが一致しません')).toBeInTheDocument();
    expect(fake.callsTo('/v1/me/password')).toHaveLength(0);
  });

  it('sends the change, is disabled while sending and says when it is done', async () => {
    logIn();
    const answer = deferred(() => new Response(null, { status: 204 }));
    const fake = memberFake()
      .on('PUT', '/v1/me/password', answer.handler)
      .on('POST', '/v1/auth/refresh', json({ access_token: 'fresh-token', expires_in: 600 }));
    await renderApp('/mypage/password', fake);
    const user = userEvent.setup();
    const pw = await passwordForm();

    await user.type(pw.getByLabelText(/現在のパスワード/), 'ride2026demo');
    await user.type(pw.getByLabelText(/^新しいパスワード必須/), 'newpass2026');
    await user.type(pw.getByLabelText(/新しいパスワード（確認）/), 'newpass2026');
    await user.click(pw.getByRole('button', { name: 'パスワードを変更する' }));

    expect(await pw.findByRole('button', { name: '送信中…' })).toBeDisabled();
    answer.release();
    expect(await screen.findByRole('status')).toHaveTextContent('パスワードを変更しました。');
    expect(await fake.callsTo('/v1/me/password')[0]!.json()).toEqual({
      current_password: 'ride2026demo',
      password: 'newpass2026',
      password_confirmation: 'newpass2026',
    });
    expect(pw.getByLabelText(/現在のパスワード/)).toHaveValue('');
    // The server ended this access token too: it is refreshed at once, not after a 401.
    expect(fake.callsTo('/v1/auth/refresh')).toHaveLength(1);
    expect(sessionStore.get().accessToken).toBe('fresh-token');
    expect(localStorage.getItem(TOKEN_KEY)).toBe('fresh-token');
    expect(sessionStore.get().isLogin).toBe(true);
    expect(pw.getByRole('button', { name: 'パスワードを変更する' })).toBeEnabled();
  });

  it('shows the server message on the current password when it is wrong', async () => {
    logIn();
    const fake = memberFake().on(
      'PUT',
      '/v1/me/password',
      json(
        { message: '入力内容をご確認ください', errors: { current_password: ['現在のパスワードが正しくありません'] } },
        { status: 422 },
      ),
    );
    await renderApp('/mypage/password', fake);
    const user = userEvent.setup();
    const pw = await passwordForm();

    await user.type(pw.getByLabelText(/現在のパスワード/), 'wrong-pass1');
    await user.type(pw.getByLabelText(/^新しいパスワード必須/), 'newpass2026');
    await user.type(pw.getByLabelText(/新しいパスワード（確認）/), 'newpass2026');
    await user.click(pw.getByRole('button', { name: 'パスワードを変更する' }));

    expect(await screen.findByText('現在のパスワードが正しくありません')).toBeInTheDocument();
    await waitFor(() => expect(pw.getByLabelText(/現在のパスワード/)).toHaveFocus());
    expect(pw.getByLabelText(/現在のパスワード/)).toHaveAccessibleDescription('現在のパスワードが正しくありません');
    expect(screen.getByRole('alert')).toHaveTextContent('入力内容をご確認ください');
  });
});

describe('/mypage/password: security question and members without a password', () => {
  it('changes the security question with the current password', async () => {
    logIn();
    const fake = memberFake().on('PUT', '/v1/me/security-question', json({ ...member, question_ct: 3 }));
    await renderApp('/mypage/password', fake);
    const user = userEvent.setup();
    const form = within(await screen.findByRole('form', { name: '秘密の質問の変更' }));
    expect(screen.getByText('現在の質問: 初めて飼ったペットの名前は？')).toBeInTheDocument();

    await user.click(form.getByRole('button', { name: '秘密の質問を変更する' }));
    expect(await form.findAllByText('必須項目です')).toHaveLength(3);
    expect(fake.callsTo('/v1/me/security-question')).toHaveLength(0);

    await user.type(form.getByLabelText(/現在のパスワード/), 'ride2026demo');
    await user.selectOptions(form.getByLabelText(/新しい質問/), '卒業した小学校の名前は？');
    await user.type(form.getByLabelText(/質問の答え/), '千代田小学校');
    await user.click(form.getByRole('button', { name: '秘密の質問を変更する' }));

    expect(await screen.findByRole('status')).toHaveTextContent('秘密の質問を変更しました。');
    expect(await fake.callsTo('/v1/me/security-question')[0]!.json()).toEqual({
      current_password: 'ride2026demo',
      question_ct: 3,
      answer: '千代田小学校',
    });
    expect(screen.getByText('現在の質問: 卒業した小学校の名前は？')).toBeInTheDocument();
    expect(form.getByLabelText(/現在のパスワード/)).toHaveValue('');
  });

  it('puts a wrong current password on its field', async () => {
    logIn();
    const fake = memberFake().on(
      'PUT',
      '/v1/me/security-question',
      json(
        { message: '入力内容をご確認ください', errors: { current_password: ['現在のパスワードが正しくありません'] } },
        { status: 422 },
      ),
    );
    await renderApp('/mypage/password', fake);
    const user = userEvent.setup();
    const form = within(await screen.findByRole('form', { name: '秘密の質問の変更' }));

    await user.type(form.getByLabelText(/現在のパスワード/), 'wrong-pass1');
    await user.selectOptions(form.getByLabelText(/新しい質問/), '2');
    await user.type(form.getByLabelText(/質問の答え/), '佐藤');
    await user.click(form.getByRole('button', { name: '秘密の質問を変更する' }));

    expect(await form.findByText('現在のパスワードが正しくありません')).toBeInTheDocument();
    await waitFor(() => expect(form.getByLabelText(/現在のパスワード/)).toHaveFocus());
    expect(form.getByLabelText(/現在のパスワード/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('explains how a member without a password sets one, instead of both forms', async () => {
    logIn();
    const fake = memberFake({ has_password: false }).on('POST', '/v1/auth/logout', new Response(null, { status: 204 }));
    const { router } = await renderApp('/mypage/password', fake);
    const user = userEvent.setup();

    expect(
      await screen.findByText('パスワードが設定されていません。パスワード再設定メールから設定できます。'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'パスワード変更' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: '秘密の質問の変更' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/現在のパスワード/)).not.toBeInTheDocument();

    const link = screen.getByRole('link', { name: 'ログアウトしてパスワード再設定へ' });
    expect(link).toHaveAttribute('href', '/reminder');
    await user.click(link);
    // /reminder is for visitors: the member is logged out first, then lands there.
    await waitFor(() => expect(router.state.location.pathname).toBe('/reminder'));
    expect(sessionStore.get().isLogin).toBe(false);
    expect(fake.callsTo('/v1/auth/logout')).toHaveLength(1);
  });
});

describe('/mypage/leave', () => {
  const notices = [
    { code: 'mypage_leave_1', title: '退会される前にご確認ください', body: 'ポイントは失効します。' },
    { code: 'mypage_leave_2', title: '退会手続きの最終確認', body: '「退会する」で完了します。' },
  ];

  it('goes through two steps with their notices, then leaves and logs out with a flash message', async () => {
    logIn();
    const fake = withMessages(memberFake(), notices)
      .on('DELETE', '/v1/me/user', new Response(null, { status: 204 }))
      .on('POST', '/v1/auth/logout', new Response(null, { status: 204 }));
    const { router } = await renderApp('/mypage/leave', fake);
    const user = userEvent.setup();

    expect(await screen.findByRole('region', { name: '退会される前にご確認ください' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '退会手続きの最終確認' })).not.toBeInTheDocument();
    expect(screen.getByText('1. ご確認')).toHaveAttribute('aria-current', 'step');
    await user.type(screen.getByLabelText(/退会の理由/), '引っ越しのため');
    await user.click(screen.getByRole('button', { name: '次へ進む' }));

    expect(await screen.findByRole('heading', { level: 2, name: '退会の最終確認' })).toHaveFocus();
    expect(screen.getByRole('region', { name: '退会手続きの最終確認' })).toBeInTheDocument();
    expect(screen.getByText('2. パスワードの確認')).toHaveAttribute('aria-current', 'step');
    expect(screen.getByText('引っ越しのため')).toBeInTheDocument();

    // Back keeps the reason.
    await user.click(screen.getByRole('button', { name: '戻る' }));
    expect(await screen.findByLabelText(/退会の理由/)).toHaveValue('引っ越しのため');
    await user.click(screen.getByRole('button', { name: '次へ進む' }));

    await user.click(await screen.findByRole('button', { name: '退会する' }));
    expect(await screen.findByText('必須項目です')).toBeInTheDocument();
    expect(fake.callsTo('/v1/me/user').filter((r) => r.method === 'DELETE')).toHaveLength(0);

    await user.type(screen.getByLabelText(/パスワード/), 'ride2026demo');
    await user.click(screen.getByRole('button', { name: '退会する' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const call = fake.callsTo('/v1/me/user').find((r) => r.method === 'DELETE')!;
    expect(await call.json()).toEqual({ password: 'ride2026demo', reason: '引っ越しのため' });
    expect(
      await screen.findByText('退会手続きが完了しました。ご利用いただきありがとうございました。'),
    ).toBeInTheDocument();
    expect(sessionStore.get().isLogin).toBe(false);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(fake.callsTo('/v1/auth/logout')).toHaveLength(1);
  });

  it('keeps the member on step 2 with the error when the password is wrong', async () => {
    logIn();
    const fake = memberFake().on(
      'DELETE',
      '/v1/me/user',
      json(
        { message: '入力内容をご確認ください', errors: { password: ['パスワードが正しくありません'] } },
        { status: 422 },
      ),
    );
    await renderApp('/mypage/leave', fake);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: '次へ進む' }));
    await user.type(await screen.findByLabelText(/パスワード/), 'wrong');
    await user.click(screen.getByRole('button', { name: '退会する' }));

    expect(await screen.findByText('パスワードが正しくありません')).toBeInTheDocument();
    expect(screen.getByLabelText(/パスワード/)).toHaveAttribute('aria-invalid', 'true');
    expect(
      await fake
        .callsTo('/v1/me/user')
        .find((r) => r.method === 'DELETE')!
        .json(),
    ).toEqual({ password: 'wrong' });
    expect(sessionStore.get().isLogin).toBe(true);
  });
});

describe('/mypage/leave without a password', () => {
  it('asks for the mailed code instead of the password and leaves with it', async () => {
    logIn();
    const fake = memberFake({ has_password: false })
      .on(
        'POST',
        '/v1/me/leave-code',
        json({ message: '退会手続きの確認コードをメールでお送りしました。' }, { status: 202 }),
      )
      .on('DELETE', '/v1/me/user', new Response(null, { status: 204 }))
      .on('POST', '/v1/auth/logout', new Response(null, { status: 204 }));
    const { router } = await renderApp('/mypage/leave', fake);
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/退会の理由/), '使わなくなったため');
    await user.click(screen.getByRole('button', { name: '次へ進む' }));
    expect(await screen.findByText('2. 確認コードの入力')).toHaveAttribute('aria-current', 'step');
    expect(screen.queryByLabelText(/パスワード/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '確認コードを送信する' }));
    expect(await screen.findByText('退会手続きの確認コードをメールでお送りしました。')).toBeInTheDocument();
    expect(fake.callsTo('/v1/me/leave-code')).toHaveLength(1);
    expect(screen.getByRole('button', { name: '確認コードを再送信する' })).toBeEnabled();

    await user.type(screen.getByLabelText(/確認コード/, { selector: 'input' }), '123456');
    await user.click(screen.getByRole('button', { name: '退会する' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const call = fake.callsTo('/v1/me/user').find((r) => r.method === 'DELETE')!;
    expect(await call.json()).toEqual({ code: '123456', reason: '使わなくなったため' });
    expect(sessionStore.get().isLogin).toBe(false);
  });

  it('keeps the member on step 2 with the error when the code is wrong', async () => {
    logIn();
    const fake = memberFake({ has_password: false }).on(
      'DELETE',
      '/v1/me/user',
      json(
        { message: '入力内容をご確認ください', errors: { code: ['確認コードが正しくありません'] } },
        { status: 422 },
      ),
    );
    await renderApp('/mypage/leave', fake);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: '次へ進む' }));
    const code = await screen.findByLabelText(/確認コード/, { selector: 'input' });
    await user.click(screen.getByRole('button', { name: '退会する' }));
    expect(await screen.findByText('必須項目です')).toBeInTheDocument();

    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: '退会する' }));
    expect(await screen.findByText('確認コードが正しくありません')).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(
      await fake
        .callsTo('/v1/me/user')
        .find((r) => r.method === 'DELETE')!
        .json(),
    ).toEqual({ code: '000000' });
    expect(sessionStore.get().isLogin).toBe(true);
  });
});

describe('/mypage/user_info/edit', () => {
  it('starts from the stored profile with the login ID read-only', async () => {
    logIn();
    await renderApp('/mypage/user_info/edit', memberFake());

    expect(await screen.findByRole('heading', { level: 1, name: '会員情報の変更' })).toBeInTheDocument();
    const username = screen.getByLabelText(/ログインID/);
    expect(username).toHaveValue('member@example.com');
    expect(username).toHaveAttribute('readonly');
    expect(screen.getByLabelText(/メールアドレス/)).toHaveValue('member@example.com');
    expect(screen.getByLabelText(/^姓/)).toHaveValue('山田');
    expect(screen.getByLabelText(/^セイ/)).toHaveValue('ヤマダ');
    expect(screen.getByRole('radio', { name: '男性' })).toBeChecked();
    expect(screen.getByLabelText(/生年月日/)).toHaveValue('1990-05-01');
    expect(screen.getByLabelText(/郵便番号/)).toHaveValue('100-0001');
    expect(await screen.findByRole('option', { name: '大阪府' })).toBeInTheDocument();
    expect(screen.getByLabelText(/都道府県/)).toHaveValue('東京都');
    expect(screen.getByRole('radio', { name: '受け取る' })).toBeChecked();
    // The security question is set at registration, not here.
    expect(screen.queryByLabelText(/秘密の質問/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/会社名/)).not.toBeInTheDocument();
  });

  it('saves the profile and shows it on 会員情報 with a flash message', async () => {
    logIn();
    // The server keeps what was saved: the profile read afterwards is the new one.
    let stored = { ...member };
    const fake = memberFake()
      .on('GET', '/v1/me/user', () => json(stored))
      .on('PUT', '/v1/me/user', async (req) => {
        stored = { ...stored, ...((await req.clone().json()) as object) };
        return json(stored);
      });
    const { router } = await renderApp('/mypage/user_info/edit', fake);
    const user = userEvent.setup();

    const city = await screen.findByLabelText(/市区町村/);
    await user.clear(city);
    await user.type(city, '大阪市北区梅田');
    await user.click(screen.getByRole('radio', { name: '受け取らない' }));
    await user.click(screen.getByRole('button', { name: '変更を保存する' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/mypage/user_info'));
    const put = fake.callsTo('/v1/me/user').find((r) => r.method === 'PUT')!;
    const body = (await put.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      email: 'member@example.com',
      city: '大阪市北区梅田',
      postal_code: '1000001',
      is_receive_newsletter: 0,
      gender_ct: 1,
      birthday: '1990-05-01',
    });
    expect(body).not.toHaveProperty('username');
    expect(body).not.toHaveProperty('password');
    expect(body).not.toHaveProperty('answer');
    expect(body).not.toHaveProperty('corporation');
    expect(await screen.findByText('会員情報を変更しました。')).toBeInTheDocument();
    const value = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('メールマガジン')).toBe('受け取らない');
  });

  it('checks kana, postal code and phone with the demo rules', async () => {
    logIn();
    const { fake } = await renderApp('/mypage/user_info/edit', memberFake());
    const user = userEvent.setup();

    const kana = await screen.findByLabelText(/^セイ/);
    await user.clear(kana);
    await user.type(kana, 'やまだ');
    const postal = screen.getByLabelText(/郵便番号/);
    await user.clear(postal);
    await user.type(postal, '12-34567');
    const phone = screen.getByLabelText(/^電話番号/);
    await user.clear(phone);
    await user.type(phone, '12345');
    await user.click(screen.getByRole('button', { name: '変更を保存する' }));

    expect(await screen.findByText('全角カタカナで入力してください')).toBeInTheDocument();
    expect(screen.getByText('郵便番号の形式で入力してください 例：123-4567')).toBeInTheDocument();
    expect(screen.getByText('電話番号の形式で入力してください')).toBeInTheDocument();
    expect(fake.callsTo('/v1/me/user').filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('uses the corporate fields and rules on a corporate channel', async () => {
    logIn();
    const fake = memberFake(
      { corporation: '株式会社つなぐ', last_name_kana: '', first_name_kana: '', phone_number: '0312345678' },
      { corporate: true },
    ).on('PUT', '/v1/me/user', async (req) => json({ ...member, ...((await req.clone().json()) as object) }));
    const { router } = await renderApp('/mypage/user_info/edit', fake);
    const user = userEvent.setup();

    const company = await screen.findByLabelText(/会社名/);
    expect(company).toHaveValue('株式会社つなぐ');
    expect(screen.getByLabelText(/郵便番号/)).toHaveValue('1000001');
    await user.clear(company);
    const postal = screen.getByLabelText(/郵便番号/);
    await user.clear(postal);
    await user.type(postal, '100-0001');
    await user.click(screen.getByRole('button', { name: '変更を保存する' }));

    expect(await screen.findByText('必須項目です')).toBeInTheDocument();
    expect(screen.getByText('半角数字7桁で入力してください')).toBeInTheDocument();
    // Kana may stay empty on the corporate channel.
    expect(screen.queryByText('全角カタカナで入力してください')).not.toBeInTheDocument();

    await user.type(company, '株式会社つなぐ商事');
    await user.clear(postal);
    await user.type(postal, '1000001');
    await user.type(screen.getByLabelText(/部署名/), '購買部');
    await user.click(screen.getByRole('button', { name: '変更を保存する' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/mypage/user_info'));
    const body = (await fake
      .callsTo('/v1/me/user')
      .find((r) => r.method === 'PUT')!
      .json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      corporation: '株式会社つなぐ商事',
      department: '購買部',
      postal_code: '1000001',
      last_name_kana: '',
    });
  });

  it('fills the address from the postal code, and says when there is none', async () => {
    logIn();
    const fake = memberFake().on('GET', '/v1/postal-code', (req) => {
      const code = new URL(req.url).searchParams.get('code');
      return code === '5300001'
        ? json({
            postal_code: '5300001',
            formatted_postal_code: '530-0001',
            prefecture: '大阪府',
            prefecture_code: '27',
            prefecture_kana: 'オオサカフ',
            city: '大阪市北区',
            city_kana: '',
            town: '梅田',
            town_kana: '',
            street: '',
          })
        : json({ message: '該当する郵便番号がありません' }, { status: 404 });
    });
    await renderApp('/mypage/user_info/edit', fake);
    const user = userEvent.setup();

    const postal = await screen.findByLabelText(/郵便番号/);
    await screen.findByRole('option', { name: '大阪府' });
    await user.clear(postal);
    await user.type(postal, '530-0001');
    await user.click(screen.getByRole('button', { name: '住所を自動入力' }));

    await waitFor(() => expect(screen.getByLabelText(/都道府県/)).toHaveValue('大阪府'));
    expect(screen.getByLabelText(/市区町村/)).toHaveValue('大阪市北区梅田');
    expect(screen.getByLabelText(/^番地/)).toHaveFocus();
    expect(new URL(fake.callsTo('/v1/postal-code')[0]!.url).searchParams.get('code')).toBe('5300001');

    await user.clear(postal);
    await user.type(postal, '999-9999');
    await user.click(screen.getByRole('button', { name: '住所を自動入力' }));
    expect(
      await screen.findByText('該当する住所が見つかりませんでした。住所を直接入力してください。'),
    ).toBeInTheDocument();

    await user.clear(postal);
    await user.type(postal, '12');
    await user.click(screen.getByRole('button', { name: '住所を自動入力' }));
    expect(await screen.findByText('郵便番号の形式で入力してください 例：123-4567')).toBeInTheDocument();
    expect(fake.callsTo('/v1/postal-code')).toHaveLength(2);
  });

  it('wants one of the two phone numbers and puts server errors on their fields', async () => {
    logIn();
    const fake = memberFake().on(
      'PUT',
      '/v1/me/user',
      json(
        { message: '入力内容をご確認ください', errors: { email: ['このメールアドレスは既に使われています'] } },
        { status: 422 },
      ),
    );
    await renderApp('/mypage/user_info/edit', fake);
    const user = userEvent.setup();

    await user.clear(await screen.findByLabelText(/^電話番号/));
    await user.click(screen.getByRole('button', { name: '変更を保存する' }));
    expect(await screen.findAllByText('いずれかは必須項目です')).toHaveLength(2);
    expect(fake.callsTo('/v1/me/user').filter((r) => r.method === 'PUT')).toHaveLength(0);

    await user.type(screen.getByLabelText(/^携帯電話番号/), '090-1234-5678');
    await user.click(screen.getByRole('button', { name: '変更を保存する' }));

    const email = screen.getByLabelText(/メールアドレス/);
    expect(await screen.findByText('このメールアドレスは既に使われています')).toBeInTheDocument();
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAttribute('aria-invalid', 'true');
    const body = (await fake
      .callsTo('/v1/me/user')
      .find((r) => r.method === 'PUT')!
      .json()) as Record<string, unknown>;
    expect(body).toMatchObject({ phone_number: '', cell_phone_number: '090-1234-5678' });
    // Field errors only: no form-level alert, no toast.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(within(document.body).queryByText('入力内容をご確認ください')).not.toBeInTheDocument();
  });
});

describe('e-mail changes waiting for their link', () => {
  const PENDING =
    '新しいメールアドレスに確認メールをお送りしました。メールに記載のリンクを開くと、メールアドレスの変更が完了します。';

  it('keeps the current address, says a link was mailed and shows the pending one on 会員情報', async () => {
    logIn();
    let stored = { ...member };
    const fake = memberFake()
      .on('GET', '/v1/me/user', () => json(stored))
      .on('PUT', '/v1/me/user', async (req) => {
        const body = (await req.clone().json()) as { email: string };
        // The server keeps `email` and holds the new one as `pending_email`.
        stored = { ...stored, pending_email: body.email };
        return json({ ...stored, message: PENDING });
      });
    const { router } = await renderApp('/mypage/user_info/edit', fake);
    const user = userEvent.setup();

    const email = await screen.findByLabelText(/メールアドレス/);
    await user.clear(email);
    await user.type(email, 'new@example.com');
    await user.click(screen.getByRole('button', { name: '変更を保存する' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/mypage/user_info'));
    expect(await screen.findByText(`会員情報を変更しました。${PENDING}`)).toBeInTheDocument();
    const value = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('メールアドレス')).toBe(
      'member@example.com変更手続き中: new@example.com（確認メールのリンクを開くと変更されます）',
    );

    // Back on the form: the field holds the current address, the pending one is its hint.
    await router.navigate('/mypage/user_info/edit');
    const field = await screen.findByLabelText(/メールアドレス/);
    expect(field).toHaveValue('member@example.com');
    expect(field).toHaveAccessibleDescription(
      '変更手続き中: new@example.com（確認メールのリンクを開くと変更されます）',
    );
  });

  it('shows only the saved message when the e-mail stays the same, and no pending line', async () => {
    logIn();
    const fake = memberFake().on('PUT', '/v1/me/user', async (req) =>
      json({ ...member, ...((await req.clone().json()) as object), pending_email: null }),
    );
    const { router } = await renderApp('/mypage/user_info/edit', fake);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: '変更を保存する' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mypage/user_info'));
    expect(await screen.findByText('会員情報を変更しました。')).toBeInTheDocument();
    expect(screen.queryByText(/変更手続き中/)).not.toBeInTheDocument();
  });
});
