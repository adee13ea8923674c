import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeFetch, json } from '../../test/fake-fetch';
import { createAdminFake, type Role, renderAdmin } from '../../test/render-admin';
import type { IpAllowlist, IpAllowlistInput } from './ip-allowlist-types';

// ---- answers shaped like the API's -------------------------------------------------------------

const PATH = '/v1/admin/settings/ip-allowlist';
const PAGE = '/admin/staff/ip-allowlist';
const ENTRY_MESSAGE = 'IPアドレスまたはCIDR（例：203.0.113.0/24）で入力してください。';
const LOCKED_OUT =
  'いまお使いの接続元（203.0.113.10）が含まれていないため、保存すると管理画面に入れなくなります。この接続元を加えてください。';
const STALE = 'この設定は他の画面で更新されました。画面を読み込み直してください。';

/** A shop that never set a list, seen from 203.0.113.10. */
function allowlist(overrides: Partial<IpAllowlist> = {}): IpAllowlist {
  return { version: 0, entries: [], current_ip: '203.0.113.10', ...overrides };
}

/** What the server makes of a line: trimmed, a network's host bits cleared (only /24 here). */
function normalised(line: string): string {
  const typed = line.trim();
  const network = /^(\d+\.\d+\.\d+)\.\d+\/24$/.exec(typed);
  return network ? `${network[1]}.0/24` : typed;
}

/**
 * A signed-in back office whose role may (owner) or may not limit the addresses: GET answers the
 * list as the fake's saves have left it; PUT saves what it is sent (normalised, empty lines
 * dropped, duplicates once; version + 1) unless `on` says otherwise.
 */
function deskFake(role: Role = 'owner', first: IpAllowlist = allowlist()) {
  let current = first;
  const fake = createAdminFake(role)
    .on('GET', PATH, () => json(current))
    .on('PUT', PATH, async (request) => {
      const body = (await request.clone().json()) as IpAllowlistInput;
      const entries = [...new Set(body.entries.map(normalised).filter((entry) => entry !== ''))];
      current = { ...current, version: current.version + 1, entries };
      return json(current);
    });
  return Object.assign(fake, {
    /** The list as saved elsewhere (what the next GET answers). */
    change(next: IpAllowlist) {
      current = next;
    },
  });
}

/** The bodies PUT sent, in order. */
async function sent(fake: FakeFetch): Promise<IpAllowlistInput[]> {
  const puts = fake.callsTo(PATH).filter((request) => request.method === 'PUT');
  return Promise.all(puts.map((request) => request.clone().json() as Promise<IpAllowlistInput>));
}

function refused(errors: Record<string, string[]>) {
  const message = Object.values(errors)[0]?.[0] ?? '';
  return () => json({ message, errors }, { status: 422 });
}

async function form(): Promise<HTMLElement> {
  return screen.findByRole('form', { name: 'IPアドレス制限' });
}

const entries = () => screen.getByLabelText('許可する接続元（1行に1つ）');

/** What is listed under the textarea. */
const problems = () =>
  within(screen.getByRole('form', { name: 'IPアドレス制限' }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);

async function retype(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, value: string) {
  await user.clear(field);
  // user-event reads 「{」「[」 as keys; addresses have neither.
  if (value) await user.type(field, value.replace(/\n/g, '{Enter}'));
}

// ---- スタッフ管理 → IPアドレス制限 ----------------------------------------------------------------

describe('IPアドレス制限: from スタッフ管理', () => {
  it('is linked from スタッフ管理 and stays under スタッフ in the menu', async () => {
    const user = userEvent.setup();
    const fake = deskFake().on('GET', '/v1/admin/staff', () => json({ data: [] }));
    fake.on('GET', '/v1/admin/staff/invitations', () => json({ data: [] }));
    renderAdmin('/admin/staff', fake);
    const link = await screen.findByRole('link', { name: 'IPアドレス制限' });
    expect(link).toHaveAttribute('href', PAGE);

    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'IPアドレス制限' })).toBeInTheDocument();
    expect(document.title).toBe('IPアドレス制限 | 管理画面');
    expect(
      within(screen.getByRole('navigation', { name: '管理メニュー' })).getByRole('link', { name: 'スタッフ' }),
    ).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'スタッフ管理へ戻る' })).toHaveAttribute('href', '/admin/staff');
  });
});

// ---- the form ----------------------------------------------------------------------------------

