import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-fetch';
import { createAdminFake, type Role, renderAdmin } from '../../test/render-admin';
import type { Invitation, LoginEntry, StaffMember } from './staff-types';

// ---- answers shaped like the API's -------------------------------------------------------------

function member(id: string, overrides: Partial<StaffMember> = {}): StaffMember {
  return {
    id,
    name: '山田 花子',
    email: 'hanako@example.jp',
    role: 'order_clerk',
    role_label: '受注担当',
    active: true,
    locked: false,
    last_login_at: '2026-11-28T15:30:00Z',
    created_at: '2026-11-01T00:00:00Z',
    version: 3,
    is_me: false,
    enrolment_pending: false,
    ...overrides,
  } as StaffMember;
}

/** The signed-in owner (render-admin's 店長 太郎). */
const ME = member('st-owner', {
  name: '店長 太郎',
  email: 'owner@example.jp',
  role: 'owner',
  role_label: 'オーナー',
  last_login_at: '2026-11-29T01:02:03Z',
  version: 1,
  is_me: true,
});
const HANAKO = member('st-hanako');
const ICHIRO = member('st-ichiro', {
  name: '鈴木 一郎',
  email: 'ichiro@example.jp',
  role: 'shipping_clerk',
  role_label: '出荷担当',
  active: false,
  last_login_at: null,
  version: 5,
});
const JIRO = member('st-jiro', {
  name: '高橋 次郎',
  email: 'jiro@example.jp',
  role: 'viewer',
  role_label: '閲覧のみ',
  locked: true,
  version: 7,
});

const STAFF = [ME, HANAKO, ICHIRO, JIRO];

function invitation(id: string, overrides: Partial<Invitation> = {}): Invitation {
  return {
    id,
    email: 'jiro.sato@example.jp',
    name: '佐藤 次郎',
    role: 'shipping_clerk',
    role_label: '出荷担当',
    invited_by: '店長 太郎',
    created_at: '2026-11-28T03:00:00Z',
    expires_at: '2026-12-01T03:00:00Z',
    ...overrides,
  };
}

/**
 * A signed-in back office whose role may (owner) or may not manage staff: the list answers the
 * staff, and 招待中 the invitations, as the fake's changes have left them.
 */
function deskFake(role: Role = 'owner', { invitations = [] as Invitation[] } = {}) {
  const staff = [...STAFF];
  const pending = [...invitations];
  const fake = createAdminFake(role)
    .on('GET', '/v1/admin/staff', () => json({ data: staff }))
    .on('GET', '/v1/admin/staff/invitations', () => json({ data: pending }));
  return Object.assign(fake, {
    /** The invitations as the server has them now. */
    pending,
    /**
     * `method` `path` answers the member `change` makes of them (given the version sent), and the
     * list follows.
     */
    answer(path: string, change: (version: number) => Partial<StaffMember>, method = 'POST') {
      return fake.on(method, path, async (request) => {
        const { version } = (await request.clone().json()) as { version: number };
        const id = path.split('/')[4];
        const index = staff.findIndex((item) => item.id === id);
        const changed = { ...staff[index]!, ...change(version) };
        staff[index] = changed;
        return json(changed);
      });
    },
  });
}

type DeskFake = ReturnType<typeof deskFake>;

/** The table row of the member named `name`. */
async function row(name: string): Promise<HTMLElement> {
  const table = await screen.findByRole('table', { name: 'スタッフ一覧' });
  const found = within(table)
    .getAllByRole('row')
    .find((candidate) => within(candidate).queryByText(name, { exact: true }));
  if (!found) throw new Error(`no row for ${name}`);
  return found;
}

function cell(tableRow: HTMLElement, label: string): HTMLElement {
  return tableRow.querySelector<HTMLElement>(`td[data-label="${label}"]`)!;
}

function buttons(tableRow: HTMLElement): string[] {
  return within(tableRow)
    .getAllByRole('button')
    .map((button) => button.textContent ?? '');
}

async function bodyOf(fake: DeskFake, path: string, method = 'POST'): Promise<unknown> {
  const call = fake.callsTo(path).find((candidate) => candidate.method === method);
  expect(call).toBeDefined();
  return call!.json();
}

// ---- the list ----------------------------------------------------------------------------------

