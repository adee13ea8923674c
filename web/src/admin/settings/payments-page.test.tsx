import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-fetch';
import { renderAdmin } from '../../test/render-admin';
import {
  bankMethod,
  cardMethod,
  codMethod,
  demoMethods,
  invoiceMethod,
  ORDER_STALE,
  PAYMENT_MESSAGES,
  PAYMENT_ORDER_API,
  PAYMENTS_API,
  PAYMENTS_STALE,
  paymentApi,
  paymentsFake,
  sentMethod,
  sentOrders,
  UNREADY,
} from '../../test/settings-payments-fixtures';

// ---- the screens' words (docs/contracts/settings-payments.md) ----------------------------------

const LIST = '/admin/settings/payments';
const COD_EDITOR = '/admin/settings/payments/pm-cod';
const COD_FEES = '〜10,000円 330円 / 〜30,000円 440円 / 〜100,000円 660円 / それ以上 1,100円';
const ORDER_SAVED = '表示順を保存しました。';
const SAVED = '支払方法を保存しました。';
const SUMMARY = '入力内容を確認してください。';
const SET_BANK_ACCOUNT = '振込先口座を設定する';
const BANK_ACCOUNT = '/admin/settings/bank-account';
const BANK_EDITOR = '/admin/settings/payments/pm-bank';

type User = ReturnType<typeof userEvent.setup>;

async function methodTable(): Promise<HTMLElement> {
  return screen.findByRole('table', { name: '支払方法の一覧（ご注文手続きの表示順）' });
}

/** The list's rows (without the header row). */
function rows(table: HTMLElement): HTMLElement[] {
  return within(table).getAllByRole('row').slice(1);
}

/** The method names in the list's order. */
function shownOrder(table: HTMLElement): string[] {
  return rows(table).map((row) => within(row).getAllByRole('link')[0]?.textContent ?? '');
}

/** A row's cell under `column`. */
function cell(row: HTMLElement, column: string): HTMLElement {
  const found = row.querySelector(`td[data-label="${column}"]`);
  if (!(found instanceof HTMLElement)) throw new Error(`no ${column} cell`);
  return found;
}

function rowOf(table: HTMLElement, name: string): HTMLElement {
  const found = rows(table).find((row) => within(row).queryByRole('link', { name }));
  if (!found) throw new Error(`no row for ${name}`);
  return found;
}

async function editor(): Promise<HTMLElement> {
  return screen.findByRole('form', { name: '支払方法の編集' });
}

const box = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const upTo = (row: number) => box(`${row}段目の上限金額（円）`);
const fee = (row: number) => box(`${row}段目の手数料（円）`);
const tierTable = () => screen.getByRole('table', { name: '手数料の段' });

async function retype(user: User, field: HTMLElement, value: string) {
  await user.clear(field);
  if (value) await user.type(field, value);
}

// ---- 設定 --------------------------------------------------------------------------------------

describe('設定: 支払方法', () => {
  it('offers 支払方法 after 送料設定 with a line saying what it sets, and opens 支払方法設定', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/settings', paymentsFake());
    const list = await screen.findByRole('list', { name: '設定の一覧' });
    const labels = within(list)
      .getAllByRole('listitem')
      .map((item) => within(item).getByRole('link').textContent);
    expect(labels.indexOf('支払方法')).toBe(labels.indexOf('送料設定') + 1);
    const card = within(list)
      .getAllByRole('listitem')
      .find((item) => within(item).queryByRole('link', { name: '支払方法' }))!;
    expect(card).toHaveTextContent('お支払い方法の手数料、利用できる金額、表示順を設定します。');

    await user.click(within(card).getByRole('link', { name: '支払方法' }));
    expect(await screen.findByRole('heading', { level: 1, name: '支払方法設定' })).toBeInTheDocument();
    expect(document.title).toBe('支払方法設定 | 管理画面');
    expect(screen.getByRole('link', { name: '設定へ戻る' })).toHaveAttribute('href', '/admin/settings');
    expect(
      within(screen.getByRole('navigation', { name: '管理メニュー' })).getByRole('link', { name: '設定' }),
    ).toHaveAttribute('aria-current', 'page');
  });
});

// ---- the list ----------------------------------------------------------------------------------

