import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { encode } from 'uqr';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-fetch';
import { createAdminFake, renderAdmin, staffMember } from '../../test/render-admin';
import type { Enrolment } from './enrol-queries';
import { darkRuns } from './qr-code';

const TOKEN = 'tok-abc_123';
const INVALID = 'このリンクは無効か、有効期限が切れています。オーナーに招待（再設定）をやり直してもらってください。';
const WRONG_CODE = '認証アプリのコードが正しくありません。時刻が合っているか確かめて、新しいコードを入力してください。';
const PASSWORD = 'correct horse battery';

function enrolment(overrides: Partial<Enrolment> = {}): Enrolment {
  return {
    kind: 'invite',
    shop_name: 'デモショップ',
    email: 'hanako@example.jp',
    name: '山田 花子',
    role_label: '受注担当',
    totp_secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    otpauth_uri:
      'otpauth://totp/%E3%83%87%E3%83%A2%E3%82%B7%E3%83%A7%E3%83%83%E3%83%97:hanako%40example.jp?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=%E3%83%87%E3%83%A2&algorithm=SHA1&digits=6&period=30',
    expires_at: '2026-12-01T03:00:00Z',
    ...overrides,
  };
}

/** Nobody signed in (the person has no session yet); the link answers `found`. */
function enrolFake(found: Enrolment | Response = enrolment()) {
  return createAdminFake(null).on(
    'POST',
    '/v1/admin/enrolments/lookup',
    found instanceof Response ? found : json(found),
  );
}

async function fillPasswords(user: ReturnType<typeof userEvent.setup>, password: string, confirmation = password) {
  await user.type(await screen.findByLabelText('パスワード'), password);
  await user.type(screen.getByLabelText('パスワード（確認）'), confirmation);
}