describe('スタッフ管理: the list', () => {
  it('shows each member’s 権限, 状態 and 最終ログイン in Japan time, and the owner’s own row as あなた', async () => {
    renderAdmin('/admin/staff', deskFake());
    expect(await screen.findByRole('heading', { level: 1, name: 'スタッフ管理' })).toBeInTheDocument();
    expect(document.title).toBe('スタッフ管理 | 管理画面');
    expect(
      within(screen.getByRole('navigation', { name: '管理メニュー' })).getByRole('link', { name: 'スタッフ' }),
    ).toHaveAttribute('aria-current', 'page');
    // Beside スタッフを招待, the way to IPアドレス制限 (owners only, like this page).
    expect(screen.getByRole('link', { name: 'IPアドレス制限' })).toHaveAttribute('href', '/admin/staff/ip-allowlist');

    const table = await screen.findByRole('table', { name: 'スタッフ一覧' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['名前', 'メールアドレス', '権限', '状態', '最終ログイン', '操作']);
    // The server's order (owners first, then by name) is kept.
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => cell(r, '名前').textContent),
    ).toEqual(['店長 太郎あなた', '山田 花子', '鈴木 一郎', '高橋 次郎']);

    const me = await row('店長 太郎');
    expect(cell(me, '権限')).toHaveTextContent('オーナー');
    expect(cell(me, '状態')).toHaveTextContent('有効');
    // 01:02 UTC is 10:02 in Japan.
    expect(cell(me, '最終ログイン')).toHaveTextContent('2026/11/29 10:02');
    expect(buttons(me)).toEqual(['ログイン履歴']);

    const hanako = await row('山田 花子');
    expect(cell(hanako, 'メールアドレス')).toHaveTextContent('hanako@example.jp');
    expect(cell(hanako, '権限')).toHaveTextContent('受注担当');
    expect(cell(hanako, '状態')).toHaveTextContent('有効');
    // 15:30 UTC is half past midnight the next day in Japan.
    expect(cell(hanako, '最終ログイン')).toHaveTextContent('2026/11/29 00:30');
    expect(buttons(hanako)).toEqual(['無効にする', '権限を変更', '認証アプリを再設定', 'ログイン履歴']);
    expect(within(hanako).getByRole('button', { name: '山田 花子 さんのアカウントを無効にする' })).toBeInTheDocument();

    const ichiro = await row('鈴木 一郎');
    expect(cell(ichiro, '状態')).toHaveTextContent('無効');
    expect(cell(ichiro, '最終ログイン')).toHaveTextContent('なし');
    expect(buttons(ichiro)).toEqual(['有効にする', '権限を変更', '認証アプリを再設定', 'ログイン履歴']);

    const jiro = await row('高橋 次郎');
    expect(cell(jiro, '状態')).toHaveTextContent('ロック中');
    expect(buttons(jiro)).toEqual(['ロックを解除', '無効にする', '権限を変更', '認証アプリを再設定', 'ログイン履歴']);
  });

  it('offers no 無効にする on one’s own row', async () => {
    renderAdmin('/admin/staff', deskFake());
    const me = await row('店長 太郎');
    expect(within(me).getByText('あなた')).toBeInTheDocument();
    expect(within(me).queryByRole('button', { name: /無効にする/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /のアカウントを無効にする$/ })).toHaveLength(2);
  });
});

// ---- the changes -------------------------------------------------------------------------------

