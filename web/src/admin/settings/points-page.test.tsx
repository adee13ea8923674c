import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeFetch, json } from '../../test/fake-fetch';
import { createAdminFake, type Role, renderAdmin } from '../../test/render-admin';
import type { PointSettings, PointSettingsInput } from './points-types';

// ---- answers shaped like the API's -------------------------------------------------------------

const PATH = '/v1/admin/settings/points';
const RATE_MESSAGE = 'ポイント付与率は0から50までの整数（%）で入力してください。';

/** The demo shop's setting: 1%, saved once. */
function points(overrides: Partial<PointSettings> = {}): PointSettings {
  return { version: 1, earn_rate: 1, ...overrides };
}

/**
 * A signed-in back office whose role may (owner, manager) or may not set points: GET answers
 * the setting as the fake's saves have left it; PUT saves what it is sent (version + 1) unless
 * `on` says otherwise.
 */
function deskFake(role: Role = 'owner', first: PointSettings = points()) {
  let current = first;
  const fake = createAdminFake(role)
    .on('GET', PATH, () => json(current))
    .on('PUT', PATH, async (request) => {
      const body = (await request.clone().json()) as PointSettingsInput;
      current = { version: current.version + 1, earn_rate: body.earn_rate };
      return json(current);
    });
  return Object.assign(fake, {
    /** The setting as saved elsewhere (what the next GET answers). */
    change(next: PointSettings) {
      current = next;
    },
  });
}

/** The bodies PUT sent, in order. */
async function sent(fake: FakeFetch): Promise<PointSettingsInput[]> {
  const puts = fake.callsTo(PATH).filter((request) => request.method === 'PUT');
  return Promise.all(puts.map((request) => request.clone().json() as Promise<PointSettingsInput>));
}

async function form(): Promise<HTMLElement> {
  return screen.findByRole('form', { name: 'ポイント設定' });
}

const rate = () => screen.getByLabelText('ポイント付与率（%）');

async function retype(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, value: string) {
  await user.clear(field);
  if (value) await user.type(field, value);
}

// ---- 設定 --------------------------------------------------------------------------------------

describe('設定: the list of settings screens', () => {
  it('offers 送料設定 and ポイント設定 after the shop’s own screens, each with a line saying what it sets', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/settings', deskFake());
    const list = await screen.findByRole('list', { name: '設定の一覧' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(8);
    expect(within(cards[2]!).getByRole('link', { name: '送料設定' })).toHaveAttribute(
      'href',
      '/admin/settings/carriage',
    );
    expect(cards[6]).toHaveTextContent('ご注文で付与するポイントの率を設定します。');

    await user.click(within(cards[6]!).getByRole('link', { name: 'ポイント設定' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'ポイント設定' })).toBeInTheDocument();
    expect(document.title).toBe('ポイント設定 | 管理画面');
    // Still under 設定 in the menu.
    expect(
      within(screen.getByRole('navigation', { name: '管理メニュー' })).getByRole('link', { name: '設定' }),
    ).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: '設定へ戻る' })).toHaveAttribute('href', '/admin/settings');
  });
});

// ---- ポイント設定: the form --------------------------------------------------------------------

describe('ポイント設定: the form', () => {
  it('shows the rate in a numeric box with its hint, and the example for a 10,000-yen order', async () => {
    renderAdmin('/admin/settings/points', deskFake());
    const shown = await form();
    expect(rate()).toHaveValue('1');
    expect(rate()).toHaveAttribute('inputmode', 'numeric');
    expect(rate()).toHaveAccessibleDescription(
      '商品代金（クーポン値引き後）に対する割合です。1ポイント＝1円として使えます。0にするとポイントを使わない設定になり、お店の画面からポイントの表示が消えます。',
    );
    expect(shown).toHaveTextContent('例: 10,000円のご注文で100ポイント');
    expect(screen.queryByText('ポイントは使われていません。')).not.toBeInTheDocument();
    expect(screen.queryByText(/まだ一度も保存されていない/)).not.toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: '保存する' })).toBeEnabled();
  });

  it('works the example out as the rate is typed (full-width digits and 「%」 taken), and none for no rate', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/settings/points', deskFake());
    const shown = await form();
    await retype(user, rate(), '3');
    expect(shown).toHaveTextContent('例: 10,000円のご注文で300ポイント');
    await retype(user, rate(), '５０％');
    expect(shown).toHaveTextContent('例: 10,000円のご注文で5,000ポイント');
    await retype(user, rate(), '60');
    expect(screen.queryByText(/^例:/)).not.toBeInTheDocument();
    await retype(user, rate(), '');
    expect(screen.queryByText(/^例:/)).not.toBeInTheDocument();
  });

  it('says points are not used while the rate is 0', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/settings/points', deskFake('manager', points({ earn_rate: 0 })));
    await form();
    expect(rate()).toHaveValue('0');
    expect(screen.getByText('ポイントは使われていません。')).toBeInTheDocument();
    expect(screen.queryByText(/^例:/)).not.toBeInTheDocument();

    await retype(user, rate(), '2');
    expect(screen.queryByText('ポイントは使われていません。')).not.toBeInTheDocument();
    expect(screen.getByText('例: 10,000円のご注文で200ポイント')).toBeInTheDocument();
    await retype(user, rate(), '0');
    expect(screen.getByText('ポイントは使われていません。')).toBeInTheDocument();
  });

  it('says a shop on the built-in default has not saved yet', async () => {
    renderAdmin('/admin/settings/points', deskFake('owner', points({ version: 0 })));
    await form();
    expect(screen.getByText(/まだ一度も保存されていないため、初期設定の付与率を表示しています。/)).toBeInTheDocument();
  });
});

