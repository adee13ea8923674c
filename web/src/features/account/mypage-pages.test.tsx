import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionStore, TOKEN_KEY } from '../../api/session';
import { json } from '../../test/fake-fetch';
import { renderApp } from '../../test/render-app';
import { logIn, memberFake, withMessages } from './test-member';
import { formatBirthday } from './user-info-page';

const menuLabels = [
  'マイページトップ',
  '会員情報',
  '注文履歴',
  'お問い合わせ履歴',
  'メッセージセンター',
  'お気に入り',
  'ブックマーク',
  '閲覧履歴',
  '検索履歴',
  '入荷リクエスト履歴',
  '記念日',
  'サイズ情報',
  '名入れ刺繍',
  'アドレス帳',
  'カード情報',
  'ポイント',
  'パスワード変更',
  'ログイン履歴',
  'ログアウト',
  '退会',
];

describe('/mypage', () => {
  it('greets the member by name with the member code and the areas that exist', async () => {
    logIn();
    await renderApp('/mypage', memberFake());

    expect(await screen.findByRole('heading', { level: 1, name: 'マイページ' })).toBeInTheDocument();
    expect(screen.getByText('ようこそ、山田 太郎 様')).toBeInTheDocument();
    expect(screen.getByText('M000123')).toBeInTheDocument();
    expect(screen.getByText('本会員')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'メールアドレスを認証する' })).not.toBeInTheDocument();

    const menu = screen.getByRole('navigation', { name: 'マイページメニュー' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(menuLabels);
    expect(within(menu).getByRole('link', { name: 'マイページトップ' })).toHaveAttribute('aria-current', 'page');
    const shortcuts = screen.getByRole('list', { name: 'マイページのメニュー' });
    expect(within(shortcuts).getByRole('link', { name: /会員情報/ })).toHaveAttribute('href', '/mypage/user_info');
    for (const [label, href] of [
      ['お気に入り', '/mypage/list'],
      ['ブックマーク', '/mypage/bookmark'],
      ['閲覧履歴', '/mypage/product_history'],
      ['検索履歴', '/mypage/product_search_history'],
      ['入荷リクエスト履歴', '/mypage/product_request_history'],
      ['記念日', '/mypage/memorial'],
      ['サイズ情報', '/mypage/measurement'],
      ['名入れ刺繍', '/mypage/name-embroidery'],
      ['お問い合わせ履歴', '/mypage/inquiry_history'],
      ['メッセージセンター', '/mypage/message-center'],
    ]) {
      expect(within(shortcuts).getByRole('link', { name: new RegExp(`^${label}`) })).toHaveAttribute('href', href);
    }
    await waitFor(() => expect(document.title).toBe('マイページ｜モトバイクパーツ'));
  });

  it('sends a member whose e-mail is not verified yet to /verify', async () => {
    logIn();
    await renderApp('/mypage', memberFake({ is_registered_member: false }));

    expect(await screen.findByText('仮会員（メールアドレス未認証）')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'メールアドレスを認証する' })).toHaveAttribute('href', '/verify');
  });

  it('asks the profile with the member token', async () => {
    logIn('tok-1');
    const { fake } = await renderApp('/mypage', memberFake());
    await screen.findByText('ようこそ、山田 太郎 様');
    expect(fake.callsTo('/v1/me/user')[0]!.headers.get('authorization')).toBe('Bearer tok-1');
  });
});

describe('/mypage/user_info', () => {
  it('shows the profile as a definition list', async () => {
    logIn();
    await renderApp('/mypage/user_info', memberFake());

    expect(await screen.findByRole('heading', { level: 1, name: '会員情報' })).toBeInTheDocument();
    const value = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('ログインID')).toBe('member@example.com');
    expect(value('お名前')).toBe('山田 太郎');
    expect(value('フリガナ')).toBe('ヤマダ タロウ');
    expect(value('性別')).toBe('男性');
    expect(value('生年月日')).toBe('1990.05.01');
    expect(value('郵便番号')).toBe('〒100-0001');
    expect(value('住所')).toBe('東京都千代田区千代田1-1パレスビル101');
    expect(value('携帯電話番号')).toBe('未登録');
    expect(value('メールマガジン')).toBe('受け取る');
    expect(value('秘密の質問')).toBe('初めて飼ったペットの名前は？');
    // Demo channel: no corporate fields.
    expect(screen.queryByText('会社名', { selector: 'dt' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '会員情報を変更する' })).toHaveAttribute('href', '/mypage/user_info/edit');
    const menu = screen.getByRole('navigation', { name: 'マイページメニュー' });
    expect(within(menu).getByRole('link', { name: '会員情報' })).toHaveAttribute('aria-current', 'page');
  });

  it('adds the corporate fields on a corporate channel', async () => {
    logIn();
    await renderApp(
      '/mypage/user_info',
      memberFake(
        { corporation: '株式会社つなぐ', department: '営業部', url: 'https://example.jp' },
        { corporate: true },
      ),
    );

    await screen.findByRole('heading', { level: 1, name: '会員情報' });
    const value = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('会社名')).toBe('株式会社つなぐ');
    expect(value('部署名')).toBe('営業部');
    expect(value('店舗名')).toBe('未登録');
    expect(value('URL')).toBe('https://example.jp');
  });

  it('formats birthdays as calendar dates, without a time zone to shift them', () => {
    expect(formatBirthday('2000-01-01')).toBe('2000.01.01');
    expect(formatBirthday('1999-12-31')).toBe('1999.12.31');
  });
});

