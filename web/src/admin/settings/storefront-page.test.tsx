import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeFetch, json } from '../../test/fake-fetch';
import { createAdminFake, type Role, renderAdmin } from '../../test/render-admin';
import type { StorefrontInput, StorefrontSettings } from './storefront-types';

// ---- answers shaped like the API's -------------------------------------------------------------

const PATH = '/v1/admin/settings/storefront';
const SAVED = 'ご利用設定を保存しました。';
const STOPPED = '現在、販売を停止しています。';
const EXPIRE_MESSAGE = 'パスワードの有効期限は30日から3650日までの日数で入力してください（期限なしは空欄）。';
const LIMIT_MESSAGE = '登録できるお届け先の数は1から100までで入力してください。';

/** The demo shop's switches: selling, several addresses allowed, no expiry, 20 addresses. */
function switches(overrides: Partial<StorefrontSettings> = {}): StorefrontSettings {
  return {
    version: 9,
    allow_multiple_shipping: true,
    stop_selling_is_use: false,
    stop_selling_is_selling: true,
    no_member_use: false,
    verify_email_at_first_login: false,
    is_mfa: false,
    password_expire_days: null,
    address_limit: 20,
    ...overrides,
  };
}

/**
 * A signed-in back office: GET answers the switches as the fake's saves have left them; PUT saves
 * what it is sent (version + 1) unless `on` says otherwise.
 */
function deskFake(role: Role = 'owner', first: StorefrontSettings = switches()) {
  let current = first;
  const fake = createAdminFake(role)
    .on('GET', PATH, () => json(current))
    .on('PUT', PATH, async (request) => {
      const { version: _read, ...body } = (await request.clone().json()) as StorefrontInput;
      current = { ...current, ...(body as Omit<StorefrontSettings, 'version'>), version: current.version + 1 };
      return json(current);
    });
  return Object.assign(fake, {
    /** The switches as saved elsewhere (what the next GET answers). */
    change(next: StorefrontSettings) {
      current = next;
    },
  });
}

/** The bodies PUT sent, in order. */
async function sent(fake: FakeFetch): Promise<StorefrontInput[]> {
  const puts = fake.callsTo(PATH).filter((request) => request.method === 'PUT');
  return Promise.all(puts.map((request) => request.clone().json() as Promise<StorefrontInput>));
}

async function form(): Promise<HTMLElement> {
  return screen.findByRole('form', { name: 'ご利用設定' });
}

const box = (name: string) => screen.getByRole('checkbox', { name });
const stopInUse = () => box('一時販売停止機能を使う');
const selling = () => screen.queryByRole('checkbox', { name: '販売中' });
const addressLimit = () => screen.getByLabelText('登録できるお届け先の数');
const expireDays = () => screen.getByLabelText('パスワードの有効期限（日）');
const saveButton = () => screen.getByRole('button', { name: '保存する' });

async function retype(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, value: string) {
  await user.clear(field);
  if (value) await user.type(field, value);
}

// ---- ご利用設定: the form ----------------------------------------------------------------------