describe('IPアドレス制限: the form', () => {
  it('explains itself, shows this screen’s address, 現在: 制限なし and an empty textarea of 8 rows', async () => {
    renderAdmin(PAGE, deskFake());
    const shown = await form();
    expect(shown).toHaveTextContent(
      '登録した接続元（IPアドレス）からだけ管理画面を使えるようにします。空にすると制限しません。お店のサイトには影響しません。',
    );
    expect(shown).toHaveTextContent('いまお使いの接続元: 203.0.113.10');
    expect(screen.getByText('現在: 制限なし')).toBeInTheDocument();
    expect(entries()).toHaveValue('');
    expect(entries()).toHaveAttribute('rows', '8');
    expect(entries()).toHaveAccessibleDescription(
      '例: 203.0.113.0/24（事務所のネットワーク）、198.51.100.7（1つのアドレス）',
    );
    expect(within(shown).getByRole('button', { name: 'この接続元を追加' })).toBeEnabled();
    expect(within(shown).getByRole('button', { name: '保存する' })).toBeEnabled();
  });

  it('shows a saved list one entry a line, and how many entries it limits to', async () => {
    renderAdmin(PAGE, deskFake('owner', allowlist({ version: 3, entries: ['203.0.113.0/24', '198.51.100.7'] })));
    await form();
    expect(entries()).toHaveValue('203.0.113.0/24\n198.51.100.7');
    expect(screen.getByText('現在: 2件の接続元に制限中')).toBeInTheDocument();
  });

  it('adds this screen’s address as a line with 「この接続元を追加」', async () => {
    const user = userEvent.setup();
    renderAdmin(PAGE, deskFake());
    await form();
    const add = screen.getByRole('button', { name: 'この接続元を追加' });

    await user.click(add);
    expect(entries()).toHaveValue('203.0.113.10');

    await retype(user, entries(), '198.51.100.7');
    await user.click(add);
    expect(entries()).toHaveValue('198.51.100.7\n203.0.113.10');

    // After a trailing newline, on that empty line.
    await retype(user, entries(), '198.51.100.7\n');
    await user.click(add);
    expect(entries()).toHaveValue('198.51.100.7\n203.0.113.10');
    // Nothing is saved until 保存する.
    expect(screen.getByText('現在: 制限なし')).toBeInTheDocument();
  });
});

// ---- 保存する ----------------------------------------------------------------------------------

