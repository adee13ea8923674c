import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeFetch, json } from '../../test/fake-fetch';
import { createAdminFake, type Role, renderAdmin } from '../../test/render-admin';
import { PREFECTURES } from '../orders/order-labels';
import type { CarriageInput, CarriageSettings } from './carriage-types';

// ---- answers shaped like the API's -------------------------------------------------------------

const PATH = '/v1/admin/settings/carriage';

/** The demo shop's carriage: 北海道 1,320, 沖縄県 1,650, 880 elsewhere, free from 11,000. */
function carriage(overrides: Partial<CarriageSettings> = {}, fees: Record<string, number> = {}): CarriageSettings {
  const demo: Record<string, number> = { 北海道: 1320, 沖縄県: 1650 };
  return {
    version: 3,
    prefectures: PREFECTURES.map((prefecture) => ({
      prefecture,
      fee: fees[prefecture] ?? demo[prefecture] ?? 880,
    })),
    remote_island_surcharge: 0,
    free_threshold: 11000,
    estimate_fee: 880,
    ...overrides,
  } as CarriageSettings;
}

/**
 * A signed-in back office whose role may (owner, manager) or may not set the carriage: GET
 * answers the setting as the fake's saves have left it; PUT saves what it is sent (version + 1)
 * unless `answer` says otherwise.
 */
function deskFake(role: Role = 'owner', first: CarriageSettings = carriage()) {
  let current = first;
  const fake = createAdminFake(role)
    .on('GET', PATH, () => json(current))
    .on('PUT', PATH, async (request) => {
      const body = (await request.clone().json()) as CarriageInput;
      current = {
        ...current,
        version: current.version + 1,
        prefectures: body.prefectures.map(({ prefecture, fee }) => ({ prefecture, fee: fee ?? 0 })),
        remote_island_surcharge: body.remote_island_surcharge ?? 0,
        free_threshold: body.free_threshold ?? null,
      } as CarriageSettings;
      return json(current);
    });
  return Object.assign(fake, {
    /** The setting as saved elsewhere (what the next GET answers). */
    change(next: CarriageSettings) {
      current = next;
    },
  });
}

/** The bodies PUT sent, in order. */
async function sent(fake: FakeFetch): Promise<CarriageInput[]> {
  const puts = fake.callsTo(PATH).filter((request) => request.method === 'PUT');
  return Promise.all(puts.map((request) => request.clone().json() as Promise<CarriageInput>));
}

async function form(): Promise<HTMLElement> {
  return screen.findByRole('form', { name: '送料設定' });
}

const fee = (prefecture: string) => screen.getByLabelText(prefecture);

async function retype(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, value: string) {
  await user.clear(field);
  if (value) await user.type(field, value);
}

// ---- 設定 --------------------------------------------------------------------------------------

describe('設定: the list of settings screens', () => {
  it('offers 送料設定 with a line saying what it sets', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/settings', deskFake());
    expect(await screen.findByRole('heading', { level: 1, name: '設定' })).toBeInTheDocument();
    expect(document.title).toBe('設定 | 管理画面');
    expect(
      within(screen.getByRole('navigation', { name: '管理メニュー' })).getByRole('link', { name: '設定' }),
    ).toHaveAttribute('aria-current', 'page');

    const list = screen.getByRole('list', { name: '設定の一覧' });
    const card = within(list)
      .getAllByRole('listitem')
      .find((item) => within(item).queryByRole('link', { name: '送料設定' }));
    expect(card).toHaveTextContent('都道府県ごとの送料、離島の追加送料、送料無料になる購入金額を設定します。');
    await user.click(within(card!).getByRole('link', { name: '送料設定' }));
    expect(await screen.findByRole('heading', { level: 1, name: '送料設定' })).toBeInTheDocument();
    expect(document.title).toBe('送料設定 | 管理画面');
    // Still under 設定 in the menu.
    expect(
      within(screen.getByRole('navigation', { name: '管理メニュー' })).getByRole('link', { name: '設定' }),
    ).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: '設定へ戻る' })).toHaveAttribute('href', '/admin/settings');
  });
});

// ---- 送料設定: the form ------------------------------------------------------------------------