describe('/mypage/login_history', () => {
  const row = (n: number, at: string, method = 'password') => ({
    id: `h${n}`,
    logged_in_at: at,
    ip_address: `192.0.2.${n}`,
    user_agent: `Mozilla/5.0 端末${n}`,
    method,
  });
  const pages = (current: string) => ({
    'x-total': '12',
    'x-per-page': '10',
    'x-last-page': '2',
    'x-current-page': current,
  });

  it('lists logins in Japan time with their method, paginated from the headers', async () => {
    logIn();
    const fake = memberFake().on('GET', '/v1/me/login-histories', (req) => {
      const page = new URL(req.url).searchParams.get('page') ?? '1';
      return json(
        { data: [row(1, '2026-03-01T15:05:00Z'), row(2, '2026-02-28T00:30:00Z', 'reminder')] },
        { headers: pages(page) },
      );
    });
    await renderApp('/mypage/login_history', fake);

    const table = await screen.findByRole('table', { name: 'ログイン履歴（新しい順）' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('2026.03.02 0:05')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('パスワード')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('192.0.2.1')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('2026.02.28 9:30')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('パスワード再設定')).toBeInTheDocument();

    const nav = screen.getByRole('navigation', { name: 'ログイン履歴のページ送り' });
    expect(within(nav).getByText('全12件（1 / 2ページ）')).toBeInTheDocument();
    await userEvent.click(within(nav).getByRole('link', { name: '2ページ目' }));
    await waitFor(() =>
      expect(new URL(fake.callsTo('/v1/me/login-histories').at(-1)!.url).searchParams.get('page')).toBe('2'),
    );
    expect(await screen.findByText('全12件（2 / 2ページ）')).toBeInTheDocument();
  });

  it('says so when there is no history', async () => {
    logIn();
    const fake = memberFake().on(
      'GET',
      '/v1/me/login-histories',
      json(
        { data: [] },
        { headers: { 'x-total': '0', 'x-per-page': '10', 'x-last-page': '1', 'x-current-page': '1' } },
      ),
    );
    await renderApp('/mypage/login_history', fake);
    expect(await screen.findByText('ログイン履歴はまだありません。')).toBeInTheDocument();
  });
});

describe('/mypage/logout', () => {
  it('asks first, then logs out, clears the session and shows the logout notice', async () => {
    logIn();
    const fake = withMessages(memberFake(), [{ code: 'logout', body: 'またのご利用をお待ちしております。' }]).on(
      'POST',
      '/v1/auth/logout',
      new Response(null, { status: 204 }),
    );
    await renderApp('/mypage/logout', fake);

    await screen.findByRole('heading', { level: 1, name: 'ログアウト' });
    expect(screen.getByText('ログアウトしますか？')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'マイページへ戻る' })).toHaveAttribute('href', '/mypage');
    expect(fake.callsTo('/v1/auth/logout')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'ログアウトする' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'ログアウトしました' })).toHaveFocus();
    expect(screen.getByText('またのご利用をお待ちしております。')).toBeInTheDocument();
    expect(fake.callsTo('/v1/auth/logout')).toHaveLength(1);
    expect(sessionStore.get().isLogin).toBe(false);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'マイページメニュー' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'トップページへ' })).toHaveAttribute('href', '/');
  });

  it('logs out locally even when the server cannot be reached', async () => {
    logIn();
    const fake = memberFake().on('POST', '/v1/auth/logout', () => {
      throw new TypeError('Failed to fetch');
    });
    await renderApp('/mypage/logout', fake);

    await userEvent.click(await screen.findByRole('button', { name: 'ログアウトする' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'ログアウトしました' })).toBeInTheDocument();
    expect(sessionStore.get().isLogin).toBe(false);
  });
});