describe('IPアドレス制限: 保存する', () => {
  it('sends the lines as typed with the version read, says it is saved and shows the list normalised', async () => {
    const user = userEvent.setup();
    const fake = deskFake();
    renderAdmin(PAGE, fake);
    await form();

    await retype(user, entries(), ' 203.0.113.77/24\n\n198.51.100.7\n198.51.100.7');
    await user.click(screen.getByRole('button', { name: 'この接続元を追加' }));
    await user.click(screen.getByRole('button', { name: '保存する' }));

    expect(await screen.findByRole('status')).toHaveTextContent('IPアドレス制限を保存しました。');
    expect(await sent(fake)).toEqual([
      { version: 0, entries: [' 203.0.113.77/24', '', '198.51.100.7', '198.51.100.7', '203.0.113.10'] },
    ]);
    expect(entries()).toHaveValue('203.0.113.0/24\n198.51.100.7\n203.0.113.10');
    expect(screen.getByText('現在: 3件の接続元に制限中')).toBeInTheDocument();

    // Emptied and saved again, with the version the save answered: no limit.
    await retype(user, entries(), '');
    await user.click(screen.getByRole('button', { name: '保存する' }));
    await waitFor(async () => expect(await sent(fake)).toHaveLength(2));
    expect((await sent(fake))[1]).toEqual({ version: 1, entries: [''] });
    expect(await screen.findByText('現在: 制限なし')).toBeInTheDocument();
    expect(entries()).toHaveValue('');
  });

  it('lists a 422’s line messages as 「3行目: …」 under the textarea, then the list’s, with the summary above', async () => {
    const user = userEvent.setup();
    const fake = deskFake().on(
      'PUT',
      PATH,
      refused({
        'entries.2': [ENTRY_MESSAGE],
        'entries.0': [ENTRY_MESSAGE],
        entries: [LOCKED_OUT],
        version: ['版番号がありません。画面を読み込み直してください。'],
      }),
    );
    renderAdmin(PAGE, fake);
    await form();

    await retype(user, entries(), '10.0.0.0/33\n203.0.113.0/24\n300.1.2.3');
    await user.click(screen.getByRole('button', { name: '保存する' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('入力内容を確認してください。');
    expect(alert).toHaveTextContent('版番号がありません。画面を読み込み直してください。');
    expect(problems()).toEqual([`1行目: ${ENTRY_MESSAGE}`, `3行目: ${ENTRY_MESSAGE}`, LOCKED_OUT]);
    expect(entries()).toHaveAttribute('aria-invalid', 'true');
    expect(entries()).toHaveAccessibleDescription(expect.stringContaining(`3行目: ${ENTRY_MESSAGE}`));
    expect(entries()).toHaveAccessibleDescription(expect.stringContaining(LOCKED_OUT));
    expect(entries()).toHaveFocus();
    expect(await sent(fake)).toEqual([{ version: 0, entries: ['10.0.0.0/33', '203.0.113.0/24', '300.1.2.3'] }]);
    expect(screen.queryByText('IPアドレス制限を保存しました。')).not.toBeInTheDocument();
    expect(screen.getByText('現在: 制限なし')).toBeInTheDocument();
  });

  it('shows the lock-out refusal under the textarea, and 「この接続元を追加」 clears it for the next save', async () => {
    const user = userEvent.setup();
    const fake = deskFake();
    fake.on('PUT', PATH, refused({ entries: [LOCKED_OUT] }));
    renderAdmin(PAGE, fake);
    await form();

    await retype(user, entries(), '192.0.2.0/24');
    await user.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByText(LOCKED_OUT)).toBeInTheDocument();
    expect(entries()).toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('button', { name: 'この接続元を追加' }));
    expect(entries()).toHaveValue('192.0.2.0/24\n203.0.113.10');
    await waitFor(() => expect(screen.queryByText(LOCKED_OUT)).not.toBeInTheDocument());
    expect(entries()).not.toHaveAttribute('aria-invalid');
  });

  it('says which lines are no address before asking the server, and nothing for empty lines', async () => {
    const user = userEvent.setup();
    const fake = deskFake();
    renderAdmin(PAGE, fake);
    await form();

    await retype(user, entries(), '203.0.113.0/24\n\noffice\n198.51.100.7 /32');
    await user.click(screen.getByRole('button', { name: '保存する' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('入力内容を確認してください。');
    expect(problems()).toEqual([`3行目: ${ENTRY_MESSAGE}`, `4行目: ${ENTRY_MESSAGE}`]);
    expect(entries()).toHaveAttribute('aria-invalid', 'true');
    expect(await sent(fake)).toEqual([]);
  });

  it('shows the stale notice on a 409, and 最新の内容を読み込む brings the list saved elsewhere', async () => {
    const user = userEvent.setup();
    const fake = deskFake();
    renderAdmin(PAGE, fake);
    await form();

    fake.change(allowlist({ version: 4, entries: ['198.51.100.0/24', '203.0.113.10'] }));
    fake.on('PUT', PATH, () => json({ code: 'settings.stale', message: STALE }, { status: 409 }));
    await retype(user, entries(), '203.0.113.10');
    await user.click(screen.getByRole('button', { name: '保存する' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(STALE);
    expect(entries()).toHaveValue('203.0.113.10');

    await user.click(within(alert).getByRole('button', { name: '最新の内容を読み込む' }));
    expect(await screen.findByText('最新の内容を読み込みました。')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(entries()).toHaveValue('198.51.100.0/24\n203.0.113.10');
    expect(screen.getByText('現在: 2件の接続元に制限中')).toBeInTheDocument();

    // The next save goes with the version just read.
    await user.click(screen.getByRole('button', { name: '保存する' }));
    await waitFor(async () => expect(await sent(fake)).toHaveLength(2));
    expect((await sent(fake))[1]).toEqual({ version: 4, entries: ['198.51.100.0/24', '203.0.113.10'] });
  });

  it('shows any other refusal as the server says it', async () => {
    const user = userEvent.setup();
    const denied = 'この接続元（IPアドレス）からは管理画面を利用できません。お店のオーナーにご確認ください。';
    const fake = deskFake().on('PUT', PATH, () => json({ code: 'staff.ip_denied', message: denied }, { status: 403 }));
    renderAdmin(PAGE, fake);
    await form();
    await user.click(screen.getByRole('button', { name: '保存する' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(denied);
    expect(within(alert).queryByRole('button')).not.toBeInTheDocument();
    expect(entries()).not.toHaveAttribute('aria-invalid');
  });
});

// ---- who sees it -------------------------------------------------------------------------------

describe('IPアドレス制限: owners only', () => {
  it('does not ask for the list of a role without `staff_manage` that types the address', async () => {
    for (const role of ['manager', 'order_clerk', 'shipping_clerk', 'viewer'] as const) {
      const fake = deskFake(role);
      const view = renderAdmin(PAGE, fake);
      expect(await screen.findByRole('alert')).toHaveTextContent('IPアドレス制限を設定する権限がありません。');
      expect(screen.getByRole('heading', { level: 1, name: 'IPアドレス制限' })).toBeInTheDocument();
      expect(screen.queryByRole('form')).not.toBeInTheDocument();
      expect(fake.callsTo(PATH)).toHaveLength(0);
      view.unmount();
    }
  });
});