describe('スタッフ管理: disabling, enabling and unlocking', () => {
  it('disables a member only after the question, sending the version shown', async () => {
    const user = userEvent.setup();
    const fake = deskFake();
    fake.answer('/v1/admin/staff/st-hanako/disable', (version) => ({ active: false, version: version + 1 }));
    renderAdmin('/admin/staff', fake);

    const hanako = await row('山田 花子');
    await user.click(within(hanako).getByRole('button', { name: '山田 花子 さんのアカウントを無効にする' }));
    let dialog = screen.getByRole('dialog', { name: 'アカウントを無効にする' });
    expect(dialog).toHaveTextContent(
      '山田 花子 さんのアカウントを無効にします。ログイン中の画面もすぐに使えなくなります。',
    );
    // The safe answer has the focus.
    expect(within(dialog).getByRole('button', { name: 'やめる' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'やめる' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fake.callsTo('/v1/admin/staff/st-hanako/disable')).toHaveLength(0);

    const lists = fake.callsTo('/v1/admin/staff').length;
    await user.click(within(hanako).getByRole('button', { name: '山田 花子 さんのアカウントを無効にする' }));
    dialog = screen.getByRole('dialog', { name: 'アカウントを無効にする' });
    await user.click(within(dialog).getByRole('button', { name: '無効にする' }));

    expect(await screen.findByRole('status')).toHaveTextContent('山田 花子 さんのアカウントを無効にしました。');
    expect(await bodyOf(fake, '/v1/admin/staff/st-hanako/disable')).toEqual({ version: 3 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const now = await row('山田 花子');
    expect(cell(now, '状態')).toHaveTextContent('無効');
    expect(buttons(now)).toEqual(['有効にする', '権限を変更', '認証アプリを再設定', 'ログイン履歴']);
    await waitFor(() => expect(fake.callsTo('/v1/admin/staff').length).toBeGreaterThan(lists));
  });

  it('enables a disabled member at once and says so', async () => {
    const user = userEvent.setup();
    const fake = deskFake();
    fake.answer('/v1/admin/staff/st-ichiro/enable', (version) => ({ active: true, version: version + 1 }));
    renderAdmin('/admin/staff', fake);

    await user.click(
      within(await row('鈴木 一郎')).getByRole('button', { name: '鈴木 一郎 さんのアカウントを有効にする' }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('鈴木 一郎 さんのアカウントを有効にしました。')).toBeInTheDocument();
    expect(await bodyOf(fake, '/v1/admin/staff/st-ichiro/enable')).toEqual({ version: 5 });
    expect(cell(await row('鈴木 一郎'), '状態')).toHaveTextContent('有効');
  });

  it('unlocks a locked account through 有効にする', async () => {
    const user = userEvent.setup();
    const fake = deskFake();
    fake.answer('/v1/admin/staff/st-jiro/enable', (version) => ({ locked: false, version: version + 1 }));
    renderAdmin('/admin/staff', fake);

    await user.click(within(await row('高橋 次郎')).getByRole('button', { name: '高橋 次郎 さんのロックを解除' }));
    expect(await screen.findByRole('status')).toHaveTextContent('高橋 次郎 さんのロックを解除しました。');
    expect(await bodyOf(fake, '/v1/admin/staff/st-jiro/enable')).toEqual({ version: 7 });
    const jiro = await row('高橋 次郎');
    expect(cell(jiro, '状態')).toHaveTextContent('有効');
    expect(buttons(jiro)).toEqual(['無効にする', '権限を変更', '認証アプリを再設定', 'ログイン履歴']);
  });

  it('says the server’s message on a 409 and reads the list again on request', async () => {
    const user = userEvent.setup();
    const stale = 'このスタッフは他の画面で更新されました。画面を読み込み直してください。';
    const fake = deskFake().on('POST', '/v1/admin/staff/st-hanako/disable', () =>
      json({ code: 'staff.stale', message: stale }, { status: 409 }),
    );
    renderAdmin('/admin/staff', fake);

    await user.click(
      within(await row('山田 花子')).getByRole('button', { name: '山田 花子 さんのアカウントを無効にする' }),
    );
    await user.click(
      within(screen.getByRole('dialog', { name: 'アカウントを無効にする' })).getByRole('button', {
        name: '無効にする',
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(stale);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const lists = fake.callsTo('/v1/admin/staff').length;
    await user.click(within(alert).getByRole('button', { name: '最新の内容を読み込む' }));
    expect(await screen.findByText('最新の内容を読み込みました。')).toBeInTheDocument();
    expect(fake.callsTo('/v1/admin/staff').length).toBeGreaterThan(lists);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows any other refusal as the server says it, without the reload', async () => {
    const user = userEvent.setup();
    const fake = deskFake().on('POST', '/v1/admin/staff/st-hanako/disable', () =>
      json(
        {
          message: '自分のアカウントは無効にできません。',
          errors: { staff: ['自分のアカウントは無効にできません。'] },
        },
        {
          status: 422,
        },
      ),
    );
    renderAdmin('/admin/staff', fake);
    await user.click(
      within(await row('山田 花子')).getByRole('button', { name: '山田 花子 さんのアカウントを無効にする' }),
    );
    await user.click(
      within(screen.getByRole('dialog', { name: 'アカウントを無効にする' })).getByRole('button', {
        name: '無効にする',
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('自分のアカウントは無効にできません。');
    expect(within(alert).queryByRole('button')).not.toBeInTheDocument();
  });
});

// ---- the login history -------------------------------------------------------------------------

describe('スタッフ管理: the login history', () => {
  it('lists the member’s logins in a dialog: 時刻 in Japan time and 内容 with what failed', async () => {
    const user = userEvent.setup();
    const entries: LoginEntry[] = [
      { at: '2026-11-29T01:02:03Z', action: 'login', label: 'ログイン', detail: '' },
      { at: '2026-11-29T01:01:00Z', action: 'login_failed', label: 'ログイン失敗', detail: 'code' },
      { at: '2026-11-28T15:30:00Z', action: 'login_failed', label: 'ログイン失敗', detail: 'password (locked)' },
      { at: '2026-11-28T09:00:00Z', action: 'logout', label: 'ログアウト', detail: '' },
    ];
    const fake = deskFake().on('GET', '/v1/admin/staff/st-hanako/logins', { data: entries });
    renderAdmin('/admin/staff', fake);

    const opener = within(await row('山田 花子')).getByRole('button', { name: '山田 花子 さんのログイン履歴' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: '山田 花子 さんのログイン履歴' });
    const history = await within(dialog).findByRole('table');
    expect(
      within(history)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['時刻', '内容']);
    expect(
      within(history)
        .getAllByRole('row')
        .slice(1)
        .map((r) =>
          within(r)
            .getAllByRole('cell')
            .map((c) => c.textContent),
        ),
    ).toEqual([
      ['2026/11/29 10:02', 'ログイン'],
      ['2026/11/29 10:01', 'ログイン失敗（確認コードの誤り）'],
      ['2026/11/29 00:30', 'ログイン失敗（パスワードの誤り・アカウントをロック）'],
      ['2026/11/28 18:00', 'ログアウト'],
    ]);
    expect(fake.callsTo('/v1/admin/staff/st-hanako/logins')).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: '閉じる' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('says so when the member has never logged in', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/staff', deskFake().on('GET', '/v1/admin/staff/st-ichiro/logins', { data: [] }));
    await user.click(within(await row('鈴木 一郎')).getByRole('button', { name: '鈴木 一郎 さんのログイン履歴' }));
    const dialog = screen.getByRole('dialog', { name: '鈴木 一郎 さんのログイン履歴' });
    expect(await within(dialog).findByText('ログインの記録はまだありません。')).toBeInTheDocument();
  });
});

// ---- who sees it -------------------------------------------------------------------------------

describe('スタッフ管理: owners only', () => {
  it('leaves スタッフ out of the menu of every role but the owner', async () => {
    for (const role of ['manager', 'order_clerk', 'shipping_clerk', 'viewer'] as const) {
      const view = renderAdmin('/admin/inquiries', deskFake(role));
      const menu = await screen.findByRole('navigation', { name: '管理メニュー' });
      expect(within(menu).getByRole('link', { name: '受信箱' })).toBeInTheDocument();
      expect(within(menu).queryByRole('link', { name: 'スタッフ' })).not.toBeInTheDocument();
      view.unmount();
    }

    renderAdmin('/admin/inquiries', deskFake('owner'));
    const menu = await screen.findByRole('navigation', { name: '管理メニュー' });
    expect(within(menu).getByRole('link', { name: 'スタッフ' })).toHaveAttribute('href', '/admin/staff');
  });

  it('does not ask for the staff of a manager who types the address', async () => {
    const fake = deskFake('manager');
    renderAdmin('/admin/staff', fake);
    expect(await screen.findByRole('alert')).toHaveTextContent('スタッフを管理する権限がありません。');
    expect(screen.getByRole('heading', { level: 1, name: 'スタッフ管理' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'IPアドレス制限' })).not.toBeInTheDocument();
    expect(fake.callsTo('/v1/admin/staff')).toHaveLength(0);
  });
});

// ---- inviting ----------------------------------------------------------------------------------

/** The table of 招待中. */
async function invitationsTable(): Promise<HTMLElement> {
  const section = await screen.findByRole('region', { name: '招待中' });
  return within(section).findByRole('table', { name: '招待中のスタッフ' });
}

describe('スタッフ管理: inviting', () => {
  it('checks the fields, sends the invitation and says so, the invitation then listed under 招待中', async () => {
    const user = userEvent.setup();
    const fake = deskFake();
    fake.on('POST', '/v1/admin/staff/invitations', async (request) => {
      const body = (await request.clone().json()) as { email: string; name: string };
      const made = invitation('inv-new', { ...body, role: 'order_clerk', role_label: '受注担当' });
      fake.pending.unshift(made);
      return json(made, { status: 201 });
    });
    renderAdmin('/admin/staff', fake);
    const section = await screen.findByRole('region', { name: '招待中' });
    expect(await within(section).findByText('招待中のスタッフはいません。')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'スタッフを招待' }));
    const dialog = screen.getByRole('dialog', { name: 'スタッフを招待' });
    expect(within(dialog).getByLabelText('メールアドレス')).toHaveFocus();
    const role = within(dialog).getByLabelText('権限');
    expect(
      within(role)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['選んでください', 'オーナー', '店長', '受注担当', '出荷担当', '閲覧のみ']);

    // Nothing typed: the contract's words under each field, and nothing sent.
    await user.click(within(dialog).getByRole('button', { name: '招待メールを送る' }));
    expect(await within(dialog).findByText('メールアドレスを正しく入力してください。')).toBeInTheDocument();
    expect(within(dialog).getByText('お名前を入力してください。')).toBeInTheDocument();
    expect(within(dialog).getByText('権限を選んでください。')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('お名前'), 'あ'.repeat(51));
    await user.click(within(dialog).getByRole('button', { name: '招待メールを送る' }));
    expect(await within(dialog).findByText('お名前は50文字以内で入力してください。')).toBeInTheDocument();
    expect(fake.callsTo('/v1/admin/staff/invitations').filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('メールアドレス'), ' hanako.new@example.jp ');
    await user.clear(within(dialog).getByLabelText('お名前'));
    await user.type(within(dialog).getByLabelText('お名前'), '山田 花子');
    await user.selectOptions(role, '受注担当');
    await user.click(within(dialog).getByRole('button', { name: '招待メールを送る' }));

    expect(await screen.findByRole('status')).toHaveTextContent('山田 花子 さんに招待メールを送りました。');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await bodyOf(fake, '/v1/admin/staff/invitations')).toEqual({
      email: 'hanako.new@example.jp',
      name: '山田 花子',
      role: 'order_clerk',
    });
    const table = await invitationsTable();
    const [, first] = within(table).getAllByRole('row');
    expect(cell(first!, '名前')).toHaveTextContent('山田 花子');
    expect(cell(first!, 'メールアドレス')).toHaveTextContent('hanako.new@example.jp');
    expect(cell(first!, '権限')).toHaveTextContent('受注担当');
  });

  it('shows the server’s refusal under its field and keeps the dialog open', async () => {
    const user = userEvent.setup();
    const taken = 'このメールアドレスのスタッフはすでに登録されています。';
    const fake = deskFake().on('POST', '/v1/admin/staff/invitations', () =>
      json({ message: taken, errors: { email: [taken], role: ['権限を選んでください。'] } }, { status: 422 }),
    );
    renderAdmin('/admin/staff', fake);
    await user.click(await screen.findByRole('button', { name: 'スタッフを招待' }));
    const dialog = screen.getByRole('dialog', { name: 'スタッフを招待' });
    await user.type(within(dialog).getByLabelText('メールアドレス'), 'hanako@example.jp');
    await user.type(within(dialog).getByLabelText('お名前'), '山田 花子');
    await user.selectOptions(within(dialog).getByLabelText('権限'), '店長');
    await user.click(within(dialog).getByRole('button', { name: '招待メールを送る' }));

    const email = within(dialog).getByLabelText('メールアドレス');
    await waitFor(() => expect(email).toHaveAccessibleDescription(taken));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(within(dialog).getByLabelText('権限')).toHaveAccessibleDescription('権限を選んでください。');
    expect(screen.getByRole('dialog', { name: 'スタッフを招待' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('lists 招待中 and cancels an invitation only after the question', async () => {
    const user = userEvent.setup();
    const fake = deskFake('owner', {
      invitations: [invitation('inv-1'), invitation('inv-2', { name: '田中 三郎', email: 'saburo@example.jp' })],
    });
    fake.on('DELETE', '/v1/admin/staff/invitations/inv-1', () => {
      fake.pending.splice(0, 1);
      return new Response(null, { status: 204 });
    });
    renderAdmin('/admin/staff', fake);

    const table = await invitationsTable();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['名前', 'メールアドレス', '権限', '有効期限', '操作']);
    const [, jiro] = within(table).getAllByRole('row');
    expect(cell(jiro!, '名前')).toHaveTextContent('佐藤 次郎');
    expect(cell(jiro!, 'メールアドレス')).toHaveTextContent('jiro.sato@example.jp');
    expect(cell(jiro!, '権限')).toHaveTextContent('出荷担当');
    // 03:00 UTC is noon in Japan.
    expect(cell(jiro!, '有効期限')).toHaveTextContent('2026/12/01 12:00');

    const cancel = within(jiro!).getByRole('button', { name: '佐藤 次郎 さんへの招待を取り消す' });
    await user.click(cancel);
    let dialog = screen.getByRole('dialog', { name: '招待を取り消す' });
    expect(dialog).toHaveTextContent('佐藤 次郎 さんへの招待を取り消します。');
    expect(within(dialog).getByRole('button', { name: 'やめる' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'やめる' }));
    expect(fake.callsTo('/v1/admin/staff/invitations/inv-1')).toHaveLength(0);

    await user.click(cancel);
    dialog = screen.getByRole('dialog', { name: '招待を取り消す' });
    await user.click(within(dialog).getByRole('button', { name: '取り消す' }));
    expect(await screen.findByRole('status')).toHaveTextContent('佐藤 次郎 さんへの招待を取り消しました。');
    expect(fake.callsTo('/v1/admin/staff/invitations/inv-1')[0]!.method).toBe('DELETE');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(within(table).queryByText('佐藤 次郎')).not.toBeInTheDocument());
    expect(within(table).getByText('田中 三郎')).toBeInTheDocument();
  });

  it('says why when the invitation was used or expired meanwhile', async () => {
    const user = userEvent.setup();
    const gone = '招待が見つかりません。';
    const fake = deskFake('owner', { invitations: [invitation('inv-1')] }).on(
      'DELETE',
      '/v1/admin/staff/invitations/inv-1',
      json({ message: gone }, { status: 404 }),
    );
    renderAdmin('/admin/staff', fake);
    const table = await invitationsTable();
    await user.click(within(table).getByRole('button', { name: '佐藤 次郎 さんへの招待を取り消す' }));
    await user.click(
      within(screen.getByRole('dialog', { name: '招待を取り消す' })).getByRole('button', { name: '取り消す' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(gone);
  });
});

// ---- the role and the authenticator -------------------------------------------------------------

describe('スタッフ管理: 権限を変更 and 認証アプリを再設定', () => {
  it('changes a member’s role in a dialog, sending the version shown', async () => {
    const user = userEvent.setup();
    const fake = deskFake();
    fake.answer(
      '/v1/admin/staff/st-hanako/role',
      (version) => ({ role: 'manager', role_label: '店長', version: version + 1 }),
      'PUT',
    );
    renderAdmin('/admin/staff', fake);

    await user.click(within(await row('山田 花子')).getByRole('button', { name: '山田 花子 さんの権限を変更' }));
    const dialog = screen.getByRole('dialog', { name: '山田 花子 さんの権限を変更' });
    const select = within(dialog).getByLabelText('権限');
    expect(select).toHaveValue('order_clerk');
    expect(select).toHaveFocus();
    await user.selectOptions(select, '店長');
    await user.click(within(dialog).getByRole('button', { name: '変更する' }));

    expect(await screen.findByRole('status')).toHaveTextContent('山田 花子 さんの権限を店長に変更しました。');
    expect(await bodyOf(fake, '/v1/admin/staff/st-hanako/role', 'PUT')).toEqual({ version: 3, role: 'manager' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(cell(await row('山田 花子'), '権限')).toHaveTextContent('店長');
  });

  it('keeps the server’s 422 under the select', async () => {
    const user = userEvent.setup();
    const own = '自分の権限は変更できません。';
    const fake = deskFake().on(
      'PUT',
      '/v1/admin/staff/st-hanako/role',
      json({ message: own, errors: { role: [own] } }, { status: 422 }),
    );
    renderAdmin('/admin/staff', fake);
    await user.click(within(await row('山田 花子')).getByRole('button', { name: '山田 花子 さんの権限を変更' }));
    const dialog = screen.getByRole('dialog', { name: '山田 花子 さんの権限を変更' });
    await user.selectOptions(within(dialog).getByLabelText('権限'), '閲覧のみ');
    await user.click(within(dialog).getByRole('button', { name: '変更する' }));
    await waitFor(() => expect(within(dialog).getByLabelText('権限')).toHaveAccessibleDescription(own));
    expect(screen.getByRole('dialog', { name: '山田 花子 さんの権限を変更' })).toBeInTheDocument();
  });

  it('closes the dialog on a 409 and offers to read the list again', async () => {
    const user = userEvent.setup();
    const stale = 'このスタッフは他の画面で更新されました。画面を読み込み直してください。';
    const fake = deskFake().on('PUT', '/v1/admin/staff/st-hanako/role', () =>
      json({ code: 'staff.stale', message: stale }, { status: 409 }),
    );
    renderAdmin('/admin/staff', fake);
    await user.click(within(await row('山田 花子')).getByRole('button', { name: '山田 花子 さんの権限を変更' }));
    const dialog = screen.getByRole('dialog', { name: '山田 花子 さんの権限を変更' });
    await user.selectOptions(within(dialog).getByLabelText('権限'), '店長');
    await user.click(within(dialog).getByRole('button', { name: '変更する' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(stale);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const lists = fake.callsTo('/v1/admin/staff').length;
    await user.click(within(alert).getByRole('button', { name: '最新の内容を読み込む' }));
    expect(await screen.findByText('最新の内容を読み込みました。')).toBeInTheDocument();
    expect(fake.callsTo('/v1/admin/staff').length).toBeGreaterThan(lists);
  });

  it('resets a member’s authenticator after the question, the row then 再設定待ち', async () => {
    const user = userEvent.setup();
    const fake = deskFake();
    fake.answer('/v1/admin/staff/st-hanako/reset-authenticator', (version) => ({
      active: false,
      enrolment_pending: true,
      version: version + 1,
    }));
    renderAdmin('/admin/staff', fake);

    const reset = within(await row('山田 花子')).getByRole('button', { name: '山田 花子 さんの認証アプリを再設定' });
    await user.click(reset);
    let dialog = screen.getByRole('dialog', { name: '認証アプリを再設定' });
    expect(dialog).toHaveTextContent(
      '山田 花子 さんのアカウントを一時的に使えなくし、認証アプリの再設定メールを送ります。',
    );
    expect(within(dialog).getByRole('button', { name: 'やめる' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'やめる' }));
    expect(fake.callsTo('/v1/admin/staff/st-hanako/reset-authenticator')).toHaveLength(0);

    await user.click(reset);
    dialog = screen.getByRole('dialog', { name: '認証アプリを再設定' });
    await user.click(within(dialog).getByRole('button', { name: '再設定メールを送る' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      '山田 花子 さんに認証アプリの再設定メールを送りました。',
    );
    expect(await bodyOf(fake, '/v1/admin/staff/st-hanako/reset-authenticator')).toEqual({ version: 3 });
    const now = await row('山田 花子');
    expect(cell(now, '状態')).toHaveTextContent('再設定待ち');
    // Waiting for the person: neither 有効にする nor 無効にする, but the mail may be sent again.
    expect(buttons(now)).toEqual(['権限を変更', '認証アプリを再設定', 'ログイン履歴']);
  });

  it('shows a reset already waiting as 再設定待ち', async () => {
    const fake = createAdminFake('owner')
      .on('GET', '/v1/admin/staff', {
        data: [ME, member('st-hanako', { active: false, enrolment_pending: true })],
      })
      .on('GET', '/v1/admin/staff/invitations', { data: [] });
    renderAdmin('/admin/staff', fake);
    expect(cell(await row('山田 花子'), '状態')).toHaveTextContent('再設定待ち');
  });

  it('shows a 422 on the reset as the server says it', async () => {
    const user = userEvent.setup();
    const own = '自分のアカウントはここでは再設定できません。';
    const fake = deskFake().on(
      'POST',
      '/v1/admin/staff/st-hanako/reset-authenticator',
      json({ message: own, errors: { staff: [own] } }, { status: 422 }),
    );
    renderAdmin('/admin/staff', fake);
    await user.click(
      within(await row('山田 花子')).getByRole('button', { name: '山田 花子 さんの認証アプリを再設定' }),
    );
    await user.click(
      within(screen.getByRole('dialog', { name: '認証アプリを再設定' })).getByRole('button', {
        name: '再設定メールを送る',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(own);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
