import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-fetch';
import { renderAdmin } from '../../test/render-admin';
import {
  BANK_ACCOUNT_API,
  BANK_ACCOUNT_MESSAGES,
  BANK_ACCOUNT_STALE,
  bankAccountFake,
  demoBankAccount,
  noBankAccount,
  sentBankAccount,
} from '../../test/settings-bank-account-fixtures';

// ---- the screen's words (docs/contracts/settings-bank-account.md) ------------------------------

const PATH = '/admin/settings/bank-account';
const SAVED = '振込先口座を保存しました。';
const SUMMARY = '入力内容を確認してください。';
const NONE = '振込先口座が未設定のため、銀行振込はご注文手続きに表示されません。';
const HOLDER_HINT = '通帳の表記どおりに入力してください（例：カ）ライドパーツ）。';
const DEMO_PREVIEW = 'お振込先 ライド銀行 渋谷支店 普通 1234567 カ）ライドパーツ お支払い期限：ご注文日から7日以内';
const FORBIDDEN = '振込先口座の設定は店舗オーナーまたは店長のみ行えます。';

type User = ReturnType<typeof userEvent.setup>;

async function form(): Promise<HTMLElement> {
  return screen.findByRole('form', { name: '振込先口座' });
}

const field = {
  bank: () => screen.getByLabelText<HTMLInputElement>('銀行名'),
  branch: () => screen.getByLabelText<HTMLInputElement>('支店名'),
  types: () => screen.getByRole('group', { name: '口座種別' }),
  ordinary: () => screen.getByRole('radio', { name: '普通' }),
  current: () => screen.getByRole('radio', { name: '当座' }),
  number: () => screen.getByLabelText<HTMLInputElement>('口座番号'),
  holder: () => screen.getByLabelText<HTMLInputElement>('口座名義（カナ）'),
  dueDays: () => screen.getByLabelText<HTMLInputElement>('お支払い期限'),
};

const preview = () => screen.getByRole('region', { name: 'お客様に表示される内容' });
const saveButton = () => screen.getByRole('button', { name: '保存する' });

/** Replaces a box's text (pasted: some examples are long). */
async function retype(user: User, box: HTMLElement, value: string) {
  await user.clear(box);
  if (value) {
    await user.click(box);
    await user.paste(value);
  }
}

// ---- 設定 --------------------------------------------------------------------------------------

describe('設定: 振込先口座', () => {
  it('offers 振込先口座 after 支払方法 with a line saying what it sets, and opens it', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/settings', bankAccountFake());
    const list = await screen.findByRole('list', { name: '設定の一覧' });
    const cards = within(list).getAllByRole('listitem');
    const labels = cards.map((card) => within(card).getByRole('link').textContent);
    expect(labels.indexOf('振込先口座')).toBe(labels.indexOf('支払方法') + 1);
    const card = cards[labels.indexOf('振込先口座')]!;
    expect(card).toHaveTextContent('銀行振込でお客様がお振り込みになる口座と、お支払い期限を設定します。');

    await user.click(within(card).getByRole('link', { name: '振込先口座' }));
    expect(await screen.findByRole('heading', { level: 1, name: '振込先口座' })).toBeInTheDocument();
    expect(document.title).toBe('振込先口座 | 管理画面');
    expect(screen.getByRole('link', { name: '設定へ戻る' })).toHaveAttribute('href', '/admin/settings');
    expect(
      within(screen.getByRole('navigation', { name: '管理メニュー' })).getByRole('link', { name: '設定' }),
    ).toHaveAttribute('aria-current', 'page');
  });
});

// ---- the form ----------------------------------------------------------------------------------

describe('振込先口座: the form', () => {
  it('says it is loading, then shows the saved account and what the customer reads', async () => {
    renderAdmin(PATH, bankAccountFake());
    expect(screen.getByRole('status')).toHaveTextContent('読み込み中…');
    const shown = await form();

    expect(field.bank()).toHaveValue('ライド銀行');
    expect(field.branch()).toHaveValue('渋谷支店');
    expect(field.ordinary()).toBeChecked();
    expect(field.current()).not.toBeChecked();
    expect(field.number()).toHaveValue('1234567');
    expect(field.number()).toHaveAttribute('inputmode', 'numeric');
    expect(field.holder()).toHaveValue('カ）ライドパーツ');
    expect(field.holder()).toHaveAccessibleDescription(HOLDER_HINT);
    expect(field.dueDays()).toHaveValue('7');
    expect(field.dueDays()).toHaveAttribute('inputmode', 'numeric');
    expect(field.dueDays().parentElement).toHaveTextContent('日以内（注文日から）');

    expect(preview()).toHaveTextContent(DEMO_PREVIEW);
    // An account is saved: no warning.
    expect(screen.queryByText(NONE)).not.toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: '保存する' })).toBeEnabled();
  });

  it('shows what the customer will read as it is typed, in the widths banks print', async () => {
    const user = userEvent.setup();
    renderAdmin(PATH, bankAccountFake());
    await form();

    await retype(user, field.bank(), 'みずほ銀行');
    await user.click(field.current());
    await retype(user, field.number(), '７６５４３２１');
    await retype(user, field.holder(), 'ｶ)ﾗｲﾄﾞﾊﾟｰﾂ');
    await retype(user, field.dueDays(), '10');

    expect(preview()).toHaveTextContent(
      'お振込先 みずほ銀行 渋谷支店 当座 7654321 カ）ライドパーツ お支払い期限：ご注文日から10日以内',
    );
  });

  it('says why the account could not be read', async () => {
    const fake = bankAccountFake().on('GET', BANK_ACCOUNT_API, () =>
      json({ message: 'エラーが発生しました。時間をおいて再度お試しください。' }, { status: 500 }),
    );
    renderAdmin(PATH, fake);
    expect(await screen.findByRole('alert')).toHaveTextContent('エラーが発生しました');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });
});

