import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-fetch';
import {
  CODE_TAKEN,
  COUPONS_PATH,
  COUPONS_STALE,
  COUPONS_USED,
  couponDesk,
  couponDeskFake,
  couponList,
} from '../../test/coupon-desk-fixtures';
import { createAdminFake, renderAdmin } from '../../test/render-admin';

// ---- helpers ------------------------------------------------------------------------------------

const NEW = '/admin/content/coupons/new';
const EDITOR = '/admin/content/coupons/cp-1';
const ITEM = `${COUPONS_PATH}/cp-1`;

type User = ReturnType<typeof userEvent.setup>;

const form = (name: 'クーポンの作成' | 'クーポンの編集') => screen.findByRole('form', { name });
const field = (label: string) => screen.getByLabelText(label, { selector: 'input, textarea, select' });
const radio = (name: string) => screen.getByRole('radio', { name });
const saveButton = () => screen.getByRole('button', { name: '保存する' });
const preview = () => screen.getByRole('region', { name: 'プレビュー' });
const previewCard = () => within(preview()).getByRole('article');

/** A datetime-local box's value, as the browser's picker sets it. */
const setDateTime = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

async function retype(user: User, element: HTMLElement, value: string) {
  await user.clear(element);
  if (value) await user.type(element, value);
}

// ---- a new coupon -------------------------------------------------------------------------------

