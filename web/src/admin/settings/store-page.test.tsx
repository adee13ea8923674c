import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeFetch, json } from '../../test/fake-fetch';
import { createAdminFake, type Role, renderAdmin } from '../../test/render-admin';
import type { StoreInfoInput, StoreInfoSettings } from './store-types';

// ---- answers shaped like the API's -------------------------------------------------------------

const PATH = '/v1/admin/settings/store';
const SAVED = 'ショップ情報を保存しました。';
const MESSAGES = {
  shopNameRequired: 'ショップ名を入力してください。',
  shopNameTooLong: 'ショップ名は60文字以内で入力してください。',
  address: '所在地・電話番号は120文字以内で1行で入力してください。',
  registrationNumber: '登録番号は「T」と13桁の数字で入力してください（例: T1234567890123）。',
  email: 'メールアドレスの形式で入力してください。',
};

/** The demo shop's details, saved once per key. */
function storeInfo(overrides: Partial<StoreInfoSettings> = {}): StoreInfoSettings {
  return {
    version: 4,
    shop_name: 'デモショップ',
    company_address: '東京都千代田区千代田1-1 TEL 03-0000-0000',
    invoice_registration_number: 'T1234567890123',
    contact_email: 'shop@example.jp',
    ...overrides,
  };
}

/** The server's normalisation as the contract words it (written apart from the screen's own). */
function normalised(body: StoreInfoInput): Omit<StoreInfoSettings, 'version'> {
  const number = (body.invoice_registration_number ?? '').normalize('NFKC').replace(/[\s\-‐−ー]/g, '');
  return {
    shop_name: (body.shop_name ?? '').trim(),
    company_address: (body.company_address ?? '').trim(),
    invoice_registration_number: number.replace(/^t/, 'T'),
    contact_email: (body.contact_email ?? '').trim(),
  };
}

/**
 * A signed-in back office: GET answers the details as the fake's saves have left them; PUT saves
 * what it is sent, normalised (version + 1), unless `on` says otherwise.
 */
function deskFake(role: Role = 'owner', first: StoreInfoSettings = storeInfo()) {
  let current = first;
  const fake = createAdminFake(role)
    .on('GET', PATH, () => json(current))
    .on('PUT', PATH, async (request) => {
      const body = (await request.clone().json()) as StoreInfoInput;
      current = { version: current.version + 1, ...normalised(body) };
      return json(current);
    });
  return Object.assign(fake, {
    /** The details as saved elsewhere (what the next GET answers). */
    change(next: StoreInfoSettings) {
      current = next;
    },
  });
}

/** The bodies PUT sent, in order. */
async function sent(fake: FakeFetch): Promise<StoreInfoInput[]> {
  const puts = fake.callsTo(PATH).filter((request) => request.method === 'PUT');
  return Promise.all(puts.map((request) => request.clone().json() as Promise<StoreInfoInput>));
}

async function form(): Promise<HTMLElement> {
  return screen.findByRole('form', { name: 'ショップ情報' });
}

const field = {
  shopName: () => screen.getByLabelText<HTMLInputElement>('ショップ名'),
  address: () => screen.getByLabelText<HTMLInputElement>('所在地・電話番号'),
  registration: () => screen.getByLabelText<HTMLInputElement>('インボイス登録番号'),
  email: () => screen.getByLabelText<HTMLInputElement>('お問い合わせ受付メールアドレス'),
};

/** Replaces a box's text (pasted: some examples are long). */
async function retype(user: ReturnType<typeof userEvent.setup>, box: HTMLElement, value: string) {
  await user.clear(box);
  if (value) {
    await user.click(box);
    await user.paste(value);
  }
}

const saveButton = () => screen.getByRole('button', { name: '保存する' });

// ---- 設定 --------------------------------------------------------------------------------------