describe('ご利用設定: the form', () => {
  it('shows every switch as saved, in its section, each with what it does', async () => {
    renderAdmin('/admin/settings/storefront', deskFake());
    const shown = await form();
    expect(document.title).toBe('ご利用設定 | 管理画面');
    expect(screen.getByRole('heading', { level: 1, name: 'ご利用設定' })).toBeInTheDocument();

    const sections = within(shown).getAllByRole('group');
    expect(sections.map((section) => section.querySelector('legend')?.textContent)).toEqual([
      '販売',
      'お届け',
      '会員',
      'ログインの安全',
    ]);
    expect(stopInUse()).not.toBeChecked();
    expect(stopInUse()).toHaveAccessibleDescription('オンにすると、下の「販売中」で販売を止められます。');
    // 販売中 means nothing while the stop is not in use.
    expect(selling()).not.toBeInTheDocument();
    expect(screen.queryByText(STOPPED)).not.toBeInTheDocument();

    const delivery = within(sections[1]!);
    expect(delivery.getByRole('checkbox', { name: '複数のお届け先への配送を許可する' })).toBeChecked();
    expect(box('複数のお届け先への配送を許可する')).toHaveAccessibleDescription(
      '会員がご注文の商品を複数の住所に分けて送れます。',
    );
    expect(delivery.getByLabelText('登録できるお届け先の数')).toHaveValue('20');

    const members = within(sections[2]!);
    expect(members.getByRole('checkbox', { name: '会員限定の確認を行わない（NO_MEMBER_USE）' })).not.toBeChecked();
    expect(box('会員限定の確認を行わない（NO_MEMBER_USE）')).toHaveAccessibleDescription(
      'オンにすると、マイページなど会員向けの画面でログインを求めなくなります。通常はオフのままにしてください。',
    );
    expect(members.getByRole('checkbox', { name: '初回ログイン時にメールアドレスの確認を求める' })).not.toBeChecked();

    const login = within(sections[3]!);
    expect(
      login.getByRole('checkbox', { name: 'ログインのたびにメールで確認コードを送る（2段階認証）' }),
    ).not.toBeChecked();
    // No expiry: an empty box.
    expect(login.getByLabelText('パスワードの有効期限（日）')).toHaveValue('');
  });

  it('shows 販売中 only while the temporary stop is in use', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/settings/storefront', deskFake());
    await form();

    await user.click(stopInUse());
    expect(selling()).toBeChecked();
    expect(selling()).toHaveAccessibleDescription(
      'チェックを外すと、商品ページに「販売停止中」と表示され、ご注文を受け付けなくなります。',
    );
    await user.click(stopInUse());
    expect(selling()).not.toBeInTheDocument();
  });

  it('warns at the top while the saved switches stop selling', async () => {
    renderAdmin(
      '/admin/settings/storefront',
      deskFake('owner', switches({ stop_selling_is_use: true, stop_selling_is_selling: false })),
    );
    const shown = await form();
    const warning = screen.getByText(STOPPED);
    // Before every section.
    expect(warning.compareDocumentPosition(within(shown).getAllByRole('group')[0]!)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(stopInUse()).toBeChecked();
    expect(selling()).not.toBeChecked();
  });
});

// ---- ご利用設定: saving ------------------------------------------------------------------------