describe('登録 (the enrolment link)', () => {
  it('says a link that cannot be used, with the way to the login', async () => {
    const fake = enrolFake(json({ code: 'admin.enrolment.invalid', message: INVALID }, { status: 404 }));
    renderAdmin(`/admin/enrol?token=${TOKEN}`, fake);
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    expect(screen.getByRole('heading', { level: 1, name: 'スタッフ登録' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '管理画面のログインへ' })).toHaveAttribute('href', '/admin/login');
    expect(screen.queryByLabelText('パスワード')).not.toBeInTheDocument();
    expect(await fake.callsTo('/v1/admin/enrolments/lookup')[0]!.json()).toEqual({ token: TOKEN });
    // No session asked for: the page is outside the signed-in layout.
    expect(fake.callsTo('/v1/admin/auth/me')).toHaveLength(0);
  });

  it('says the same of an address without a token, asking nothing', async () => {
    const fake = enrolFake();
    renderAdmin('/admin/enrol', fake);
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    expect(fake.callsTo('/v1/admin/enrolments/lookup')).toHaveLength(0);
  });

  it('names the shop and the person, and draws the QR code of the otpauth URI with the key in text', async () => {
    const found = enrolment();
    renderAdmin(`/admin/enrol?token=${TOKEN}`, enrolFake(found));
    expect(await screen.findByRole('heading', { level: 1, name: 'スタッフ登録' })).toBeInTheDocument();
    expect(document.title).toBe('スタッフ登録 | 管理画面');
    expect(screen.getByText('デモショップ')).toBeInTheDocument();
    expect(screen.getByText('山田 花子')).toBeInTheDocument();
    expect(screen.getByText('hanako@example.jp')).toBeInTheDocument();
    expect(screen.getByText('受注担当')).toBeInTheDocument();
    // 03:00 UTC is noon in Japan.
    expect(screen.getByText('2026/12/01 12:00')).toBeInTheDocument();

    const qr = screen.getByRole('img', { name: '認証アプリ用QRコード' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    // Every dark module of the URI's matrix is drawn, and nothing else is dark.
    const matrix = encode(found.otpauth_uri, { ecc: 'M', border: 4 }).data;
    const dark = [...qr.querySelectorAll('rect[fill="#000"]')].reduce(
      (sum, rect) => sum + Number(rect.getAttribute('width')),
      0,
    );
    expect(dark).toBe(matrix.flat().filter(Boolean).length);
    expect(qr.getAttribute('viewBox')).toBe(`0 0 ${matrix.length} ${matrix.length}`);

    expect(screen.getByText('QRコードを読み取れない場合は、次のキーを入力してください')).toBeInTheDocument();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    expect(screen.getByLabelText('認証アプリに表示された6桁のコード')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '登録する' })).toBeInTheDocument();
  });

  it('reads 認証アプリの再設定 for a reset', async () => {
    renderAdmin(`/admin/enrol?token=${TOKEN}`, enrolFake(enrolment({ kind: 'reset' })));
    expect(await screen.findByRole('heading', { level: 1, name: '認証アプリの再設定' })).toBeInTheDocument();
    expect(document.title).toBe('認証アプリの再設定 | 管理画面');
  });

  it('checks the password, its confirmation and the code before asking the server', async () => {
    const user = userEvent.setup();
    const fake = enrolFake();
    renderAdmin(`/admin/enrol?token=${TOKEN}`, fake);
    await fillPasswords(user, 'short', 'shorter');
    await user.click(screen.getByRole('button', { name: '登録する' }));
    expect(await screen.findByText('パスワードは12文字以上128文字以内で入力してください。')).toBeInTheDocument();
    expect(screen.getByLabelText('パスワード（確認）')).toHaveAccessibleDescription('パスワードが一致しません。');
    expect(screen.getByLabelText('認証アプリに表示された6桁のコード')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(screen.getByLabelText('パスワード'));
    await user.type(screen.getByLabelText('パスワード'), PASSWORD);
    await user.clear(screen.getByLabelText('パスワード（確認）'));
    await user.type(screen.getByLabelText('パスワード（確認）'), `${PASSWORD}!`);
    await user.type(screen.getByLabelText('認証アプリに表示された6桁のコード'), '123456');
    await user.click(screen.getByRole('button', { name: '登録する' }));
    expect(await screen.findByText('パスワードが一致しません。')).toBeInTheDocument();
    expect(fake.callsTo('/v1/admin/enrolments/complete')).toHaveLength(0);
  });

  it('shows the server’s word on a wrong code under the code', async () => {
    const user = userEvent.setup();
    const fake = enrolFake().on(
      'POST',
      '/v1/admin/enrolments/complete',
      json({ message: WRONG_CODE, errors: { code: [WRONG_CODE] } }, { status: 422 }),
    );
    const { router } = renderAdmin(`/admin/enrol?token=${TOKEN}`, fake);
    await fillPasswords(user, PASSWORD);
    const code = screen.getByLabelText('認証アプリに表示された6桁のコード');
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: '登録する' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(WRONG_CODE));
    expect(code).toHaveFocus();
    expect(router.state.location.pathname).toBe('/admin/enrol');
  });

  it('says the link is void when 登録する answers 404 (too many wrong codes)', async () => {
    const user = userEvent.setup();
    const fake = enrolFake().on(
      'POST',
      '/v1/admin/enrolments/complete',
      json({ code: 'admin.enrolment.invalid', message: INVALID }, { status: 404 }),
    );
    renderAdmin(`/admin/enrol?token=${TOKEN}`, fake);
    await fillPasswords(user, PASSWORD);
    await user.type(screen.getByLabelText('認証アプリに表示された6桁のコード'), '000000');
    await user.click(screen.getByRole('button', { name: '登録する' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    expect(screen.queryByLabelText('パスワード')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '管理画面のログインへ' })).toBeInTheDocument();
  });

  it('logs the person in and opens the back office as them', async () => {
    const user = userEvent.setup();
    const clerk = { ...staffMember('order_clerk'), name: '山田 花子', email: 'hanako@example.jp' };
    const fake = enrolFake().on('POST', '/v1/admin/enrolments/complete', {
      staff: clerk,
      is_corporate_shop: false,
    });
    const { router } = renderAdmin(`/admin/enrol?token=${TOKEN}`, fake);
    await fillPasswords(user, PASSWORD);
    // Full-width digits typed with the IME on are the same code.
    await user.type(screen.getByLabelText('認証アプリに表示された6桁のコード'), '１２３ ４５６');
    await user.click(screen.getByRole('button', { name: '登録する' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/inquiries'));
    const [sent] = fake.callsTo('/v1/admin/enrolments/complete');
    expect(await sent!.json()).toEqual({ token: TOKEN, password: PASSWORD, code: '123456' });
    expect(sent!.credentials).toBe('same-origin');
    const menu = await screen.findByRole('navigation', { name: '管理メニュー' });
    expect(within(menu).getByRole('link', { name: '受注管理' })).toBeInTheDocument();
    expect(screen.getByText('山田 花子')).toBeInTheDocument();
    // The session is the answer's: not asked for again (it would answer 401 here).
    expect(fake.callsTo('/v1/admin/auth/me')).toHaveLength(0);
  });
});

describe('the QR code’s runs', () => {
  it('draws each row’s dark modules as runs', () => {
    expect(
      darkRuns([
        [true, true, false, true],
        [false, false, false, false],
        [false, true, true, true],
      ]),
    ).toEqual([
      [0, 0, 2],
      [3, 0, 1],
      [1, 2, 3],
    ]);
  });
});