describe('送料設定: the form', () => {
  it('shows the 47 prefectures the server sends, by region, each a numeric box labelled by its name', async () => {
    renderAdmin('/admin/settings/carriage', deskFake());
    const shown = await form();

    const section = within(shown).getByRole('group', { name: '都道府県ごとの送料（円）' });
    const regions = within(section).getAllByRole('group');
    expect(regions.map((region) => region.querySelector('legend')?.textContent)).toEqual([
      '北海道・東北',
      '関東',
      '中部',
      '近畿',
      '中国・四国',
      '九州・沖縄',
    ]);
    // Each region: its 「まとめて入力」 box, then its prefectures.
    const names = regions.flatMap((region) =>
      within(region)
        .getAllByRole('textbox')
        .slice(1)
        .map((box) => (box as HTMLInputElement).labels?.[0]?.textContent),
    );
    expect(names).toEqual([...PREFECTURES]);
    expect(names).toHaveLength(47);
    expect(
      within(screen.getByRole('group', { name: '九州・沖縄' }))
        .getAllByRole('textbox')
        .slice(1)
        .map((box) => (box as HTMLInputElement).labels?.[0]?.textContent),
    ).toEqual(['福岡県', '佐賀県', '長崎県', '熊本県', '大分県', '宮崎県', '鹿児島県', '沖縄県']);

    expect(fee('北海道')).toHaveValue('1320');
    expect(fee('東京都')).toHaveValue('880');
    expect(fee('沖縄県')).toHaveValue('1650');
    expect(fee('沖縄県')).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByLabelText('離島の追加送料（円）')).toHaveValue('0');
    expect(screen.getByLabelText('送料無料になる購入金額（円）')).toHaveValue('11000');
    expect(shown).toHaveTextContent('住所が決まる前のカートには最も多い送料（880円）を表示します。');
    expect(within(shown).getByRole('button', { name: '保存する' })).toBeEnabled();
  });

  it('shows an empty box for 送料無料 when carriage is never free, and says a shop on the defaults has not saved yet', async () => {
    renderAdmin('/admin/settings/carriage', deskFake('manager', carriage({ version: 0, free_threshold: null })));
    await form();
    expect(screen.getByLabelText('送料無料になる購入金額（円）')).toHaveValue('');
    expect(screen.getByText(/まだ一度も保存されていないため、初期設定の送料を表示しています。/)).toBeInTheDocument();
  });

  it('fills every box of a region from one amount with 「この地方をまとめて入力」', async () => {
    const user = userEvent.setup();
    const fake = deskFake();
    renderAdmin('/admin/settings/carriage', fake);
    await form();

    const kanto = screen.getByRole('group', { name: '関東' });
    await user.type(within(kanto).getByLabelText('関東にまとめて入力する送料（円）'), '９９０');
    await user.click(within(kanto).getByRole('button', { name: 'この地方をまとめて入力' }));
    for (const prefecture of ['茨城県', '栃木県', '群馬県', '埼玉県', '千葉県', '東京都', '神奈川県']) {
      expect(fee(prefecture)).toHaveValue('990');
    }
    // The other regions as they were; nothing saved yet.
    expect(fee('福島県')).toHaveValue('880');
    expect(fee('新潟県')).toHaveValue('880');
    expect(await sent(fake)).toEqual([]);

    // Enter in the amount box fills the region too, and does not save.
    const kyushu = screen.getByRole('group', { name: '九州・沖縄' });
    await user.type(within(kyushu).getByLabelText('九州・沖縄にまとめて入力する送料（円）'), '1,100{Enter}');
    expect(fee('福岡県')).toHaveValue('1100');
    expect(fee('沖縄県')).toHaveValue('1100');
    expect(await sent(fake)).toEqual([]);
  });

  it('refuses a region amount that is no fee, under its box', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/settings/carriage', deskFake());
    await form();
    const kinki = screen.getByRole('group', { name: '近畿' });
    const amount = within(kinki).getByLabelText('近畿にまとめて入力する送料（円）');
    await user.click(within(kinki).getByRole('button', { name: 'この地方をまとめて入力' }));
    expect(amount).toHaveAccessibleDescription('送料は0円から100,000円までの整数で入力してください。');
    await user.type(amount, '100001');
    await user.click(within(kinki).getByRole('button', { name: 'この地方をまとめて入力' }));
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(fee('大阪府')).toHaveValue('880');
  });
});

