import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeFetch, json } from '../../test/fake-fetch';
import { orderRow } from '../../test/order-desk';
import { paged, type Role, renderAdmin, summary } from '../../test/render-admin';
import { memberDeskFake, memberDetail, pointEntry, pointsPage } from '../../test/member-desk-fixtures';
import type { MemberDetail } from './members-types';

const MEMBER = '/v1/admin/members/mem-1';
const POINTS = `${MEMBER}/points`;
const PAGE = '/admin/members/mem-1';
const STALE = 'この会員は他の画面で更新されました。画面を読み込み直してください。';

const LEDGER = [
  pointEntry('pt-2', {
    kind: 'grant',
    kind_label: '減算',
    points: -300,
    description: '誤付与の取り消し',
    order_no: null,
    created_at: '2026-11-29T03:00:00Z',
  }),
  pointEntry('pt-1'),
];

/**
 * A back office where `role` reads mem-1 (as `member` makes them, changes included), their points
 * (balance 1,200), two orders and the inbox's two inquiries.
 */
function pageFake(role: Role = 'owner', member: Partial<MemberDetail> = {}, options: { without?: string[] } = {}) {
  let current = memberDetail('mem-1', member);
  const fake = memberDeskFake(role, options)
    .on('GET', MEMBER, () => json(current))
    .on('GET', POINTS, () => pointsPage(1200, LEDGER))
    .on('GET', '/v1/admin/orders', () =>
      paged([orderRow('RP00000007'), orderRow('RP00000003', { total_payment: 5630 })], 2),
    );
  return Object.assign(fake, {
    /** The member as the server has them from now on. */
    change(next: Partial<MemberDetail>) {
      current = { ...current, ...next };
      return current;
    },
  });
}

