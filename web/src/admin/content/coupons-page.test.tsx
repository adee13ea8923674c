import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { COUPONS_PATH, couponDesk, couponDeskFake, couponList } from '../../test/coupon-desk-fixtures';
import { renderAdmin } from '../../test/render-admin';

// ---- helpers ------------------------------------------------------------------------------------

const LIST = '/admin/content/coupons';

const couponTable = () => screen.findByRole('table', { name: 'クーポン一覧' });

const rows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

const cellOf = (row: HTMLElement, label: string) => row.querySelector(`td[data-label="${label}"]`) as HTMLElement;

const rowOf = (table: HTMLElement, code: string) =>
  rows(table).find((row) => within(row).queryByRole('link', { name: code }))!;

/** The query the list was last asked with. */
const lastQuery = (fake: ReturnType<typeof couponDeskFake>) =>
  new URL(
    fake
      .callsTo(COUPONS_PATH)
      .filter((call) => call.method === 'GET')
      .at(-1)!.url,
  ).searchParams;

// ---- the list ----------------------------------------------------------------------------------

describe('クーポン: the list', () => {
  it('is in the menu right after お知らせ for an owner, and lists the coupons newest first', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/inquiries', couponDeskFake());
    const menu = await screen.findByRole('navigation', { name: '管理メニュー' });
    const labels = within(menu)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(labels.indexOf('クーポン')).toBe(labels.indexOf('お知らせ') + 1);

    await user.click(within(menu).getByRole('link', { name: 'クーポン' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'クーポン' })).toBeInTheDocument();
    expect(document.title).toBe('クーポン | 管理画面');
    expect(within(menu).getByRole('link', { name: 'クーポン' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: '新しいクーポン' })).toHaveAttribute('href', '/admin/content/coupons/new');

    const table = await couponTable();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['コード', 'クーポン名', '値引き', '条件', '期間', '利用', '状態']);
    expect(rows(table).map((row) => cellOf(row, 'コード').textContent)).toEqual([
      'WINTER-10',
      'WELCOME500',
      'FIRST100',
      'AUTUMN-300',
    ]);
    expect(screen.getByRole('navigation', { name: 'ページ送り' })).toHaveTextContent('全4件（1 / 1ページ）');
  });

  it('shows each coupon’s 値引き label, 条件, 期間 in Japan time, 利用 of its limit and 状態, linked to its editor', async () => {
    renderAdmin(LIST, couponDeskFake());
    const table = await couponTable();

    const welcome = rowOf(table, 'WELCOME500');
    expect(cellOf(welcome, 'クーポン名')).toHaveTextContent('はじめてのお買い物 500円引き');
    expect(cellOf(welcome, '値引き')).toHaveTextContent('500円引き');
    expect(cellOf(welcome, '条件')).toHaveTextContent('3,000円以上');
    expect(cellOf(welcome, '期間')).toHaveTextContent('2026/11/01 00:00〜');
    expect(cellOf(welcome, '利用')).toHaveTextContent('12 / 100回');
    expect(cellOf(welcome, '状態')).toHaveTextContent('利用中');
    expect(within(welcome).getByRole('link', { name: 'WELCOME500' })).toHaveAttribute(
      'href',
      '/admin/content/coupons/cp-1',
    );

    const winter = rowOf(table, 'WINTER-10');
    expect(cellOf(winter, '値引き')).toHaveTextContent('10%OFF');
    expect(cellOf(winter, '条件')).toHaveTextContent('5,000円以上');
    expect(cellOf(winter, '期間')).toHaveTextContent('2026/12/20 00:00〜2027/01/01 00:00');
    expect(cellOf(winter, '利用')).toHaveTextContent(/^0回$/);
    expect(cellOf(winter, '状態')).toHaveTextContent('開始前');

    const first = rowOf(table, 'FIRST100');
    expect(cellOf(first, '値引き')).toHaveTextContent('1,000円引き');
    expect(cellOf(first, '条件')).toHaveTextContent('なし');
    expect(cellOf(first, '利用')).toHaveTextContent('100 / 100回');
    expect(cellOf(first, '状態')).toHaveTextContent('上限到達');

    const autumn = rowOf(table, 'AUTUMN-300');
    expect(cellOf(autumn, '利用')).toHaveTextContent(/^40回$/);
    expect(cellOf(autumn, '状態')).toHaveTextContent('終了');
  });

  it('narrows by 状態 and キーワード, sent as `status` and `q` and kept in the address; 条件をクリア shows all again', async () => {
    const user = userEvent.setup();
    const fake = couponDeskFake();
    const { router } = renderAdmin(LIST, fake);
    await couponTable();
    const search = screen.getByRole('form', { name: 'クーポンの検索' });
    const status = within(search).getByLabelText('状態');
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['すべて', '利用中', '開始前', '終了', '上限到達']);

    await user.selectOptions(status, '上限到達');
    await user.click(within(search).getByRole('button', { name: '検索' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=exhausted'));
    await waitFor(() => expect(rows(screen.getByRole('table', { name: 'クーポン一覧' }))).toHaveLength(1));
    expect(lastQuery(fake).get('status')).toBe('exhausted');
    expect(lastQuery(fake).get('per')).toBe('20');
    expect(screen.getByRole('link', { name: 'FIRST100' })).toBeInTheDocument();

    await user.selectOptions(status, '');
    await user.type(within(search).getByLabelText('キーワード'), 'winter');
    await user.click(within(search).getByRole('button', { name: '検索' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=winter'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'FIRST100' })).toBeNull());
    expect(lastQuery(fake).get('q')).toBe('winter');
    expect(lastQuery(fake).has('status')).toBe(false);
    expect(screen.getByRole('link', { name: 'WINTER-10' })).toBeInTheDocument();

    await user.click(within(search).getByRole('link', { name: '条件をクリア' }));
    await waitFor(() => expect(rows(screen.getByRole('table', { name: 'クーポン一覧' }))).toHaveLength(4));
    expect(router.state.location.search).toBe('');
  });

  it('says so under 状態 when the server refuses the status in the address', async () => {
    renderAdmin(`${LIST}?status=old`, couponDeskFake());
    const search = await screen.findByRole('form', { name: 'クーポンの検索' });
    await waitFor(() =>
      expect(within(search).getByLabelText('状態')).toHaveAccessibleDescription(
        '状態は active・scheduled・ended・exhausted のいずれかで指定してください。',
      ),
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('pages with the shared pager, keeping the filter', async () => {
    const many = Array.from({ length: 25 }, (_, index) =>
      couponDesk({ id: `cp-m${index}`, code: `SALE-${index + 1}`, name: `セール${index + 1}` }),
    );
    const user = userEvent.setup();
    const fake = couponDeskFake('manager', many);
    renderAdmin(`${LIST}?status=active`, fake);
    const pager = await screen.findByRole('navigation', { name: 'ページ送り' });
    expect(pager).toHaveTextContent('全25件（1 / 2ページ）');
    expect(rows(await couponTable())).toHaveLength(20);

    await user.click(within(pager).getByRole('link', { name: '次へ' }));
    await waitFor(() =>
      expect(screen.getByRole('navigation', { name: 'ページ送り' })).toHaveTextContent('（2 / 2ページ）'),
    );
    expect(rows(screen.getByRole('table', { name: 'クーポン一覧' }))).toHaveLength(5);
    expect(lastQuery(fake).get('page')).toBe('2');
    expect(lastQuery(fake).get('status')).toBe('active');
  });

  it('says so when the shop has no coupons yet, or when nothing matches', async () => {
    const { unmount } = renderAdmin(LIST, couponDeskFake('owner', []));
    expect(await screen.findByText('クーポンはまだありません。')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    unmount();

    renderAdmin(`${LIST}?q=NOTHING`, couponDeskFake('owner', couponList()));
    expect(await screen.findByText('条件に合うクーポンはありません。')).toBeInTheDocument();
  });

  it('opens the editor from the code, still under クーポン in the menu', async () => {
    const user = userEvent.setup();
    renderAdmin(LIST, couponDeskFake());
    await user.click(within(await couponTable()).getByRole('link', { name: 'WELCOME500' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'クーポンの編集' })).toBeInTheDocument();
    expect(await screen.findByLabelText('コード')).toHaveValue('WELCOME500');
    expect(
      within(screen.getByRole('navigation', { name: '管理メニュー' })).getByRole('link', { name: 'クーポン' }),
    ).toHaveAttribute('aria-current', 'page');
  });
});

// ---- who sees it -------------------------------------------------------------------------------

describe('クーポン: オーナー and 店長 only', () => {
  it('is not in another role’s menu, and does not ask for the coupons when reached anyway', async () => {
    const fake = couponDeskFake('order_clerk');
    renderAdmin(LIST, fake);
    expect(await screen.findByRole('alert')).toHaveTextContent('クーポンの管理は店舗オーナーまたは店長のみ行えます。');
    expect(
      within(screen.getByRole('navigation', { name: '管理メニュー' })).queryByRole('link', { name: 'クーポン' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '新しいクーポン' })).not.toBeInTheDocument();
    expect(fake.callsTo(COUPONS_PATH)).toHaveLength(0);
  });
});