describe('設定: the shop’s own screens come first', () => {
  it('offers ショップ情報 and ご利用設定 before the others, each with a line saying what it sets', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/settings', deskFake());
    const list = await screen.findByRole('list', { name: '設定の一覧' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('link').textContent)).toEqual([
      'ショップ情報',
      'ご利用設定',
      '送料設定',
      '支払方法',
      '振込先口座',
      '営業日カレンダー',
      'ポイント設定',
      'メンテナンスモード',
    ]);
    expect(cards[0]).toHaveTextContent('ショップ名、所在地、インボイス登録番号、お問い合わせの受付先を設定します。');
    expect(cards[1]).toHaveTextContent('販売の一時停止、複数お届け先、会員機能、ログインの安全設定を切り替えます。');
    expect(within(cards[1]!).getByRole('link', { name: 'ご利用設定' })).toHaveAttribute(
      'href',
      '/admin/settings/storefront',
    );

    await user.click(within(cards[0]!).getByRole('link', { name: 'ショップ情報' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'ショップ情報' })).toBeInTheDocument();
    expect(document.title).toBe('ショップ情報 | 管理画面');
    expect(
      within(screen.getByRole('navigation', { name: '管理メニュー' })).getByRole('link', { name: '設定' }),
    ).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: '設定へ戻る' })).toHaveAttribute('href', '/admin/settings');
  });
});

// ---- ショップ情報: the form --------------------------------------------------------------------

describe('ショップ情報: the form', () => {
  it('says it is loading, then shows the saved details, each field with what it is used for', async () => {
    renderAdmin('/admin/settings/store', deskFake());
    expect(screen.getByRole('status')).toHaveTextContent('読み込み中…');
    const shown = await form();

    expect(field.shopName()).toHaveValue('デモショップ');
    expect(field.shopName()).toHaveAccessibleDescription('お店の画面、メール、領収書に表示されます。');
    expect(field.address()).toHaveValue('東京都千代田区千代田1-1 TEL 03-0000-0000');
    expect(field.address()).toHaveAccessibleDescription(
      '領収書・御見積書の発行元として、ショップ名の下に印字されます。',
    );
    expect(field.registration()).toHaveValue('T1234567890123');
    expect(field.registration()).toHaveAttribute('placeholder', 'T1234567890123');
    expect(field.registration()).toHaveAccessibleDescription(
      '適格請求書発行事業者の登録番号です。領収書に「登録番号」として印字されます。未登録の場合は空欄にしてください。',
    );
    expect(field.email()).toHaveValue('shop@example.jp');
    expect(field.email()).toHaveAccessibleDescription(
      'お問い合わせと新規注文の通知が届きます。空欄の場合は送信元アドレスに届きます。',
    );
    expect(within(shown).getByRole('button', { name: '保存する' })).toBeEnabled();
  });

  it('says why the details could not be read', async () => {
    const fake = deskFake().on('GET', PATH, () =>
      json({ message: 'エラーが発生しました。時間をおいて再度お試しください。' }, { status: 500 }),
    );
    renderAdmin('/admin/settings/store', fake);
    expect(await screen.findByRole('alert')).toHaveTextContent('エラーが発生しました');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });
});

// ---- ショップ情報: saving ----------------------------------------------------------------------