function section(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

/** The value of a label in a section's facts. */
function fact(region: HTMLElement, label: string): string {
  const term = within(region).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

async function bodyOf(fake: FakeFetch, path: string, method: string): Promise<unknown> {
  const call = fake.callsTo(path).find((candidate) => candidate.method === method);
  expect(call).toBeDefined();
  return call!.json();
}

function lastQuery(fake: FakeFetch, path: string): Record<string, string> {
  return Object.fromEntries(new URL(fake.callsTo(path).at(-1)!.url).searchParams);
}

describe('会員詳細: what the page shows', () => {
  it('shows the profile (未登録 for blanks), 購入実績, the badges, 要注意 and メール不達', async () => {
    renderAdmin(
      PAGE,
      pageFake('owner', {
        cell_phone_number: '',
        birthday: null,
        gender_label: null,
        department: null,
        newsletter: false,
        locked: true,
        failed_logins: 5,
        caution: true,
        caution_note: '電話で確認してから出荷',
        mail_error_count: 3,
        mail_error_over: true,
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: '山田 太郎' })).toBeInTheDocument();
    expect(document.title).toBe('山田 太郎 | 会員詳細 | 管理画面');
    expect(screen.getByRole('link', { name: '会員一覧へ戻る' })).toHaveAttribute('href', '/admin/members');
    expect(screen.getByText('ロック中', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByText('要注意', { selector: 'strong' }).parentElement).toHaveTextContent(
      '要注意：電話で確認してから出荷',
    );
    expect(screen.getByText('メール不達').parentElement).toHaveTextContent(
      'この会員へのメールが届いていません（不達 3回）',
    );

    const profile = section('会員情報');
    expect(fact(profile, '会員番号')).toBe('12');
    expect(fact(profile, '氏名')).toBe('山田 太郎');
    expect(fact(profile, 'フリガナ')).toBe('ヤマダ タロウ');
    expect(within(profile).getByRole('link', { name: 'taro@example.jp' })).toHaveAttribute(
      'href',
      'mailto:taro@example.jp',
    );
    expect(fact(profile, '電話番号')).toBe('0312345678');
    expect(fact(profile, '携帯電話番号')).toBe('未登録');
    expect(fact(profile, '郵便番号')).toBe('〒100-0001');
    expect(fact(profile, '都道府県')).toBe('東京都');
    expect(fact(profile, '住所')).toBe('千代田区千代田1-1 千代田ハイツ101');
    expect(fact(profile, '生年月日')).toBe('未登録');
    expect(fact(profile, '性別')).toBe('未登録');
    expect(fact(profile, '会社名')).toBe('未登録');
    expect(fact(profile, '部署名')).toBe('未登録');
    expect(fact(profile, 'メルマガ')).toBe('受け取らない');
    // 00:00 UTC is 09:00 in Japan.
    expect(fact(profile, '登録日時')).toBe('2026/01/10 09:00');

    const purchases = section('購入実績');
    expect(fact(purchases, '購入回数')).toBe('3回');
    expect(fact(purchases, '購入金額')).toBe('¥12,800');
    expect(fact(purchases, '最終購入日')).toBe('2026/11/28');

    expect(section('ログイン')).toHaveTextContent('ロックされています（失敗 5回）');
  });

  it('shows a birthday and a company when given, and no warning while mail arrives', async () => {
    renderAdmin(
      PAGE,
      pageFake('owner', { corporation: '株式会社ヤマダ', department: '総務部', last_ordered_at: null }),
    );
    const profile = await screen.findByRole('region', { name: '会員情報' });
    expect(fact(profile, '生年月日')).toBe('1990/05/01');
    expect(fact(profile, '性別')).toBe('男性');
    expect(fact(profile, '会社名')).toBe('株式会社ヤマダ');
    expect(fact(profile, '部署名')).toBe('総務部');
    expect(fact(profile, 'メルマガ')).toBe('受け取る');
    expect(fact(section('購入実績'), '最終購入日')).toBe('なし');
    expect(screen.queryByText('メール不達')).not.toBeInTheDocument();
    expect(screen.queryByText('ロック中')).not.toBeInTheDocument();
  });

  it('lists the latest orders and inquiries, each linking to its page', async () => {
    const fake = pageFake();
    renderAdmin(PAGE, fake);
    const orders = await screen.findByRole('region', { name: '最近の注文' });
    const ordersTable = await within(orders).findByRole('table');
    expect(within(ordersTable).getByRole('link', { name: 'RP00000007' })).toHaveAttribute(
      'href',
      '/admin/orders/RP00000007',
    );
    expect(within(ordersTable).getByRole('link', { name: 'RP00000003' })).toHaveAttribute(
      'href',
      '/admin/orders/RP00000003',
    );
    expect(within(ordersTable).getAllByRole('row')[2]).toHaveTextContent('¥5,630');
    expect(within(orders).getByRole('link', { name: 'すべての注文を見る' })).toHaveAttribute(
      'href',
      '/admin/orders?member=mem-1',
    );
    expect(lastQuery(fake, '/v1/admin/orders')).toEqual({ member: 'mem-1', page: '1', per: '5' });

    const inquiries = section('お問い合わせ');
    const inquiriesTable = await within(inquiries).findByRole('table');
    expect(within(inquiriesTable).getByRole('link', { name: summary(1).number })).toHaveAttribute(
      'href',
      '/admin/inquiries/inq-1',
    );
    expect(inquiriesTable).toHaveTextContent('件名1');
    expect(inquiriesTable).toHaveTextContent('未対応');
    expect(lastQuery(fake, '/v1/admin/inquiries')).toEqual({ q: 'taro@example.jp', per: '5' });
  });

  it('says so when the member is not this shop’s, has left or does not exist', async () => {
    renderAdmin(
      '/admin/members/nobody',
      memberDeskFake().on(
        'GET',
        '/v1/admin/members/nobody',
        json({ message: 'ページが見つかりません。' }, { status: 404 }),
      ),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('この会員は見つかりません。');
    expect(screen.getByRole('heading', { level: 1, name: '会員詳細' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '会員一覧へ戻る' })).toHaveAttribute('href', '/admin/members');
  });
});

describe('会員詳細: ロックを解除', () => {
  it('unlocks after the question, sending the version shown', async () => {
    const user = userEvent.setup();
    const fake = pageFake('owner', { locked: true, failed_logins: 5 });
    fake.on('POST', `${MEMBER}/unlock`, async (request) => {
      const { version } = (await request.clone().json()) as { version: number };
      return json(fake.change({ locked: false, failed_logins: 0, version: version + 1 }));
    });
    renderAdmin(PAGE, fake);

    const login = await screen.findByRole('region', { name: 'ログイン' });
    await user.click(within(login).getByRole('button', { name: 'ロックを解除' }));
    let dialog = screen.getByRole('dialog', { name: 'ロックを解除' });
    expect(dialog).toHaveTextContent('山田 太郎 様のアカウントのロックを解除します。');
    expect(within(dialog).getByRole('button', { name: 'やめる' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'やめる' }));
    expect(fake.callsTo(`${MEMBER}/unlock`)).toHaveLength(0);

    await user.click(within(login).getByRole('button', { name: 'ロックを解除' }));
    dialog = screen.getByRole('dialog', { name: 'ロックを解除' });
    await user.click(within(dialog).getByRole('button', { name: 'ロックを解除する' }));

    expect(await screen.findByText('ロックを解除しました。')).toBeInTheDocument();
    expect(await bodyOf(fake, `${MEMBER}/unlock`, 'POST')).toEqual({ version: 3 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(section('ログイン')).toHaveTextContent('ロックされていません。');
    expect(within(section('ログイン')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says the server’s message on a 409 and reads the member again on request', async () => {
    const user = userEvent.setup();
    const fake = pageFake('owner', { locked: true });
    fake.on('POST', `${MEMBER}/unlock`, () => {
      // Someone unlocked them first.
      fake.change({ locked: false, version: 4 });
      return json({ code: 'members.stale', message: STALE }, { status: 409 });
    });
    renderAdmin(PAGE, fake);

    const login = await screen.findByRole('region', { name: 'ログイン' });
    await user.click(within(login).getByRole('button', { name: 'ロックを解除' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'ロックを解除' })).getByRole('button', { name: 'ロックを解除する' }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(STALE);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const reads = fake.callsTo(MEMBER).length;
    await user.click(within(alert).getByRole('button', { name: '最新の内容を読み込む' }));
    expect(await screen.findByText('最新の内容を読み込みました。')).toBeInTheDocument();
    expect(fake.callsTo(MEMBER).length).toBeGreaterThan(reads);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(section('ログイン')).toHaveTextContent('ロックされていません。');
  });
});

describe('会員詳細: 要注意', () => {
  it('flags the member with a note, sending the version shown', async () => {
    const user = userEvent.setup();
    const fake = pageFake();
    fake.on('PUT', `${MEMBER}/caution`, async (request) => {
      const body = (await request.clone().json()) as { version: number; caution: boolean; note: string };
      return json(fake.change({ caution: body.caution, caution_note: body.note, version: body.version + 1 }));
    });
    renderAdmin(PAGE, fake);

    const form = await screen.findByRole('form', { name: '要注意の設定' });
    expect(within(form).getByLabelText('要注意の会員にする')).not.toBeChecked();
    await user.click(within(form).getByLabelText('要注意の会員にする'));
    await user.type(within(form).getByLabelText('メモ'), ' 電話で確認してから出荷 ');
    await user.click(within(form).getByRole('button', { name: '保存する' }));

    expect(await screen.findByText('要注意に設定しました。')).toBeInTheDocument();
    expect(await bodyOf(fake, `${MEMBER}/caution`, 'PUT')).toEqual({
      version: 3,
      caution: true,
      note: '電話で確認してから出荷',
    });
    expect(screen.getByText('要注意', { selector: 'strong' }).parentElement).toHaveTextContent(
      '要注意：電話で確認してから出荷',
    );
    // The form starts again from what the server has (the next change sends version 4).
    const again = screen.getByRole('form', { name: '要注意の設定' });
    expect(within(again).getByLabelText('要注意の会員にする')).toBeChecked();
    expect(within(again).getByLabelText('メモ')).toHaveValue('電話で確認してから出荷');
  });

  it('checks the note’s length, then shows the server’s 422 under its field', async () => {
    const user = userEvent.setup();
    const tooLong = 'メモは500文字以内で入力してください。';
    const refused = 'メモに使えない文字が含まれています。';
    const fake = pageFake().on('PUT', `${MEMBER}/caution`, () =>
      json({ message: '入力内容をご確認ください。', errors: { note: [refused] } }, { status: 422 }),
    );
    renderAdmin(PAGE, fake);
    const form = await screen.findByRole('form', { name: '要注意の設定' });
    const note = within(form).getByLabelText('メモ');

    await user.click(note);
    await user.paste('あ'.repeat(501));
    await user.click(within(form).getByRole('button', { name: '保存する' }));
    await waitFor(() => expect(note).toHaveAccessibleDescription(expect.stringContaining(tooLong)));
    expect(fake.callsTo(`${MEMBER}/caution`)).toHaveLength(0);

    await user.clear(note);
    await user.type(note, '確認中');
    await user.click(within(form).getByRole('button', { name: '保存する' }));
    await waitFor(() => expect(fake.callsTo(`${MEMBER}/caution`)).toHaveLength(1));
    await waitFor(() => expect(note).toHaveAccessibleDescription(expect.stringContaining(refused)));
    expect(note).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the stale notice on a 409', async () => {
    const user = userEvent.setup();
    const fake = pageFake().on('PUT', `${MEMBER}/caution`, () =>
      json({ code: 'members.stale', message: STALE }, { status: 409 }),
    );
    renderAdmin(PAGE, fake);
    const form = await screen.findByRole('form', { name: '要注意の設定' });
    await user.click(within(form).getByLabelText('要注意の会員にする'));
    await user.click(within(form).getByRole('button', { name: '保存する' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(STALE);
    expect(within(alert).getByRole('button', { name: '最新の内容を読み込む' })).toBeInTheDocument();
  });
});

describe('会員詳細: ポイント', () => {
  it('shows the balance and the ledger, newest first', async () => {
    renderAdmin(PAGE, pageFake());
    const points = await screen.findByRole('region', { name: 'ポイント' });
    expect(await within(points).findByText('1,200pt')).toBeInTheDocument();
    const ledger = within(points).getByRole('table', { name: 'ポイント履歴（新しい順）' });
    expect(
      within(ledger)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((c) => c.textContent),
        ),
    ).toEqual([
      ['2026/11/29 12:00', '減算', '-300pt', '誤付与の取り消し'],
      ['2026/11/28 10:00', '獲得', '+120pt', 'ご注文によるポイント獲得（注文 RP00000007）'],
    ]);
    expect(within(ledger).getByRole('link', { name: '注文 RP00000007' })).toHaveAttribute(
      'href',
      '/admin/orders/RP00000007',
    );
  });

  it('checks the adjustment, then posts it with the balance shown', async () => {
    const user = userEvent.setup();
    const fake = pageFake();
    fake.on('POST', POINTS, () =>
      json({
        balance: 900,
        data: [pointEntry('pt-3', { kind: 'grant', kind_label: '減算', points: -300 }), ...LEDGER],
      }),
    );
    renderAdmin(PAGE, fake);
    const form = await screen.findByRole('form', { name: 'ポイントを調整' });
    const points = within(form).getByLabelText('ポイント');
    const reason = within(form).getByLabelText('理由');
    const submit = within(form).getByRole('button', { name: 'ポイントを調整する' });

    await user.click(submit);
    await waitFor(() =>
      expect(points).toHaveAccessibleDescription(expect.stringContaining('調整するポイントを入力してください。')),
    );
    expect(reason).toHaveAccessibleDescription(expect.stringContaining('理由を入力してください。'));

    await user.type(points, '0');
    await user.click(submit);
    await waitFor(() =>
      expect(points).toHaveAccessibleDescription(expect.stringContaining('0以外のポイントを入力してください。')),
    );

    await user.clear(points);
    await user.type(points, '3.5');
    await user.click(submit);
    await waitFor(() =>
      expect(points).toHaveAccessibleDescription(expect.stringContaining('ポイントは整数で入力してください')),
    );

    // More than the balance of 1,200 cannot go.
    await user.clear(points);
    await user.type(points, '-1500');
    await user.click(submit);
    await waitFor(() =>
      expect(points).toHaveAccessibleDescription(expect.stringContaining('保有ポイントを超えて減算できません。')),
    );
    expect(fake.callsTo(POINTS).filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.clear(points);
    await user.type(points, '−３００');
    await user.type(reason, ' 誤付与の取り消し ');
    await user.click(submit);

    expect(await screen.findByText('300ptを減算しました。保有ポイントは900ptです。')).toBeInTheDocument();
    expect(await bodyOf(fake, POINTS, 'POST')).toEqual({ points: -300, reason: '誤付与の取り消し', balance: 1200 });
    expect(points).toHaveValue('');
    // The ledger is read again.
    await waitFor(() => expect(fake.callsTo(POINTS).filter((call) => call.method === 'GET').length).toBeGreaterThan(1));
  });

  it('says the balance moved on a 409 `points.stale`, and reads the points again on request', async () => {
    const user = userEvent.setup();
    const moved = '保有ポイントが変わっています。最新の内容を読み込んでから、もう一度お試しください。';
    const fake = pageFake().on('POST', POINTS, () => json({ code: 'points.stale', message: moved }, { status: 409 }));
    renderAdmin(PAGE, fake);
    const form = await screen.findByRole('form', { name: 'ポイントを調整' });
    await user.type(within(form).getByLabelText('ポイント'), '500');
    await user.type(within(form).getByLabelText('理由'), 'お詫び');
    await user.click(within(form).getByRole('button', { name: 'ポイントを調整する' }));

    const alert = await within(section('ポイント')).findByRole('alert');
    expect(alert).toHaveTextContent(moved);
    const reads = fake.callsTo(POINTS).filter((call) => call.method === 'GET').length;
    await user.click(within(alert).getByRole('button', { name: '最新の内容を読み込む' }));
    expect(await within(section('ポイント')).findByText('最新の内容を読み込みました。')).toBeInTheDocument();
    expect(fake.callsTo(POINTS).filter((call) => call.method === 'GET').length).toBeGreaterThan(reads);
  });

  it('shows the server’s 422 under its field', async () => {
    const user = userEvent.setup();
    const below = '保有ポイントを超えて減算できません。';
    const fake = pageFake().on('POST', POINTS, () =>
      json(
        {
          message: '入力内容をご確認ください。',
          errors: { points: [below], reason: ['理由は200文字以内で入力してください。'] },
        },
        { status: 422 },
      ),
    );
    renderAdmin(PAGE, fake);
    const form = await screen.findByRole('form', { name: 'ポイントを調整' });
    await user.type(within(form).getByLabelText('ポイント'), '-100');
    await user.type(within(form).getByLabelText('理由'), '調整');
    await user.click(within(form).getByRole('button', { name: 'ポイントを調整する' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('ポイント')).toHaveAccessibleDescription(expect.stringContaining(below)),
    );
    expect(within(form).getByLabelText('理由')).toHaveAccessibleDescription(
      expect.stringContaining('理由は200文字以内で入力してください。'),
    );
  });
});

describe('会員詳細 by permission', () => {
  it('offers a viewer no change, and no inquiries (no `inquiries`)', async () => {
    const fake = pageFake('viewer', { locked: true, caution: true, caution_note: '要確認' });
    renderAdmin(PAGE, fake);
    const login = await screen.findByRole('region', { name: 'ログイン' });
    expect(within(login).queryByRole('button', { name: 'ロックを解除' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: '要注意の設定' })).not.toBeInTheDocument();
    expect(section('要注意')).toHaveTextContent('要注意の会員です。');
    expect(section('要注意')).toHaveTextContent('要確認');
    expect(await within(section('ポイント')).findByText('1,200pt')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'ポイントを調整' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: '最近の注文' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'お問い合わせ' })).not.toBeInTheDocument();
    expect(fake.callsTo('/v1/admin/inquiries')).toHaveLength(0);
  });

  it('lets an order clerk unlock and flag, but not adjust points', async () => {
    renderAdmin(PAGE, pageFake('order_clerk', { locked: true }));
    const login = await screen.findByRole('region', { name: 'ログイン' });
    expect(within(login).getByRole('button', { name: 'ロックを解除' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: '要注意の設定' })).toBeInTheDocument();
    expect(await within(section('ポイント')).findByText('1,200pt')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'ポイントを調整' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'お問い合わせ' })).toBeInTheDocument();
  });

  it('does not ask for the member of staff without `members_view`', async () => {
    const fake = pageFake('shipping_clerk');
    renderAdmin(PAGE, fake);
    expect(await screen.findByRole('alert')).toHaveTextContent('会員を閲覧する権限がありません。');
    expect(fake.callsTo(MEMBER)).toHaveLength(0);
  });
});
