import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-fetch';
import { createAdminFake, renderAdmin, staffMember } from '../../test/render-admin';
import { normalizeCode } from './login-schema';

const WRONG = 'メールアドレス、パスワードまたは確認コードが正しくありません。';

describe('back-office login', () => {
  it('sends a visitor without a session to the login, remembering the screen', async () => {
    const { router } = renderAdmin('/admin/topics', createAdminFake(null));
    expect(await screen.findByRole('heading', { name: '管理画面ログイン' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/login');
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/admin/topics')}`);
  });

  it('signs in with the password, then the 6-digit code, and lands where the staff member was going', async () => {
    const user = userEvent.setup();
    const fake = createAdminFake(null)
      .on('POST', '/v1/admin/auth/login', { pending: 'pending-token' })
      .on('POST', '/v1/admin/auth/totp', async (request) => {
        const body = (await request.json()) as { code: string };
        return body.code === '123456'
          ? json({ staff: staffMember('owner'), is_corporate_shop: false })
          : json({ message: WRONG, errors: { code: [WRONG] } }, { status: 422 });
      });
    const { router } = renderAdmin('/admin/login?next=%2Fadmin%2Ftopics', fake);

    await user.type(await screen.findByLabelText('メールアドレス'), 'owner@example.jp');
    await user.type(screen.getByLabelText('パスワード'), 'correct horse');
    await user.click(screen.getByRole('button', { name: '次へ' }));

    const code = await screen.findByLabelText('確認コード（6桁）');
    expect(await fake.callsTo('/v1/admin/auth/login')[0]!.json()).toEqual({
      email: 'owner@example.jp',
      password: 'correct horse',
    });

    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'ログイン' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(WRONG);
    expect(router.state.location.pathname).toBe('/admin/login');

    // Full-width digits typed with the IME on are the same code.
    await user.clear(code);
    await user.type(code, '１２３４５６');
    await user.click(screen.getByRole('button', { name: 'ログイン' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/topics'));
    const sent = fake.callsTo('/v1/admin/auth/totp');
    expect(await sent[1]!.json()).toEqual({ pending: 'pending-token', code: '123456' });
    expect(sent[1]!.credentials).toBe('same-origin');
    expect(await screen.findByRole('heading', { name: 'お問い合わせ種別' })).toBeInTheDocument();
    expect(screen.getByText('オーナー')).toBeInTheDocument();
  });

  it('shows the server’s answer to a wrong password and stays on the first step', async () => {
    const user = userEvent.setup();
    const fake = createAdminFake(null).on(
      'POST',
      '/v1/admin/auth/login',
      json({ message: WRONG, errors: {} }, { status: 422 }),
    );
    renderAdmin('/admin/login', fake);
    await user.type(await screen.findByLabelText('メールアドレス'), 'staff@example.jp');
    await user.type(screen.getByLabelText('パスワード'), 'nope');
    await user.click(screen.getByRole('button', { name: '次へ' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(WRONG);
    expect(screen.queryByLabelText('確認コード（6桁）')).not.toBeInTheDocument();
  });

  it('checks the fields before asking the server', async () => {
    const user = userEvent.setup();
    const fake = createAdminFake(null);
    renderAdmin('/admin/login', fake);
    await user.click(await screen.findByRole('button', { name: '次へ' }));
    expect(await screen.findByText('メールアドレスを入力してください')).toBeInTheDocument();
    expect(screen.getByText('パスワードを入力してください')).toBeInTheDocument();
    expect(fake.callsTo('/v1/admin/auth/login')).toHaveLength(0);
  });

  it('reads a code typed with full-width digits, spaces or a hyphen', () => {
    expect(normalizeCode('１２３ ４５６')).toBe('123456');
    expect(normalizeCode('123-456')).toBe('123456');
  });

  it('goes back to the login when a call answers 401 (the session ended)', async () => {
    const fake = createAdminFake('order_clerk').on(
      'GET',
      '/v1/admin/inquiries/counts',
      json({ message: 'ログインしてください' }, { status: 401 }),
    );
    const { router } = renderAdmin('/admin/inquiries?status=closed', fake);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/admin/inquiries?status=closed')}`);
    expect(await screen.findByLabelText('メールアドレス')).toBeInTheDocument();
  });
});