describe('ご利用設定: 保存する', () => {
  it('stops selling: sends every switch with the version read, says it is saved and warns from then on', async () => {
    const user = userEvent.setup();
    const fake = deskFake();
    renderAdmin('/admin/settings/storefront', fake);
    await form();

    await user.click(stopInUse());
    await user.click(selling()!);
    // Ticked, not saved yet: customers still buy.
    expect(screen.queryByText(STOPPED)).not.toBeInTheDocument();
    await user.click(saveButton());

    expect(await screen.findByRole('status')).toHaveTextContent(SAVED);
    expect(await sent(fake)).toEqual([
      {
        version: 9,
        allow_multiple_shipping: true,
        stop_selling_is_use: true,
        stop_selling_is_selling: false,
        no_member_use: false,
        verify_email_at_first_login: false,
        is_mfa: false,
        password_expire_days: null,
        address_limit: 20,
      },
    ]);
    expect(screen.getByText(STOPPED)).toBeInTheDocument();

    // Selling again, with the new version; the warning goes once saved.
    await user.click(selling()!);
    await user.click(saveButton());
    await waitFor(async () => expect(await sent(fake)).toHaveLength(2));
    expect((await sent(fake))[1]).toMatchObject({
      version: 10,
      stop_selling_is_use: true,
      stop_selling_is_selling: true,
    });
    await waitFor(() => expect(screen.queryByText(STOPPED)).not.toBeInTheDocument());
  });

  it('sends the numbers typed (full-width digits taken), and an empty expiry as null', async () => {
    const user = userEvent.setup();
    const fake = deskFake('owner', switches({ password_expire_days: 90 }));
    renderAdmin('/admin/settings/storefront', fake);
    await form();
    expect(expireDays()).toHaveValue('90');

    await retype(user, expireDays(), '１８０');
    await retype(user, addressLimit(), '10');
    await user.click(box('ログインのたびにメールで確認コードを送る（2段階認証）'));
    await user.click(saveButton());
    expect(await screen.findByRole('status')).toHaveTextContent(SAVED);
    expect((await sent(fake))[0]).toMatchObject({ password_expire_days: 180, address_limit: 10, is_mfa: true });
    expect(expireDays()).toHaveValue('180');

    await retype(user, expireDays(), '');
    await user.click(saveButton());
    await waitFor(async () => expect(await sent(fake)).toHaveLength(2));
    expect((await sent(fake))[1]).toMatchObject({ version: 10, password_expire_days: null });
    await waitFor(() => expect(expireDays()).toHaveValue(''));
  });

  it('puts a 422’s messages under their fields, focuses the first, with the summary', async () => {
    const user = userEvent.setup();
    const fake = deskFake().on('PUT', PATH, () =>
      json(
        {
          message: LIMIT_MESSAGE,
          errors: { address_limit: [LIMIT_MESSAGE], no_member_use: ['選択してください。'] },
        },
        { status: 422 },
      ),
    );
    renderAdmin('/admin/settings/storefront', fake);
    await form();
    await user.click(saveButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('入力内容を確認してください。');
    expect(addressLimit()).toHaveAttribute('aria-invalid', 'true');
    expect(addressLimit()).toHaveAccessibleDescription(expect.stringContaining(LIMIT_MESSAGE));
    expect(addressLimit()).toHaveFocus();
    expect(box('会員限定の確認を行わない（NO_MEMBER_USE）')).toHaveAccessibleDescription(
      expect.stringContaining('選択してください。'),
    );
    expect(screen.queryByText(SAVED)).not.toBeInTheDocument();
  });

  it('says what is wrong with a number before asking the server', async () => {
    const user = userEvent.setup();
    const fake = deskFake();
    renderAdmin('/admin/settings/storefront', fake);
    await form();

    for (const typed of ['29', '3651', '1.5', '半年']) {
      await retype(user, expireDays(), typed);
      await user.click(saveButton());
      expect(await screen.findByRole('alert')).toHaveTextContent('入力内容を確認してください。');
      expect(expireDays()).toHaveAccessibleDescription(expect.stringContaining(EXPIRE_MESSAGE));
    }
    await retype(user, expireDays(), '30');
    for (const typed of ['0', '101', '']) {
      await retype(user, addressLimit(), typed);
      await user.click(saveButton());
      expect(await screen.findByRole('alert')).toHaveTextContent('入力内容を確認してください。');
      expect(addressLimit()).toHaveAccessibleDescription(expect.stringContaining(LIMIT_MESSAGE));
    }
    expect(await sent(fake)).toEqual([]);

    // The ends of the ranges pass.
    await retype(user, addressLimit(), '100');
    await retype(user, expireDays(), '3650');
    await user.click(saveButton());
    expect(await screen.findByRole('status')).toHaveTextContent(SAVED);
    expect((await sent(fake))[0]).toMatchObject({ address_limit: 100, password_expire_days: 3650 });
  });

  it('shows the stale notice on a 409, and 最新の内容を読み込む brings the switches saved elsewhere', async () => {
    const user = userEvent.setup();
    const stale = 'この設定は他の画面で更新されました。画面を読み込み直してください。';
    const fake = deskFake();
    renderAdmin('/admin/settings/storefront', fake);
    await form();

    fake.change(switches({ version: 12, stop_selling_is_use: true, stop_selling_is_selling: false }));
    fake.on('PUT', PATH, () => json({ code: 'settings.stale', message: stale }, { status: 409 }));
    await user.click(box('複数のお届け先への配送を許可する'));
    await user.click(saveButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(stale);
    expect(screen.queryByText(STOPPED)).not.toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: '最新の内容を読み込む' }));
    expect(await screen.findByText('最新の内容を読み込みました。')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(box('複数のお届け先への配送を許可する')).toBeChecked();
    expect(screen.getByText(STOPPED)).toBeInTheDocument();
    expect(selling()).not.toBeChecked();
  });
});

// ---- who sees it -------------------------------------------------------------------------------

describe('ご利用設定: オーナー and 店長 only', () => {
  it('does not ask for the switches of another role', async () => {
    const fake = deskFake('shipping_clerk');
    renderAdmin('/admin/settings/storefront', fake);
    expect(await screen.findByRole('alert')).toHaveTextContent('ご利用設定は店舗オーナーまたは店長のみ行えます。');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(fake.callsTo(PATH)).toHaveLength(0);
  });
});
