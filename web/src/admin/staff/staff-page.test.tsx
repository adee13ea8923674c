import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-fetch';
import { createAdminFake, type Role, renderAdmin } from '../../test/render-admin';
import type { LoginEntry, StaffMember } from './staff-types';

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

/**
 * A signed-in back office whose role may (owner) or may not manage staff: the list answers the
 * staff as the fake's changes have left them.
 */
function deskFake(role: Role = 'owner') {
  const staff = [...STAFF];
  const fake = createAdminFake(role).on('GET', '/v1/admin/staff', () => json({ data: staff }));
  return Object.assign(fake, {
    /** POST `path` answers the member `change` makes of them (given the version sent), and the list follows. */
    answer(path: string, change: (version: number) => Partial<StaffMember>) {
      return fake.on('POST', path, async (request) => {
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

async function bodyOf(fake: DeskFake, path: string): Promise<unknown> {
  const [call] = fake.callsTo(path);
  expect(call!.method).toBe('POST');
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
    expect(buttons(hanako)).toEqual(['無効にする', 'ログイン履歴']);
    expect(within(hanako).getByRole('button', { name: '山田 花子 さんのアカウントを無効にする' })).toBeInTheDocument();

    const ichiro = await row('鈴木 一郎');
    expect(cell(ichiro, '状態')).toHaveTextContent('無効');
    expect(cell(ichiro, '最終ログイン')).toHaveTextContent('なし');
    expect(buttons(ichiro)).toEqual(['有効にする', 'ログイン履歴']);

    const jiro = await row('高橋 次郎');
    expect(cell(jiro, '状態')).toHaveTextContent('ロック中');
    expect(buttons(jiro)).toEqual(['ロックを解除', '無効にする', 'ログイン履歴']);
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
    expect(buttons(now)).toEqual(['有効にする', 'ログイン履歴']);
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
    expect(buttons(jiro)).toEqual(['無効にする', 'ログイン履歴']);
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
    expect(fake.callsTo('/v1/admin/staff')).toHaveLength(0);
  });
});