describe('クーポンの作成', () => {
  it('asks for the code, name, 値引き, 条件, 期間, 対象, the counts and クーポン一覧に表示する, with sensible defaults', async () => {
    renderAdmin(NEW, couponDeskFake());
    await form('クーポンの作成');
    expect(screen.getByRole('heading', { level: 1, name: 'クーポンの作成' })).toBeInTheDocument();
    expect(document.title).toBe('クーポンの作成 | 管理画面');
    expect(screen.getByRole('link', { name: 'クーポン一覧へ戻る' })).toHaveAttribute('href', '/admin/content/coupons');

    expect(field('コード')).toHaveValue('');
    expect(field('コード')).toHaveAccessibleDescription(
      '半角英数字とハイフン・アンダーバーで32文字以内。小文字は大文字にして保存します。',
    );
    expect(field('説明').tagName).toBe('TEXTAREA');
    expect(screen.getByRole('group', { name: '値引きの種類' })).toBeInTheDocument();
    expect(radio('金額（円）')).toBeChecked();
    expect(field('値引き額')).toHaveValue('');
    expect(field('利用条件（商品合計）')).toHaveValue('');
    expect(field('開始日時')).toHaveAttribute('type', 'datetime-local');
    expect(field('終了日時')).toHaveValue('');
    expect(
      within(screen.getByRole('group', { name: '対象' }))
        .getAllByRole('radio')
        .map((choice) => choice.closest('label')?.textContent),
    ).toEqual(['すべてのお客様', '会員のみ', '取得した会員のみ']);
    expect(radio('すべてのお客様')).toBeChecked();
    expect(field('1人あたりの利用回数')).toHaveValue('1');
    expect(field('利用上限')).toHaveValue('');
    expect(field('利用上限')).toHaveAccessibleDescription(expect.stringContaining('空欄なら上限なし'));
    expect(screen.getByRole('checkbox', { name: 'クーポン一覧に表示する' })).toBeChecked();
    expect(screen.queryByRole('button', { name: '削除する' })).not.toBeInTheDocument();
  });

  it('switches the value’s box to 値引き率 (%) with 率, and draws the storefront’s card from what is typed', async () => {
    const user = userEvent.setup();
    renderAdmin(NEW, couponDeskFake());
    await form('クーポンの作成');
    // Nothing typed yet: neither 値引き nor the code.
    expect(within(previewCard()).getAllByText('—')).toHaveLength(2);

    await user.type(field('コード'), 'winter-10');
    await user.type(field('クーポン名'), '冬の10%OFF');
    await user.type(field('説明'), '冬のセール期間に使えます。');
    await user.click(radio('率（%）'));
    expect(screen.queryByLabelText('値引き額')).not.toBeInTheDocument();
    await user.type(field('値引き率'), '10');
    await user.type(field('利用条件（商品合計）'), '5,000');
    setDateTime(field('開始日時'), '2026-12-01T00:00');
    setDateTime(field('終了日時'), '2027-01-01T00:00');

    const card = previewCard();
    expect(within(card).getByRole('heading', { level: 3, name: '冬の10%OFF' })).toBeInTheDocument();
    expect(within(card).getByText('10%OFF')).toBeInTheDocument();
    expect(within(card).getByText('冬のセール期間に使えます。')).toBeInTheDocument();
    // The code as it will be saved, the condition and the period as the storefront writes them.
    expect(within(card).getByText('WINTER-10')).toBeInTheDocument();
    expect(within(card).getByText('¥5,000以上のご購入')).toBeInTheDocument();
    expect(within(card).getByText('2026.12.01〜2027.01.01')).toBeInTheDocument();
    expect(
      within(card).getByText('取得は不要です。カートでクーポンコードを入力してご利用ください。'),
    ).toBeInTheDocument();
    expect(within(card).queryByText('会員限定')).not.toBeInTheDocument();

    await user.click(radio('取得した会員のみ'));
    expect(within(card).getByText('会員限定')).toBeInTheDocument();
    expect(within(card).getByText('クーポンを取得する')).toBeInTheDocument();

    // An amount reads as the server says it: grouped by thousands, 円引き.
    await user.click(radio('金額（円）'));
    await retype(user, field('値引き額'), '1500');
    expect(within(card).getByText('1,500円引き')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'クーポン一覧に表示する' }));
    expect(within(preview()).getByText(/お客様の一覧には表示されません/)).toBeInTheDocument();
  });

  it('sends the coupon as typed, 対象 as member_only and requires_take, and opens its editor saying so', async () => {
    const user = userEvent.setup();
    const fake = couponDeskFake();
    const { router } = renderAdmin(NEW, fake);
    await form('クーポンの作成');

    await user.type(field('コード'), ' xmas-10 ');
    await user.type(field('クーポン名'), '冬の10%OFF');
    await user.click(radio('率（%）'));
    await user.type(field('値引き率'), '10');
    await user.type(field('利用条件（商品合計）'), '5,000');
    setDateTime(field('開始日時'), '2026-12-01T00:00');
    setDateTime(field('終了日時'), '2027-01-01T00:00');
    await user.click(radio('会員のみ'));
    await user.type(field('利用上限'), '100');
    await user.click(saveButton());

    expect(await screen.findByRole('heading', { level: 1, name: 'クーポンの編集' })).toBeInTheDocument();
    expect(await screen.findByText('クーポンを作成しました。')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/content/coupons/cp-10');
    expect(await fake.created()).toEqual([
      {
        code: 'xmas-10',
        name: '冬の10%OFF',
        description: '',
        discount_kind: 'percent',
        discount_value: 10,
        minimum_amount: 5000,
        starts_at: '2026-12-01T00:00',
        ends_at: '2027-01-01T00:00',
        is_public: true,
        member_only: true,
        requires_take: false,
        uses_per_member: 1,
        max_uses: 100,
      },
    ]);
    // The coupon as saved: the code upper-case, its state and uses.
    expect(field('コード')).toHaveValue('XMAS-10');
    expect(radio('会員のみ')).toBeChecked();
    expect(screen.getByText('利用中')).toBeInTheDocument();
    expect(screen.getByText('0 / 100回')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '削除する' })).toBeEnabled();
  });

  it('sends no condition as 0, no period and no limit as null, and 取得した会員のみ as both flags', async () => {
    const user = userEvent.setup();
    const fake = couponDeskFake();
    renderAdmin(NEW, fake);
    await form('クーポンの作成');
    await user.type(field('コード'), 'TAKE500');
    await user.type(field('クーポン名'), '取得して500円引き');
    await user.type(field('値引き額'), '５００');
    await user.click(radio('取得した会員のみ'));
    await retype(user, field('1人あたりの利用回数'), '3');
    await user.click(saveButton());

    expect(await screen.findByText('クーポンを作成しました。')).toBeInTheDocument();
    const [sent] = await fake.created();
    expect(sent).toMatchObject({
      discount_kind: 'amount',
      discount_value: 500,
      minimum_amount: 0,
      starts_at: null,
      ends_at: null,
      member_only: true,
      requires_take: true,
      uses_per_member: 3,
      max_uses: null,
    });
  });

  it('says what is wrong before asking the server, in the server’s words', async () => {
    const user = userEvent.setup();
    const fake = couponDeskFake();
    renderAdmin(NEW, fake);
    await form('クーポンの作成');

    await user.type(field('コード'), 'WINTER 10');
    await user.click(radio('率（%）'));
    await user.type(field('値引き率'), '150');
    await user.type(field('利用条件（商品合計）'), '-1');
    setDateTime(field('開始日時'), '2027-01-01T00:00');
    setDateTime(field('終了日時'), '2026-12-01T00:00');
    await retype(user, field('1人あたりの利用回数'), '0');
    await user.type(field('利用上限'), '0');
    await user.click(saveButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('入力内容を確認してください。');
    expect(field('コード')).toHaveAccessibleDescription(
      expect.stringContaining('クーポンコードは半角英数字とハイフン・アンダーバーで32文字以内で入力してください。'),
    );
    expect(field('コード')).toHaveFocus();
    expect(field('クーポン名')).toHaveAccessibleDescription(expect.stringContaining('クーポン名を入力してください。'));
    expect(field('値引き率')).toHaveAccessibleDescription('値引き率は1%から100%までの整数で入力してください。');
    expect(field('利用条件（商品合計）')).toHaveAccessibleDescription(
      expect.stringContaining('利用条件の金額は0円から10,000,000円までの整数で入力してください。'),
    );
    expect(field('終了日時')).toHaveAccessibleDescription(
      expect.stringContaining('終了日時は開始日時より後にしてください。'),
    );
    expect(field('1人あたりの利用回数')).toHaveAccessibleDescription(
      expect.stringContaining('1人あたりの利用回数は1回から100回までで入力してください。'),
    );
    expect(field('利用上限')).toHaveAccessibleDescription(
      expect.stringContaining('利用上限は1回から1,000,000回までで入力してください。'),
    );
    expect(await fake.created()).toEqual([]);

    // An amount has its own range and words.
    await user.click(radio('金額（円）'));
    await retype(user, field('値引き額'), '0');
    await user.click(saveButton());
    await waitFor(() =>
      expect(field('値引き額')).toHaveAccessibleDescription(
        '値引き額は1円から1,000,000円までの整数で入力してください。',
      ),
    );
  });

  it('shows the server’s 422 under コード when the code is the shop’s already (in any case)', async () => {
    const user = userEvent.setup();
    const fake = couponDeskFake();
    renderAdmin(NEW, fake);
    await form('クーポンの作成');
    await user.type(field('コード'), 'welcome500');
    await user.type(field('クーポン名'), 'もう一つの500円引き');
    await user.type(field('値引き額'), '500');
    await user.click(saveButton());

    await waitFor(() => expect(field('コード')).toHaveAccessibleDescription(expect.stringContaining(CODE_TAKEN)));
    expect(field('コード')).toHaveAttribute('aria-invalid', 'true');
    expect(field('コード')).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('入力内容を確認してください。');
    expect(screen.getByRole('heading', { level: 1, name: 'クーポンの作成' })).toBeInTheDocument();
    expect(fake.items()).toHaveLength(couponList().length);
  });
});