// ---- ポイント設定: saving ----------------------------------------------------------------------

describe('ポイント設定: 保存する', () => {
  it('sends the rate with the version read, says it is saved and sends the new version next', async () => {
    const user = userEvent.setup();
    const fake = deskFake();
    renderAdmin('/admin/settings/points', fake);
    await form();

    await retype(user, rate(), '3');
    await user.click(screen.getByRole('button', { name: '保存する' }));

    expect(await screen.findByRole('status')).toHaveTextContent('ポイント設定を保存しました。');
    expect(await sent(fake)).toEqual([{ version: 1, earn_rate: 3 }]);
    expect(rate()).toHaveValue('3');

    await retype(user, rate(), '0');
    await user.click(screen.getByRole('button', { name: '保存する' }));
    await waitFor(async () => expect(await sent(fake)).toHaveLength(2));
    expect((await sent(fake))[1]).toEqual({ version: 2, earn_rate: 0 });
    expect(screen.getByText('ポイントは使われていません。')).toBeInTheDocument();
  });

  it('puts a 422’s message under the box, with the summary and what the box does not show', async () => {
    const user = userEvent.setup();
    const fake = deskFake().on('PUT', PATH, () =>
      json(
        {
          message: RATE_MESSAGE,
          errors: {
            earn_rate: [RATE_MESSAGE],
            version: ['版番号がありません。画面を読み込み直してください。'],
          },
        },
        { status: 422 },
      ),
    );
    renderAdmin('/admin/settings/points', fake);
    await form();

    await retype(user, rate(), '5');
    await user.click(screen.getByRole('button', { name: '保存する' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('入力内容を確認してください。');
    expect(alert).toHaveTextContent('版番号がありません。画面を読み込み直してください。');
    expect(rate()).toHaveAttribute('aria-invalid', 'true');
    expect(rate()).toHaveAccessibleDescription(expect.stringContaining(RATE_MESSAGE));
    expect(rate()).toHaveFocus();
    expect(await sent(fake)).toEqual([{ version: 1, earn_rate: 5 }]);
    expect(screen.queryByText('ポイント設定を保存しました。')).not.toBeInTheDocument();
  });

  it('says what is wrong before asking the server when the rate is no whole percent from 0 to 50', async () => {
    const user = userEvent.setup();
    const fake = deskFake();
    renderAdmin('/admin/settings/points', fake);
    await form();

    for (const typed of ['60', '', '2.5', '-1']) {
      await retype(user, rate(), typed);
      await user.click(screen.getByRole('button', { name: '保存する' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('入力内容を確認してください。');
      expect(rate()).toHaveAttribute('aria-invalid', 'true');
      expect(rate()).toHaveAccessibleDescription(expect.stringContaining(RATE_MESSAGE));
    }
    expect(await sent(fake)).toEqual([]);
  });

  it('shows the stale notice on a 409, and 最新の内容を読み込む brings the rate saved elsewhere', async () => {
    const user = userEvent.setup();
    const stale = 'この設定は他の画面で更新されました。画面を読み込み直してください。';
    const fake = deskFake();
    renderAdmin('/admin/settings/points', fake);
    await form();

    fake.change(points({ version: 4, earn_rate: 5 }));
    fake.on('PUT', PATH, () => json({ code: 'settings.stale', message: stale }, { status: 409 }));
    await retype(user, rate(), '3');
    await user.click(screen.getByRole('button', { name: '保存する' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(stale);
    expect(rate()).toHaveValue('3');

    await user.click(within(alert).getByRole('button', { name: '最新の内容を読み込む' }));
    expect(await screen.findByText('最新の内容を読み込みました。')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(rate()).toHaveValue('5');
    expect(screen.getByText('例: 10,000円のご注文で500ポイント')).toBeInTheDocument();

    // The next save goes with the version just read.
    await user.click(screen.getByRole('button', { name: '保存する' }));
    await waitFor(async () => expect(await sent(fake)).toHaveLength(2));
    expect((await sent(fake))[1]).toEqual({ version: 4, earn_rate: 5 });
  });

  it('shows any other refusal as the server says it', async () => {
    const user = userEvent.setup();
    const forbidden = 'この操作は店舗オーナーまたは店長のみ行えます。';
    const fake = deskFake().on('PUT', PATH, () =>
      json({ code: 'staff.forbidden', message: forbidden }, { status: 403 }),
    );
    renderAdmin('/admin/settings/points', fake);
    await form();
    await user.click(screen.getByRole('button', { name: '保存する' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(forbidden);
    expect(within(alert).queryByRole('button')).not.toBeInTheDocument();
  });
});

// ---- who sees it -------------------------------------------------------------------------------

describe('ポイント設定: オーナー and 店長 only', () => {
  it('does not ask for the setting of another role', async () => {
    const fake = deskFake('order_clerk');
    renderAdmin('/admin/settings/points', fake);
    expect(await screen.findByRole('alert')).toHaveTextContent('ポイント設定は店舗オーナーまたは店長のみ行えます。');
    expect(screen.getByRole('heading', { level: 1, name: 'ポイント設定' })).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(fake.callsTo(PATH)).toHaveLength(0);
  });
});