// ---- no account yet ----------------------------------------------------------------------------

describe('振込先口座: a shop without one', () => {
  it('says on top that 銀行振込 is not offered, and the first save makes the note go', async () => {
    const user = userEvent.setup();
    const fake = bankAccountFake('owner', noBankAccount());
    renderAdmin(PATH, fake);
    const shown = await form();

    const note = screen.getByText(NONE);
    // Before every field.
    expect(note.compareDocumentPosition(field.bank()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(shown.contains(note)).toBe(true);
    expect(field.bank()).toHaveValue('');
    expect(field.number()).toHaveValue('');
    expect(field.holder()).toHaveValue('');
    expect(field.ordinary()).toBeChecked();
    expect(field.dueDays()).toHaveValue('7');
    expect(preview()).toHaveTextContent('お振込先 普通 お支払い期限：ご注文日から7日以内');

    await retype(user, field.bank(), 'ライド銀行');
    await retype(user, field.branch(), '渋谷支店');
    await retype(user, field.number(), '1234567');
    await retype(user, field.holder(), 'カ）ライドパーツ');
    await user.click(saveButton());

    expect(await screen.findByRole('status')).toHaveTextContent(SAVED);
    expect(await sentBankAccount(fake)).toEqual([
      {
        version: 0,
        bank_name: 'ライド銀行',
        branch_name: '渋谷支店',
        account_type: '普通',
        account_number: '1234567',
        account_holder: 'カ）ライドパーツ',
        due_days: 7,
      },
    ]);
    expect(screen.queryByText(NONE)).not.toBeInTheDocument();
  });
});

// ---- 保存する ----------------------------------------------------------------------------------

describe('振込先口座: 保存する', () => {
  it('sends the fields as typed with the version read, then shows the server’s normalised values', async () => {
    const user = userEvent.setup();
    const fake = bankAccountFake();
    renderAdmin(PATH, fake);
    await form();

    await retype(user, field.bank(), ' みずほ銀行 ');
    await user.click(field.current());
    await retype(user, field.number(), '７６５４３２１');
    await retype(user, field.holder(), 'ｶ)ﾗｲﾄﾞﾊﾟｰﾂ');
    await retype(user, field.dueDays(), '１０');
    await user.click(saveButton());

    expect(await screen.findByRole('status')).toHaveTextContent(SAVED);
    expect(await sentBankAccount(fake)).toEqual([
      {
        version: 2,
        bank_name: ' みずほ銀行 ',
        branch_name: '渋谷支店',
        account_type: '当座',
        account_number: '７６５４３２１',
        account_holder: 'ｶ)ﾗｲﾄﾞﾊﾟｰﾂ',
        due_days: 10,
      },
    ]);
    expect(field.bank()).toHaveValue('みずほ銀行');
    expect(field.number()).toHaveValue('7654321');
    expect(field.holder()).toHaveValue('カ）ライドパーツ');
    expect(field.dueDays()).toHaveValue('10');
    expect(field.current()).toBeChecked();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // The next save goes with the new version.
    await user.click(saveButton());
    await waitFor(async () => expect(await sentBankAccount(fake)).toHaveLength(2));
    expect((await sentBankAccount(fake))[1]).toMatchObject({ version: 3 });
  });

  it('puts a 422’s messages under their fields, focuses the first, and sums them up with what no field shows', async () => {
    const user = userEvent.setup();
    const m = BANK_ACCOUNT_MESSAGES;
    const fake = bankAccountFake().on('PUT', BANK_ACCOUNT_API, () =>
      json(
        {
          message: m.accountNumber,
          errors: {
            account_holder: [m.holderKana],
            account_number: [m.accountNumber],
            account_type: [m.accountType],
            due_days: [m.dueDays],
            version: [m.version],
          },
        },
        { status: 422 },
      ),
    );
    renderAdmin(PATH, fake);
    await form();
    await user.click(saveButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(SUMMARY);
    expect(alert).toHaveTextContent(m.version);
    expect(field.types()).toHaveAccessibleDescription(m.accountType);
    expect(field.types()).toHaveTextContent(m.accountType);
    expect(field.number()).toHaveAttribute('aria-invalid', 'true');
    expect(field.number()).toHaveAccessibleDescription(expect.stringContaining(m.accountNumber));
    expect(field.holder()).toHaveAccessibleDescription(expect.stringContaining(m.holderKana));
    expect(field.dueDays()).toHaveAccessibleDescription(m.dueDays);
    expect(field.bank()).not.toHaveAttribute('aria-invalid');
    // The form's first field with a message takes the focus: 口座種別's checked radio.
    expect(field.ordinary()).toHaveFocus();
    expect(screen.queryByText(SAVED)).not.toBeInTheDocument();
  });

  it('says what is wrong before asking the server, in the server’s words', async () => {
    const user = userEvent.setup();
    const m = BANK_ACCOUNT_MESSAGES;
    const fake = bankAccountFake();
    renderAdmin(PATH, fake);
    await form();

    const refusals: [() => HTMLInputElement, string, string][] = [
      [field.bank, '  ', m.bankNameRequired],
      [field.bank, '銀'.repeat(31), m.bankNameTooLong],
      [field.branch, '', m.branchNameRequired],
      [field.branch, '支'.repeat(31), m.branchNameTooLong],
      [field.number, '123456', m.accountNumber],
      [field.number, '123-4567', m.accountNumber],
      [field.holder, '', m.holderRequired],
      [field.holder, '山田太郎', m.holderKana],
      [field.holder, 'ア'.repeat(41), m.holderTooLong],
      [field.dueDays, '0', m.dueDays],
      [field.dueDays, '31', m.dueDays],
    ];
    for (const [box, typed, message] of refusals) {
      const before = box().value;
      await retype(user, box(), typed);
      await user.click(saveButton());
      expect(await screen.findByRole('alert')).toHaveTextContent(SUMMARY);
      expect(box()).toHaveAttribute('aria-invalid', 'true');
      expect(box()).toHaveAccessibleDescription(expect.stringContaining(message));
      expect(box()).toHaveFocus();
      await retype(user, box(), before);
    }
    expect(await sentBankAccount(fake)).toEqual([]);

    // What the server takes passes: 30 characters, 30 days, letters and marks in the holder.
    await retype(user, field.bank(), '銀'.repeat(30));
    await retype(user, field.holder(), 'ライド．パーツ－２・ショップ');
    await retype(user, field.dueDays(), '30');
    await user.click(saveButton());
    expect(await screen.findByRole('status')).toHaveTextContent(SAVED);
  });

  it('shows the stale notice on a 409, and 最新の内容を読み込む brings the account saved elsewhere', async () => {
    const user = userEvent.setup();
    const fake = bankAccountFake();
    renderAdmin(PATH, fake);
    await form();

    const elsewhere = demoBankAccount({ version: 5, due_days: 14 });
    fake.change(elsewhere);
    await retype(user, field.bank(), 'みずほ銀行');
    await user.click(saveButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(BANK_ACCOUNT_STALE);
    expect(field.bank()).toHaveValue('みずほ銀行');

    await user.click(within(alert).getByRole('button', { name: '最新の内容を読み込む' }));
    expect(await screen.findByText('最新の内容を読み込みました。')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(field.bank()).toHaveValue('ライド銀行');
    expect(field.dueDays()).toHaveValue('14');
    expect(preview()).toHaveTextContent('お支払い期限：ご注文日から14日以内');

    // The next save goes with the version just read.
    await user.click(saveButton());
    expect(await screen.findByText(SAVED)).toBeInTheDocument();
    expect((await sentBankAccount(fake)).at(-1)).toMatchObject({ version: 5, due_days: 14 });
  });
});

// ---- who sees it -------------------------------------------------------------------------------

describe('振込先口座: オーナー and 店長 only', () => {
  it('does not ask for the account of another role', async () => {
    const fake = bankAccountFake('order_clerk');
    renderAdmin(PATH, fake);
    expect(await screen.findByRole('alert')).toHaveTextContent(FORBIDDEN);
    expect(screen.getByRole('heading', { level: 1, name: '振込先口座' })).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(fake.callsTo(BANK_ACCOUNT_API)).toHaveLength(0);
  });

  it('lets a 店長 save', async () => {
    const user = userEvent.setup();
    renderAdmin(PATH, bankAccountFake('manager'));
    await form();
    await user.click(saveButton());
    expect(await screen.findByRole('status')).toHaveTextContent(SAVED);
  });
});