describe('ショップ情報: 保存する', () => {
  it('sends the fields as typed with the version read, then shows the server’s normalised values', async () => {
    const user = userEvent.setup();
    const fake = deskFake();
    renderAdmin('/admin/settings/store', fake);
    await form();

    await retype(user, field.shopName(), '  ライドショップ ');
    await retype(user, field.registration(), 'Ｔ９８７６-５４３２-１０９８７');
    await user.click(saveButton());

    expect(await screen.findByRole('status')).toHaveTextContent(SAVED);
    expect(await sent(fake)).toEqual([
      {
        version: 4,
        shop_name: '  ライドショップ ',
        company_address: '東京都千代田区千代田1-1 TEL 03-0000-0000',
        invoice_registration_number: 'Ｔ９８７６-５４３２-１０９８７',
        contact_email: 'shop@example.jp',
      },
    ]);
    expect(field.registration()).toHaveValue('T9876543210987');
    expect(field.shopName()).toHaveValue('ライドショップ');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // The next save goes with the new version; an emptied number and address are none.
    await retype(user, field.registration(), '');
    await retype(user, field.email(), '');
    await user.click(saveButton());
    await waitFor(async () => expect(await sent(fake)).toHaveLength(2));
    expect((await sent(fake))[1]).toMatchObject({ version: 5, invoice_registration_number: '', contact_email: '' });
    await waitFor(() => expect(field.registration()).toHaveValue(''));
  });

  it('puts a 422’s messages under their fields, focuses the first, and sums them up with what no field shows', async () => {
    const user = userEvent.setup();
    const fake = deskFake().on('PUT', PATH, () =>
      json(
        {
          message: MESSAGES.registrationNumber,
          errors: {
            contact_email: [MESSAGES.email],
            invoice_registration_number: [MESSAGES.registrationNumber],
            version: ['版番号がありません。画面を読み込み直してください。'],
          },
        },
        { status: 422 },
      ),
    );
    renderAdmin('/admin/settings/store', fake);
    await form();
    await user.click(saveButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('入力内容を確認してください。');
    expect(alert).toHaveTextContent('版番号がありません。画面を読み込み直してください。');
    expect(field.registration()).toHaveAttribute('aria-invalid', 'true');
    expect(field.registration()).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.registrationNumber));
    expect(field.registration()).toHaveFocus();
    expect(field.email()).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.email));
    expect(field.shopName()).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(SAVED)).not.toBeInTheDocument();
  });

  it('says what is wrong before asking the server, in the server’s words', async () => {
    const user = userEvent.setup();
    const fake = deskFake();
    renderAdmin('/admin/settings/store', fake);
    await form();

    const refusals: [() => HTMLInputElement, string, string][] = [
      [field.shopName, '   ', MESSAGES.shopNameRequired],
      [field.shopName, 'あ'.repeat(61), MESSAGES.shopNameTooLong],
      [field.address, 'あ'.repeat(121), MESSAGES.address],
      [field.registration, 'T123456789012', MESSAGES.registrationNumber],
      [field.registration, '1234567890123', MESSAGES.registrationNumber],
      [field.email, 'shop@example', MESSAGES.email],
    ];
    for (const [box, typed, message] of refusals) {
      const before = box().value;
      await retype(user, box(), typed);
      await user.click(saveButton());
      expect(await screen.findByRole('alert')).toHaveTextContent('入力内容を確認してください。');
      expect(box()).toHaveAttribute('aria-invalid', 'true');
      expect(box()).toHaveAccessibleDescription(expect.stringContaining(message));
      await retype(user, box(), before);
    }
    expect(await sent(fake)).toEqual([]);

    // What the server takes passes: 60 characters, a lower-case t with spaces, no address at all.
    await retype(user, field.shopName(), 'あ'.repeat(60));
    await retype(user, field.registration(), 't 1234 5678 90123');
    await retype(user, field.address(), '');
    await user.click(saveButton());
    expect(await screen.findByRole('status')).toHaveTextContent(SAVED);
    expect(field.registration()).toHaveValue('T1234567890123');
  });

  it('shows the stale notice on a 409, and 最新の内容を読み込む brings the details saved elsewhere', async () => {
    const user = userEvent.setup();
    const stale = 'この設定は他の画面で更新されました。画面を読み込み直してください。';
    const fake = deskFake();
    renderAdmin('/admin/settings/store', fake);
    await form();

    fake.change(storeInfo({ version: 6, shop_name: '別の画面で変えた名前' }));
    fake.on('PUT', PATH, () => json({ code: 'settings.stale', message: stale }, { status: 409 }));
    await retype(user, field.shopName(), 'ライドショップ');
    await user.click(saveButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(stale);
    expect(field.shopName()).toHaveValue('ライドショップ');

    await user.click(within(alert).getByRole('button', { name: '最新の内容を読み込む' }));
    expect(await screen.findByText('最新の内容を読み込みました。')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(field.shopName()).toHaveValue('別の画面で変えた名前');
  });
});

// ---- who sees it -------------------------------------------------------------------------------

describe('ショップ情報: オーナー and 店長 only', () => {
  it('does not ask for the details of another role', async () => {
    const fake = deskFake('viewer');
    renderAdmin('/admin/settings/store', fake);
    expect(await screen.findByRole('alert')).toHaveTextContent('ショップ情報は店舗オーナーまたは店長のみ行えます。');
    expect(screen.getByRole('heading', { level: 1, name: 'ショップ情報' })).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(fake.callsTo(PATH)).toHaveLength(0);
  });

  it('lets a 店長 save', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/settings/store', deskFake('manager'));
    await form();
    await user.click(saveButton());
    expect(await screen.findByRole('status')).toHaveTextContent(SAVED);
  });
});