describe('支払方法設定: the list', () => {
  it('shows the methods in the checkout’s order with their state, fees and totals in words', async () => {
    renderAdmin(LIST, paymentsFake());
    const table = await methodTable();
    expect(shownOrder(table)).toEqual(['クレジットカード', '代金引換', '銀行振込（前払い）', '請求書払い']);

    const cod = rowOf(table, '代金引換');
    expect(within(cod).getByRole('link', { name: '代金引換' })).toHaveAttribute('href', COD_EDITOR);
    expect(cell(cod, '状態')).toHaveTextContent('有効');
    expect(cell(cod, '会員のみ')).toHaveTextContent('いいえ');
    expect(cell(cod, '手数料')).toHaveTextContent(COD_FEES);
    expect(cell(cod, '利用できる金額')).toHaveTextContent('300,000円まで');

    const card = rowOf(table, 'クレジットカード');
    expect(cell(card, '手数料')).toHaveTextContent('無料');
    expect(cell(card, '利用できる金額')).toHaveTextContent('制限なし');
    expect(cell(card, '状態')).not.toHaveTextContent(UNREADY.card);

    // The demo shop has its account: no note, no link.
    const bank = cell(rowOf(table, '銀行振込（前払い）'), '状態');
    expect(bank).toHaveTextContent(/^無効$/);
    expect(within(bank).queryByRole('link')).not.toBeInTheDocument();
    const invoice = rowOf(table, '請求書払い');
    expect(cell(invoice, '会員のみ')).toHaveTextContent('はい');
    expect(cell(invoice, '手数料')).toHaveTextContent(/^220円$/);
    expect(cell(invoice, '利用できる金額')).toHaveTextContent('1,000円〜500,000円');

    // Every total has a method: no warning.
    expect(screen.queryByRole('region', { name: '支払方法の注意' })).not.toBeInTheDocument();
    // The ends cannot move further.
    expect(screen.getByRole('button', { name: 'クレジットカードを上へ' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'クレジットカードを下へ' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '請求書払いを下へ' })).toBeDisabled();
  });

  it('says which totals no method takes, above the list and without shouting, and why card payment is off', async () => {
    // A shop without a card gateway: card off, 代金引換 up to 300,000円, 請求書払い for members only from 1,000円.
    const fake = paymentsFake('manager', [
      cardMethod({ is_enabled: false, unready_reason: UNREADY.card }),
      codMethod(),
      bankMethod(),
      invoiceMethod({ max_total: null }),
    ]);
    renderAdmin(LIST, fake);
    const table = await methodTable();

    const warning = screen.getByRole('region', { name: '支払方法の注意' });
    expect(
      within(warning)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['ゲスト購入では、300,001円以上のご注文で使えるお支払い方法がありません。']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // Before the list.
    expect(warning.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const card = cell(rowOf(table, 'クレジットカード'), '状態');
    expect(card).toHaveTextContent('無効');
    expect(card).toHaveTextContent(UNREADY.card);
    // Card payment's note has no link (its gateway is not set on this screen).
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
    expect(cell(rowOf(table, '請求書払い'), '利用できる金額')).toHaveTextContent('1,000円から');
  });

  it('says 銀行振込 has no account, with a link to set one; enabled, it stays on but is left out of the totals', async () => {
    // A shop without an account whose 銀行振込 was on: it would take every total, but is not offered.
    renderAdmin(
      LIST,
      paymentsFake('owner', [
        cardMethod({ is_enabled: false }),
        codMethod(),
        bankMethod({ is_enabled: true, unready_reason: UNREADY.bank }),
      ]),
    );
    const table = await methodTable();

    const bank = cell(rowOf(table, '銀行振込（前払い）'), '状態');
    expect(bank).toHaveTextContent('有効');
    expect(bank).toHaveTextContent(UNREADY.bank);
    expect(within(bank).getByRole('link', { name: SET_BANK_ACCOUNT })).toHaveAttribute('href', BANK_ACCOUNT);
    expect(screen.getByRole('region', { name: '支払方法の注意' })).toHaveTextContent(
      '300,001円以上のご注文で使えるお支払い方法がありません。',
    );
  });

  it('says so when nothing can be paid at all', async () => {
    renderAdmin(
      LIST,
      paymentsFake('owner', [cardMethod({ is_enabled: false }), codMethod({ is_enabled: false }), bankMethod()]),
    );
    const warning = await screen.findByRole('region', { name: '支払方法の注意' });
    expect(warning).toHaveTextContent('使えるお支払い方法がありません。');
  });

  it('sends the whole new order with the order shown on 上へ, then shows the answer and says so', async () => {
    const user = userEvent.setup();
    const fake = paymentsFake();
    renderAdmin(LIST, fake);
    const table = await methodTable();

    await user.click(screen.getByRole('button', { name: '代金引換を上へ' }));
    expect(await screen.findByRole('status')).toHaveTextContent(ORDER_SAVED);
    expect(await sentOrders(fake)).toEqual([
      {
        ids: ['pm-cod', 'pm-card', 'pm-bank', 'pm-invoice'],
        was: ['pm-card', 'pm-cod', 'pm-bank', 'pm-invoice'],
      },
    ]);
    await waitFor(() =>
      expect(shownOrder(table)).toEqual(['代金引換', 'クレジットカード', '銀行振込（前払い）', '請求書払い']),
    );
    // At the top now: 上へ is spent, the focus is on its 下へ.
    expect(screen.getByRole('button', { name: '代金引換を上へ' })).toBeDisabled();
    await waitFor(() => expect(screen.getByRole('button', { name: '代金引換を下へ' })).toHaveFocus());

    // The next move goes with the order now shown.
    await user.click(screen.getByRole('button', { name: '銀行振込（前払い）を下へ' }));
    await waitFor(async () => expect(await sentOrders(fake)).toHaveLength(2));
    expect((await sentOrders(fake))[1]).toEqual({
      ids: ['pm-cod', 'pm-card', 'pm-invoice', 'pm-bank'],
      was: ['pm-cod', 'pm-card', 'pm-bank', 'pm-invoice'],
    });
    await waitFor(() =>
      expect(shownOrder(table)).toEqual(['代金引換', 'クレジットカード', '請求書払い', '銀行振込（前払い）']),
    );
  });

  it('shows the stale notice when the order changed elsewhere, and 最新の内容を読み込む brings that order', async () => {
    const user = userEvent.setup();
    const fake = paymentsFake();
    renderAdmin(LIST, fake);
    const table = await methodTable();

    // Reordered on another screen meanwhile.
    const [card, cod, bank, invoice] = demoMethods();
    fake.change([bank!, card!, cod!, invoice!]);
    await user.click(screen.getByRole('button', { name: '代金引換を上へ' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ORDER_STALE);
    expect(shownOrder(table)).toEqual(['クレジットカード', '代金引換', '銀行振込（前払い）', '請求書払い']);

    await user.click(within(alert).getByRole('button', { name: '最新の内容を読み込む' }));
    expect(await screen.findByText('最新の内容を読み込みました。')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(shownOrder(await methodTable())).toEqual([
      '銀行振込（前払い）',
      'クレジットカード',
      '代金引換',
      '請求書払い',
    ]);
  });

  it('shows a refused order as the server says it', async () => {
    const user = userEvent.setup();
    const fake = paymentsFake().on('PUT', PAYMENT_ORDER_API, () =>
      json(
        { message: PAYMENT_MESSAGES.orderMismatch, errors: { ids: [PAYMENT_MESSAGES.orderMismatch] } },
        { status: 422 },
      ),
    );
    renderAdmin(LIST, fake);
    await methodTable();
    await user.click(screen.getByRole('button', { name: '代金引換を下へ' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(PAYMENT_MESSAGES.orderMismatch);
    expect(within(alert).queryByRole('button')).not.toBeInTheDocument();
  });
});

// ---- the editor --------------------------------------------------------------------------------

describe('支払方法の編集: the form', () => {
  it('opens from the list with the method’s name under the h1, its fields and its tiers', async () => {
    const user = userEvent.setup();
    renderAdmin(LIST, paymentsFake());
    const table = await methodTable();
    await user.click(within(rowOf(table, '代金引換')).getByRole('link', { name: '代金引換' }));

    const form = await editor();
    expect(screen.getByRole('heading', { level: 1, name: '支払方法の編集' })).toBeInTheDocument();
    expect(screen.getByText('代金引換', { selector: 'p' })).toBeInTheDocument();
    expect(document.title).toBe('支払方法の編集 | 管理画面');
    expect(screen.getByRole('link', { name: '支払方法設定へ戻る' })).toHaveAttribute('href', LIST);

    expect(box('名称')).toHaveValue('代金引換');
    expect(box('説明')).toHaveValue('商品お届け時に配送業者へ現金でお支払いください。');
    expect(box('説明')).toHaveAccessibleDescription('ご注文手続きでお支払い方法の下に表示します。');
    expect(screen.getByRole('checkbox', { name: '有効にする' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '有効にする' })).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: '会員のみ' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: '会員のみ' })).toHaveAccessibleDescription(
      'ログインした会員だけが選べます。',
    );
    const range = within(form).getByRole('group', { name: '利用できる金額' });
    expect(range).toHaveTextContent('手数料を除いたお支払い合計（商品・送料・ラッピング）で判定します。');
    expect(within(range).getByLabelText('下限（円）')).toHaveValue('');
    expect(within(range).getByLabelText('上限（円）')).toHaveValue('300000');

    // Four rows: three bounds, the last 「それ以上」 with only its fee.
    const tiers = within(tierTable()).getAllByRole('row').slice(1);
    expect(tiers).toHaveLength(4);
    expect([upTo(1), upTo(2), upTo(3)].map((input) => input.value)).toEqual(['10000', '30000', '100000']);
    expect([fee(1), fee(2), fee(3), fee(4)].map((input) => input.value)).toEqual(['330', '440', '660', '1100']);
    expect(screen.queryByLabelText('4段目の上限金額（円）')).not.toBeInTheDocument();
    expect(tiers[3]).toHaveTextContent('それ以上');
    expect(within(tiers[3]!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(tierTable()).getAllByRole('button', { name: /^この段を削除/ })).toHaveLength(3);
    expect(fee(1)).toHaveAttribute('inputmode', 'numeric');
  });

  it('saves a raised fee (typed in full-width digits) with the version read, and the list shows it', async () => {
    const user = userEvent.setup();
    const fake = paymentsFake();
    renderAdmin(COD_EDITOR, fake);
    await editor();

    await retype(user, fee(1), '３８５');
    await retype(user, screen.getByLabelText('上限（円）'), '500,000');
    await user.click(screen.getByRole('button', { name: '保存する' }));

    expect(await screen.findByRole('status')).toHaveTextContent(SAVED);
    expect(await sentMethod(fake, 'pm-cod')).toEqual([
      {
        version: 3,
        name: '代金引換',
        description: '商品お届け時に配送業者へ現金でお支払いください。',
        is_enabled: true,
        member_only: false,
        fee_tiers: [
          { up_to: 10000, fee: 385 },
          { up_to: 30000, fee: 440 },
          { up_to: 100000, fee: 660 },
          { up_to: null, fee: 1100 },
        ],
        min_total: null,
        max_total: 500000,
      },
    ]);
    expect(fee(1)).toHaveValue('385');
    expect(screen.getByLabelText('上限（円）')).toHaveValue('500000');

    // The next save goes with the new version.
    await user.click(screen.getByRole('button', { name: '保存する' }));
    await waitFor(async () => expect(await sentMethod(fake, 'pm-cod')).toHaveLength(2));
    expect((await sentMethod(fake, 'pm-cod'))[1]).toMatchObject({ version: 4 });

    // The list shows the answer without asking again.
    await user.click(screen.getByRole('link', { name: '支払方法設定へ戻る' }));
    const table = await methodTable();
    expect(cell(rowOf(table, '代金引換'), '手数料')).toHaveTextContent(
      '〜10,000円 385円 / 〜30,000円 440円 / 〜100,000円 660円 / それ以上 1,100円',
    );
    expect(cell(rowOf(table, '代金引換'), '利用できる金額')).toHaveTextContent('500,000円まで');
  });

  it('adds a row before the last with 段を追加 and takes one away with この段を削除', async () => {
    const user = userEvent.setup();
    const fake = paymentsFake();
    renderAdmin(COD_EDITOR, fake);
    await editor();

    await user.click(screen.getByRole('button', { name: '段を追加' }));
    // The new row is the fourth, before 「それ以上」, its bound focused.
    expect(within(tierTable()).getAllByRole('row').slice(1)).toHaveLength(5);
    expect(upTo(4)).toHaveValue('');
    expect(upTo(4)).toHaveFocus();
    await user.type(upTo(4), '200000');
    await user.type(fee(4), '880');
    expect(fee(5)).toHaveValue('1100');

    // The second row goes; the one that took its place has the focus.
    await user.click(within(tierTable()).getByRole('button', { name: 'この段を削除（2段目）' }));
    expect(within(tierTable()).getAllByRole('row').slice(1)).toHaveLength(4);
    await waitFor(() => expect(upTo(2)).toHaveFocus());
    expect(upTo(2)).toHaveValue('100000');

    await user.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByRole('status')).toHaveTextContent(SAVED);
    expect((await sentMethod(fake, 'pm-cod'))[0]!.fee_tiers).toEqual([
      { up_to: 10000, fee: 330 },
      { up_to: 100000, fee: 660 },
      { up_to: 200000, fee: 880 },
      { up_to: null, fee: 1100 },
    ]);
  });

  it('stops at 10 rows', async () => {
    const user = userEvent.setup();
    renderAdmin(COD_EDITOR, paymentsFake());
    await editor();
    const add = screen.getByRole('button', { name: '段を追加' });
    for (let i = 0; i < 6; i += 1) await user.click(add);
    expect(within(tierTable()).getAllByRole('row').slice(1)).toHaveLength(10);
    expect(add).toBeDisabled();
    expect(screen.getByText(PAYMENT_MESSAGES.tiersTooMany)).toBeInTheDocument();
  });

  it('puts the server’s messages under the right row: an empty bound in the middle and a bound not above the one before', async () => {
    const user = userEvent.setup();
    const fake = paymentsFake();
    renderAdmin(COD_EDITOR, fake);
    await editor();

    // An empty bound is sent as it is, for the server to refuse.
    await retype(user, upTo(2), '');
    await retype(user, upTo(3), '5000');
    await user.click(screen.getByRole('button', { name: '保存する' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(SUMMARY);
    expect(upTo(2)).toHaveAttribute('aria-invalid', 'true');
    expect(upTo(2)).toHaveAccessibleDescription(PAYMENT_MESSAGES.upToRequired);
    expect(upTo(2)).toHaveFocus();
    expect(upTo(3)).toHaveAccessibleDescription(PAYMENT_MESSAGES.upToOrder);
    expect(upTo(1)).not.toHaveAttribute('aria-invalid');
    expect(fee(2)).not.toHaveAttribute('aria-invalid');
    // The message sits in the second row.
    const second = within(tierTable()).getAllByRole('row')[2]!;
    expect(second).toHaveTextContent(PAYMENT_MESSAGES.upToRequired);
    expect((await sentMethod(fake, 'pm-cod'))[0]!.fee_tiers[1]).toEqual({ up_to: null, fee: 440 });
    expect(screen.queryByText(SAVED)).not.toBeInTheDocument();
  });

  it('puts the other refusals under their fields, and what no field shows above 保存する', async () => {
    const user = userEvent.setup();
    const fake = paymentsFake().on('PUT', paymentApi('pm-cod'), () =>
      json(
        {
          message: PAYMENT_MESSAGES.maxBelowMin,
          errors: {
            'fee_tiers[3].up_to': [PAYMENT_MESSAGES.lastOpen],
            'fee_tiers[3].fee': [PAYMENT_MESSAGES.fee],
            is_enabled: [PAYMENT_MESSAGES.lastEnabled],
            max_total: [PAYMENT_MESSAGES.maxBelowMin],
            version: ['版番号がありません。画面を読み込み直してください。'],
          },
        },
        { status: 422 },
      ),
    );
    renderAdmin(COD_EDITOR, fake);
    await editor();
    await user.click(screen.getByRole('button', { name: '保存する' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(SUMMARY);
    expect(alert).toHaveTextContent('版番号がありません。画面を読み込み直してください。');
    // The last row has no bound box: its message is said above 保存する.
    expect(alert).toHaveTextContent(PAYMENT_MESSAGES.lastOpen);
    expect(fee(4)).toHaveAccessibleDescription(PAYMENT_MESSAGES.fee);
    expect(screen.getByLabelText('上限（円）')).toHaveAccessibleDescription(
      expect.stringContaining(PAYMENT_MESSAGES.maxBelowMin),
    );
    const enabled = screen.getByRole('checkbox', { name: '有効にする' });
    expect(enabled).toHaveAttribute('aria-invalid', 'true');
    expect(enabled).toHaveAccessibleDescription(PAYMENT_MESSAGES.lastEnabled);
    // The form's first field with a message takes the focus.
    expect(enabled).toHaveFocus();
  });

  it('says what is wrong before asking the server when a box holds no whole number or the name is empty', async () => {
    const user = userEvent.setup();
    const fake = paymentsFake();
    renderAdmin(COD_EDITOR, fake);
    await editor();

    await retype(user, box('名称'), '  ');
    await retype(user, fee(2), '440.5');
    await retype(user, screen.getByLabelText('下限（円）'), '0');
    await user.click(screen.getByRole('button', { name: '保存する' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(SUMMARY);
    expect(box('名称')).toHaveAccessibleDescription(PAYMENT_MESSAGES.nameRequired);
    expect(fee(2)).toHaveAccessibleDescription(PAYMENT_MESSAGES.fee);
    expect(screen.getByLabelText('下限（円）')).toHaveAccessibleDescription(
      expect.stringContaining(PAYMENT_MESSAGES.minTotal),
    );
    expect(await sentMethod(fake, 'pm-cod')).toEqual([]);
  });

  it('shows the stale notice on a 409, and 最新の内容を読み込む brings the method saved elsewhere', async () => {
    const user = userEvent.setup();
    const fake = paymentsFake();
    renderAdmin(COD_EDITOR, fake);
    await editor();

    fake.change(
      demoMethods().map((method) =>
        method.id === 'pm-cod'
          ? codMethod({
              version: 5,
              fee_tiers: [
                { up_to: 10000, fee: 400 },
                { up_to: null, fee: 800 },
              ],
            })
          : method,
      ),
    );
    await retype(user, fee(1), '385');
    await user.click(screen.getByRole('button', { name: '保存する' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(PAYMENTS_STALE);
    expect(fee(1)).toHaveValue('385');

    await user.click(within(alert).getByRole('button', { name: '最新の内容を読み込む' }));
    expect(await screen.findByText('最新の内容を読み込みました。')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(within(tierTable()).getAllByRole('row').slice(1)).toHaveLength(2);
    expect(fee(1)).toHaveValue('400');
    expect(fee(2)).toHaveValue('800');

    // The next save goes with the version just read.
    await user.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByText(SAVED)).toBeInTheDocument();
    expect((await sentMethod(fake, 'pm-cod')).at(-1)).toMatchObject({
      version: 5,
      fee_tiers: [
        { up_to: 10000, fee: 400 },
        { up_to: null, fee: 800 },
      ],
    });
  });
});

describe('支払方法の編集: card payment', () => {
  it('says card payment cannot take a fee instead of the tiers, and sends one open tier of 0', async () => {
    const user = userEvent.setup();
    const fake = paymentsFake();
    renderAdmin('/admin/settings/payments/pm-card', fake);
    const form = await editor();

    const fees = within(form).getByRole('group', { name: '手数料' });
    expect(fees).toHaveTextContent('クレジットカードには手数料をかけられません。');
    expect(screen.queryByRole('table', { name: '手数料の段' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '段を追加' })).not.toBeInTheDocument();
    expect(within(fees).queryByRole('textbox')).not.toBeInTheDocument();

    await retype(user, screen.getByLabelText('下限（円）'), '1000');
    await user.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByRole('status')).toHaveTextContent(SAVED);
    expect(await sentMethod(fake, 'pm-card')).toEqual([
      expect.objectContaining({ fee_tiers: [{ up_to: null, fee: 0 }], min_total: 1000, is_enabled: true }),
    ]);
  });

  it('locks 有効にする while no card gateway serves the shop, saying why, and keeps it off', async () => {
    const user = userEvent.setup();
    const fake = paymentsFake('owner', [cardMethod({ is_enabled: false, unready_reason: UNREADY.card }), codMethod()]);
    renderAdmin('/admin/settings/payments/pm-card', fake);
    await editor();

    const enabled = screen.getByRole('checkbox', { name: '有効にする' });
    expect(enabled).toBeDisabled();
    expect(enabled).not.toBeChecked();
    expect(enabled).toHaveAccessibleDescription('カード決済の接続先が未設定です。設定するまで有効にできません。');
    expect(screen.queryByRole('link', { name: SET_BANK_ACCOUNT })).not.toBeInTheDocument();

    await retype(user, box('名称'), 'カード払い');
    await user.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByRole('status')).toHaveTextContent(SAVED);
    expect((await sentMethod(fake, 'pm-card'))[0]).toMatchObject({ name: 'カード払い', is_enabled: false });
    expect(screen.getByText('カード払い', { selector: 'p' })).toBeInTheDocument();
  });
});

describe('支払方法の編集: 銀行振込 without 振込先口座', () => {
  it('locks 有効にする while there is no account and it is off, saying why, with a link to set one', async () => {
    const user = userEvent.setup();
    const fake = paymentsFake('owner', [cardMethod(), codMethod(), bankMethod({ unready_reason: UNREADY.bank })]);
    renderAdmin(BANK_EDITOR, fake);
    await editor();

    const enabled = screen.getByRole('checkbox', { name: '有効にする' });
    expect(enabled).toBeDisabled();
    expect(enabled).not.toBeChecked();
    expect(enabled).toHaveAccessibleDescription('振込先口座が未設定です。設定するまで有効にできません。');
    expect(screen.getByRole('link', { name: SET_BANK_ACCOUNT })).toHaveAttribute('href', BANK_ACCOUNT);

    // The rest can still be saved; it stays off.
    await retype(user, box('名称'), '銀行振込');
    await user.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByRole('status')).toHaveTextContent(SAVED);
    expect((await sentMethod(fake, 'pm-bank'))[0]).toMatchObject({ name: '銀行振込', is_enabled: false });
  });

  it('leaves 有効にする free while it is on, saying it is not shown at checkout, and keeps it on', async () => {
    const user = userEvent.setup();
    const fake = paymentsFake('owner', [
      cardMethod(),
      codMethod(),
      bankMethod({ is_enabled: true, unready_reason: UNREADY.bank }),
    ]);
    renderAdmin(BANK_EDITOR, fake);
    await editor();

    const enabled = screen.getByRole('checkbox', { name: '有効にする' });
    expect(enabled).toBeEnabled();
    expect(enabled).toBeChecked();
    expect(enabled).toHaveAccessibleDescription('振込先口座が未設定です。ご注文手続きには表示されません。');
    expect(screen.getByRole('link', { name: SET_BANK_ACCOUNT })).toHaveAttribute('href', BANK_ACCOUNT);

    await user.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByRole('status')).toHaveTextContent(SAVED);
    expect((await sentMethod(fake, 'pm-bank'))[0]).toMatchObject({ is_enabled: true });
  });

  it('says nothing about an account while there is one, and puts the server’s refusal under 有効にする', async () => {
    const user = userEvent.setup();
    const fake = paymentsFake();
    renderAdmin(BANK_EDITOR, fake);
    await editor();

    const enabled = screen.getByRole('checkbox', { name: '有効にする' });
    expect(enabled).toBeEnabled();
    expect(enabled).not.toHaveAccessibleDescription();
    expect(screen.queryByRole('link', { name: SET_BANK_ACCOUNT })).not.toBeInTheDocument();

    // The account was removed meanwhile: the server refuses to switch it on.
    fake.change(
      demoMethods().map((method) => (method.id === 'pm-bank' ? bankMethod({ unready_reason: UNREADY.bank }) : method)),
    );
    await user.click(enabled);
    await user.click(screen.getByRole('button', { name: '保存する' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(SUMMARY);
    expect(enabled).toHaveAttribute('aria-invalid', 'true');
    expect(enabled).toHaveAccessibleDescription(PAYMENT_MESSAGES.bankUnready);
    expect(screen.queryByText(SAVED)).not.toBeInTheDocument();
  });
});

// ---- who sees it -------------------------------------------------------------------------------

describe('支払方法設定: オーナー and 店長 only', () => {
  it('does not ask for the methods of another role, on the list or the editor', async () => {
    const fake = paymentsFake('order_clerk');
    const view = renderAdmin(LIST, fake);
    expect(await screen.findByRole('alert')).toHaveTextContent('支払方法の設定は店舗オーナーまたは店長のみ行えます。');
    expect(screen.getByRole('heading', { level: 1, name: '支払方法設定' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    view.unmount();

    renderAdmin(COD_EDITOR, fake);
    expect(await screen.findByRole('alert')).toHaveTextContent('支払方法の設定は店舗オーナーまたは店長のみ行えます。');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(fake.callsTo(PAYMENTS_API)).toHaveLength(0);
  });

  it('says so for a method that is not this shop’s', async () => {
    renderAdmin('/admin/settings/payments/pm-other', paymentsFake());
    expect(await screen.findByRole('alert')).toHaveTextContent('この支払方法は見つかりません。');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });
});