// ---- 送料設定: saving --------------------------------------------------------------------------

describe('送料設定: 保存する', () => {
  it('sends the whole form with the version read, says it is saved and sends the new version next', async () => {
    const user = userEvent.setup();
    const fake = deskFake();
    renderAdmin('/admin/settings/carriage', fake);
    await form();

    await retype(user, fee('沖縄県'), '2,000');
    await retype(user, screen.getByLabelText('送料無料になる購入金額（円）'), '');
    await user.click(screen.getByRole('button', { name: '保存する' }));

    expect(await screen.findByRole('status')).toHaveTextContent('送料設定を保存しました。');
    const [body] = await sent(fake);
    expect(body).toEqual({
      version: 3,
      prefectures: PREFECTURES.map((prefecture) => ({
        prefecture,
        fee: prefecture === '沖縄県' ? 2000 : prefecture === '北海道' ? 1320 : 880,
      })),
      remote_island_surcharge: 0,
      free_threshold: null,
    });
    // The form shows the setting as saved.
    expect(fee('沖縄県')).toHaveValue('2000');
    expect(screen.getByLabelText('送料無料になる購入金額（円）')).toHaveValue('');

    await retype(user, screen.getByLabelText('離島の追加送料（円）'), '500');
    await user.click(screen.getByRole('button', { name: '保存する' }));
    await waitFor(async () => expect(await sent(fake)).toHaveLength(2));
    const [, again] = await sent(fake);
    expect(again).toMatchObject({ version: 4, remote_island_surcharge: 500, free_threshold: null });
    expect(again!.prefectures[46]).toEqual({ prefecture: '沖縄県', fee: 2000 });
  });

  it('puts a 422’s messages under their boxes, with the summary and what no box shows', async () => {
    const user = userEvent.setup();
    const fake = deskFake().on('PUT', PATH, () =>
      json(
        {
          message: '送料を入力してください。',
          // Sorted by name, as the server sends them: the focus still goes to the form's first.
          errors: {
            free_threshold: ['送料無料になる金額は1円から10,000,000円までの整数で入力してください。'],
            'prefectures[46].fee': ['送料を入力してください。'],
            'prefectures[5].fee': ['送料は0円から100,000円までの整数で入力してください。'],
            version: ['版番号がありません。画面を読み込み直してください。'],
          },
        },
        { status: 422 },
      ),
    );
    renderAdmin('/admin/settings/carriage', fake);
    await form();

    // Empty stays empty: sent as null for the server to refuse.
    await retype(user, fee('沖縄県'), '');
    await user.click(screen.getByRole('button', { name: '保存する' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('入力内容を確認してください。');
    expect(alert).toHaveTextContent('版番号がありません。画面を読み込み直してください。');
    expect(fee('沖縄県')).toHaveAttribute('aria-invalid', 'true');
    expect(fee('沖縄県')).toHaveAccessibleDescription('送料を入力してください。');
    expect(fee('山形県')).toHaveAccessibleDescription('送料は0円から100,000円までの整数で入力してください。');
    expect(fee('山形県')).toHaveFocus();
    expect(screen.getByLabelText('送料無料になる購入金額（円）')).toHaveAccessibleDescription(
      /送料無料になる金額は1円から10,000,000円までの整数で入力してください。/,
    );
    expect(fee('鹿児島県')).not.toHaveAttribute('aria-invalid');
    const [body] = await sent(fake);
    expect(body!.prefectures[46]).toEqual({ prefecture: '沖縄県', fee: null });
    expect(screen.queryByText('送料設定を保存しました。')).not.toBeInTheDocument();
  });

  it('says what is wrong before asking the server when a box holds no whole number', async () => {
    const user = userEvent.setup();
    const fake = deskFake();
    renderAdmin('/admin/settings/carriage', fake);
    await form();

    await retype(user, fee('北海道'), '1320.5');
    await retype(user, screen.getByLabelText('送料無料になる購入金額（円）'), '0');
    await user.click(screen.getByRole('button', { name: '保存する' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('入力内容を確認してください。');
    expect(fee('北海道')).toHaveAccessibleDescription('送料は0円から100,000円までの整数で入力してください。');
    expect(screen.getByLabelText('送料無料になる購入金額（円）')).toHaveAccessibleDescription(
      /送料無料になる金額は1円から10,000,000円までの整数で入力してください。/,
    );
    expect(await sent(fake)).toEqual([]);
  });

  it('shows the stale notice on a 409, and 最新の内容を読み込む brings the setting saved elsewhere', async () => {
    const user = userEvent.setup();
    const stale = 'この設定は他の画面で更新されました。画面を読み込み直してください。';
    const fake = deskFake();
    renderAdmin('/admin/settings/carriage', fake);
    await form();

    fake.change(carriage({ version: 5, free_threshold: 15000 }, { 沖縄県: 1800 }));
    fake.on('PUT', PATH, () => json({ code: 'settings.stale', message: stale }, { status: 409 }));
    await retype(user, fee('沖縄県'), '2000');
    await user.click(screen.getByRole('button', { name: '保存する' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(stale);
    expect(fee('沖縄県')).toHaveValue('2000');

    await user.click(within(alert).getByRole('button', { name: '最新の内容を読み込む' }));
    expect(await screen.findByText('最新の内容を読み込みました。')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(fee('沖縄県')).toHaveValue('1800');
    expect(screen.getByLabelText('送料無料になる購入金額（円）')).toHaveValue('15000');

    // The next save goes with the version just read.
    await user.click(screen.getByRole('button', { name: '保存する' }));
    await waitFor(async () => expect(await sent(fake)).toHaveLength(2));
    expect((await sent(fake))[1]).toMatchObject({ version: 5, free_threshold: 15000 });
  });

  it('shows any other refusal as the server says it', async () => {
    const user = userEvent.setup();
    const forbidden = 'この操作は店舗オーナーまたは店長のみ行えます。';
    const fake = deskFake().on('PUT', PATH, () =>
      json({ code: 'staff.forbidden', message: forbidden }, { status: 403 }),
    );
    renderAdmin('/admin/settings/carriage', fake);
    await form();
    await user.click(screen.getByRole('button', { name: '保存する' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(forbidden);
    expect(within(alert).queryByRole('button')).not.toBeInTheDocument();
  });
});

// ---- who sees it -------------------------------------------------------------------------------

describe('設定: オーナー and 店長 only', () => {
  it('puts 設定 in the menu of an owner and a manager, and of no other role', async () => {
    for (const role of ['owner', 'manager'] as const) {
      const view = renderAdmin('/admin/inquiries', deskFake(role));
      const menu = await screen.findByRole('navigation', { name: '管理メニュー' });
      expect(within(menu).getByRole('link', { name: '設定' })).toHaveAttribute('href', '/admin/settings');
      view.unmount();
    }
    for (const role of ['order_clerk', 'shipping_clerk', 'viewer'] as const) {
      const view = renderAdmin('/admin/inquiries', deskFake(role));
      const menu = await screen.findByRole('navigation', { name: '管理メニュー' });
      expect(within(menu).getByRole('link', { name: '受信箱' })).toBeInTheDocument();
      expect(within(menu).queryByRole('link', { name: '設定' })).not.toBeInTheDocument();
      view.unmount();
    }
  });

  it('does not ask for the setting of an order clerk who types the address', async () => {
    const fake = deskFake('order_clerk');
    const view = renderAdmin('/admin/settings/carriage', fake);
    expect(await screen.findByRole('alert')).toHaveTextContent('送料設定は店舗オーナーまたは店長のみ行えます。');
    expect(screen.getByRole('heading', { level: 1, name: '送料設定' })).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(fake.callsTo(PATH)).toHaveLength(0);
    view.unmount();

    renderAdmin('/admin/settings', fake);
    expect(await screen.findByRole('alert')).toHaveTextContent('設定の変更は店舗オーナーまたは店長のみ行えます。');
    expect(screen.queryByRole('link', { name: '送料設定' })).not.toBeInTheDocument();
  });
});