// ---- a coupon -----------------------------------------------------------------------------------

describe('クーポンの編集', () => {
  it('shows the coupon: its state, 利用 of its limit, the fields in Japan time, and no 削除 once orders used it', async () => {
    renderAdmin(EDITOR, couponDeskFake());
    await form('クーポンの編集');
    expect(document.title).toBe('クーポンの編集 | 管理画面');
    expect(screen.getByText('利用中')).toBeInTheDocument();
    expect(screen.getByText('12 / 100回')).toBeInTheDocument();

    expect(field('コード')).toHaveValue('WELCOME500');
    expect(field('クーポン名')).toHaveValue('はじめてのお買い物 500円引き');
    expect(radio('金額（円）')).toBeChecked();
    expect(field('値引き額')).toHaveValue('500');
    expect(field('利用条件（商品合計）')).toHaveValue('3000');
    // 2026-10-31T15:00:00Z in Japan time.
    expect(field('開始日時')).toHaveValue('2026-11-01T00:00');
    expect(field('終了日時')).toHaveValue('');
    expect(radio('すべてのお客様')).toBeChecked();
    expect(field('利用上限')).toHaveValue('100');

    // The preview says the server's own label.
    expect(within(previewCard()).getByText('500円引き')).toBeInTheDocument();
    expect(within(previewCard()).getByText('¥3,000以上のご購入')).toBeInTheDocument();
    expect(within(previewCard()).getByText('2026.11.01〜')).toBeInTheDocument();

    expect(screen.queryByRole('button', { name: '削除する' })).not.toBeInTheDocument();
    expect(
      screen.getByText('注文で使われたクーポンは削除できません。終了日時を設定すると、その日時で終了します。'),
    ).toBeInTheDocument();
  });

  it('reads 取得した会員のみ from requires_take and a coupon without a limit as an empty 利用上限', async () => {
    const fake = couponDeskFake('manager', [
      couponDesk({ member_only: true, requires_take: true, max_uses: null, used_count: 3 }),
    ]);
    renderAdmin(EDITOR, fake);
    await form('クーポンの編集');
    expect(radio('取得した会員のみ')).toBeChecked();
    expect(field('利用上限')).toHaveValue('');
    expect(screen.getByText('3回')).toBeInTheDocument();
  });

  it('saves with the version read: 利用上限 1 after 12 uses makes it 上限到達', async () => {
    const user = userEvent.setup();
    const fake = couponDeskFake();
    renderAdmin(EDITOR, fake);
    await form('クーポンの編集');

    await retype(user, field('利用上限'), '1');
    setDateTime(field('終了日時'), '2027-01-01T00:00');
    await user.click(saveButton());

    expect(await screen.findByText('クーポンを保存しました。')).toBeInTheDocument();
    expect(await fake.saved('cp-1')).toEqual([
      {
        version: 1,
        code: 'WELCOME500',
        name: 'はじめてのお買い物 500円引き',
        description: '3,000円以上のお買い物で使えます。',
        discount_kind: 'amount',
        discount_value: 500,
        minimum_amount: 3000,
        starts_at: '2026-11-01T00:00',
        ends_at: '2027-01-01T00:00',
        is_public: true,
        member_only: false,
        requires_take: false,
        uses_per_member: 1,
        max_uses: 1,
      },
    ]);
    expect(screen.getByText('上限到達')).toBeInTheDocument();
    expect(screen.getByText('12 / 1回')).toBeInTheDocument();

    // The next save goes with the new version.
    await user.click(saveButton());
    await waitFor(async () => expect(await fake.saved('cp-1')).toHaveLength(2));
    expect((await fake.saved('cp-1'))[1]?.version).toBe(2);
  });

  it('puts a 422’s messages under each field (対象 for member_only) and the version’s in the alert', async () => {
    const user = userEvent.setup();
    const fake = couponDeskFake().on('PUT', ITEM, () =>
      json(
        {
          message: '入力内容を確認してください。',
          errors: {
            name: ['クーポン名は50文字以内で入力してください。'],
            code: ['このクーポンコードはすでに使われています。'],
            discount_value: ['値引き額は1円から1,000,000円までの整数で入力してください。'],
            ends_at: ['日時の形式が正しくありません。'],
            member_only: ['対象の指定が正しくありません。'],
            version: ['版番号がありません。画面を読み込み直してください。'],
          },
        },
        { status: 422 },
      ),
    );
    renderAdmin(EDITOR, fake);
    await form('クーポンの編集');
    await user.click(saveButton());

    const alert = await screen.findByText(/^入力内容を確認してください。/);
    expect(alert).toHaveTextContent('版番号がありません。画面を読み込み直してください。');
    expect(field('コード')).toHaveAccessibleDescription(expect.stringContaining(CODE_TAKEN));
    expect(field('コード')).toHaveFocus();
    expect(field('クーポン名')).toHaveAccessibleDescription(
      expect.stringContaining('クーポン名は50文字以内で入力してください。'),
    );
    expect(field('値引き額')).toHaveAccessibleDescription('値引き額は1円から1,000,000円までの整数で入力してください。');
    expect(field('終了日時')).toHaveAccessibleDescription(expect.stringContaining('日時の形式が正しくありません。'));
    expect(screen.getByRole('group', { name: '対象' })).toHaveAccessibleDescription(
      expect.stringContaining('対象の指定が正しくありません。'),
    );
    expect(screen.queryByText('クーポンを保存しました。')).not.toBeInTheDocument();
  });

  it('shows the stale notice on a 409, and 最新の内容を読み込む brings the coupon saved elsewhere', async () => {
    const user = userEvent.setup();
    const fake = couponDeskFake();
    renderAdmin(EDITOR, fake);
    await form('クーポンの編集');

    fake.change(couponDesk({ name: 'はじめてのお買い物（他の担当者が変更）', used_count: 13, version: 4 }));
    await retype(user, field('クーポン名'), 'はじめての500円引き');
    await user.click(saveButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(COUPONS_STALE);
    expect(field('クーポン名')).toHaveValue('はじめての500円引き');

    await user.click(within(alert).getByRole('button', { name: '最新の内容を読み込む' }));
    expect(await screen.findByText('最新の内容を読み込みました。')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(field('クーポン名')).toHaveValue('はじめてのお買い物（他の担当者が変更）');
    expect(screen.getByText('13 / 100回')).toBeInTheDocument();

    await user.click(saveButton());
    expect(await screen.findByText('クーポンを保存しました。')).toBeInTheDocument();
    expect((await fake.saved('cp-1')).at(-1)?.version).toBe(4);
  });
});

// ---- 削除する -----------------------------------------------------------------------------------

describe('クーポンの削除', () => {
  const UNUSED = '/admin/content/coupons/cp-4';

  it('asks first; やめる keeps the coupon, 削除する deletes it at the version read and goes back to the list', async () => {
    const user = userEvent.setup();
    const fake = couponDeskFake();
    const { router } = renderAdmin(UNUSED, fake);
    await form('クーポンの編集');

    await user.click(screen.getByRole('button', { name: '削除する' }));
    let dialog = screen.getByRole('dialog', { name: 'このクーポンを削除しますか？' });
    expect(dialog).toHaveTextContent('「WINTER-10」（冬の10%OFF）を削除します。');
    await user.click(within(dialog).getByRole('button', { name: 'やめる' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fake.callsTo(`${COUPONS_PATH}/cp-4`).filter((call) => call.method === 'DELETE')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: '削除する' }));
    dialog = screen.getByRole('dialog', { name: 'このクーポンを削除しますか？' });
    await user.click(within(dialog).getByRole('button', { name: '削除する' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'クーポン' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/content/coupons');
    expect(await screen.findByText('クーポンを削除しました。')).toBeInTheDocument();
    const [deleted] = fake.callsTo(`${COUPONS_PATH}/cp-4`).filter((call) => call.method === 'DELETE');
    expect(new URL(deleted!.url).searchParams.get('version')).toBe('1');
    const table = await screen.findByRole('table', { name: 'クーポン一覧' });
    await waitFor(() => expect(within(table).queryByRole('link', { name: 'WINTER-10' })).toBeNull());
  });

  it('is refused with the server’s message when an order used the coupon since it was read', async () => {
    const user = userEvent.setup();
    const fake = couponDeskFake();
    renderAdmin(UNUSED, fake);
    await form('クーポンの編集');
    const [winter] = couponList();
    fake.change({ ...winter!, used_count: 1 });

    await user.click(screen.getByRole('button', { name: '削除する' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'このクーポンを削除しますか？' })).getByRole('button', {
        name: '削除する',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(COUPONS_USED);
    expect(screen.queryByRole('button', { name: '最新の内容を読み込む' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'クーポンの編集' })).toBeInTheDocument();
    expect(fake.items().some((item) => item.id === 'cp-4')).toBe(true);
  });

  it('shows the stale notice when the coupon changed since it was read', async () => {
    const user = userEvent.setup();
    const fake = couponDeskFake();
    renderAdmin(UNUSED, fake);
    await form('クーポンの編集');
    const [winter] = couponList();
    fake.change({ ...winter!, version: 2 });

    await user.click(screen.getByRole('button', { name: '削除する' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'このクーポンを削除しますか？' })).getByRole('button', {
        name: '削除する',
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(COUPONS_STALE);
    expect(within(alert).getByRole('button', { name: '最新の内容を読み込む' })).toBeInTheDocument();
  });
});

// ---- who sees it, and a coupon that is not there -------------------------------------------------

describe('クーポンの編集: オーナー and 店長 only', () => {
  it('does not ask for the coupon of another role, nor offer the form for a new one', async () => {
    const fake = couponDeskFake('shipping_clerk');
    const view = renderAdmin(EDITOR, fake);
    expect(await screen.findByRole('alert')).toHaveTextContent('クーポンの管理は店舗オーナーまたは店長のみ行えます。');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(fake.callsTo(ITEM)).toHaveLength(0);
    view.unmount();

    renderAdmin(NEW, couponDeskFake('viewer'));
    expect(await screen.findByRole('alert')).toHaveTextContent('クーポンの管理は店舗オーナーまたは店長のみ行えます。');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('says so when the coupon is not the shop’s', async () => {
    const fake = createAdminFake('owner').on(
      'GET',
      `${COUPONS_PATH}/cp-other`,
      json({ code: 'not_found', message: 'クーポンが見つかりません。' }, { status: 404 }),
    );
    renderAdmin('/admin/content/coupons/cp-other', fake);
    expect(await screen.findByRole('alert')).toHaveTextContent('クーポンが見つかりません。');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });
});
