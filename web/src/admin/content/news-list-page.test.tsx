import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NEWS_PATH, newsDesk, newsDeskFake, newsList } from '../../test/news-desk-fixtures';
import { renderAdmin } from '../../test/render-admin';

// ---- helpers ------------------------------------------------------------------------------------

const LIST = '/admin/content/news';

const newsTable = () => screen.findByRole('table', { name: 'お知らせ一覧' });

const rows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

const cellOf = (row: HTMLElement, label: string) => row.querySelector(`td[data-label="${label}"]`) as HTMLElement;

const rowOf = (table: HTMLElement, title: string) =>
  rows(table).find((row) => within(row).queryByRole('link', { name: title }))!;

/** The query the list was last asked with. */
const lastQuery = (fake: ReturnType<typeof newsDeskFake>) =>
  new URL(
    fake
      .callsTo(NEWS_PATH)
      .filter((call) => call.method === 'GET')
      .at(-1)!.url,
  ).searchParams;

// ---- the list ----------------------------------------------------------------------------------

describe('お知らせ: the list', () => {
  it('is in the menu right after ページ for an owner, and lists the news newest 公開日時 first', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/inquiries', newsDeskFake());
    const menu = await screen.findByRole('navigation', { name: '管理メニュー' });
    const labels = within(menu)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(labels.indexOf('お知らせ')).toBe(labels.indexOf('ページ') + 1);

    await user.click(within(menu).getByRole('link', { name: 'お知らせ' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'お知らせ' })).toBeInTheDocument();
    expect(document.title).toBe('お知らせ | 管理画面');
    expect(within(menu).getByRole('link', { name: 'お知らせ' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: '新規作成' })).toHaveAttribute('href', '/admin/content/news/new');

    const table = await newsTable();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['画像', 'タイトル', 'カテゴリ', '状態', '公開日時', '更新日時']);
    expect(rows(table).map((row) => cellOf(row, 'タイトル').textContent)).toEqual([
      '年末年始の営業について',
      '冬のセールのお知らせ',
      'システムメンテナンスのお知らせ',
    ]);
    expect(screen.getByRole('navigation', { name: 'ページ送り' })).toHaveTextContent('全3件（1 / 1ページ）');
  });

  it('shows each item’s thumbnail, category, state badge and times in Japan time, and links to its editor', async () => {
    renderAdmin(LIST, newsDeskFake());
    const table = await newsTable();

    const sale = rowOf(table, '冬のセールのお知らせ');
    const thumb = cellOf(sale, '画像').querySelector('img')!;
    expect(thumb).toHaveAttribute('src', newsDesk().image_url);
    expect(thumb).toHaveAttribute('srcset', newsDesk().image_srcset);
    expect(thumb).toHaveAttribute('sizes', '96px');
    expect(thumb).toHaveAttribute('width', '96');
    expect(thumb).toHaveAttribute('height', '64');
    expect(thumb).toHaveAttribute('loading', 'lazy');
    // Beside its title: decorative.
    expect(thumb).toHaveAttribute('alt', '');
    expect(cellOf(sale, 'カテゴリ')).toHaveTextContent('キャンペーン');
    expect(cellOf(sale, '状態')).toHaveTextContent('公開中');
    expect(cellOf(sale, '公開日時')).toHaveTextContent('2026/12/01 10:00');
    expect(within(sale).getByRole('link', { name: '冬のセールのお知らせ' })).toHaveAttribute(
      'href',
      '/admin/content/news/nw-1',
    );

    const yearEnd = rowOf(table, '年末年始の営業について');
    expect(cellOf(yearEnd, '画像').querySelector('img')).toBeNull();
    expect(cellOf(yearEnd, '画像')).toHaveTextContent('なし');
    expect(cellOf(yearEnd, '状態')).toHaveTextContent('公開予約');
    expect(cellOf(yearEnd, '更新日時')).toHaveTextContent('2026/12/02 12:00');

    const maintenance = rowOf(table, 'システムメンテナンスのお知らせ');
    expect(cellOf(maintenance, '状態')).toHaveTextContent('下書き');
    expect(cellOf(maintenance, '公開日時')).toHaveTextContent('2026/11/25 10:00');
  });

  it('narrows by 状態 and キーワード, kept in the address, and 条件をクリア shows everything again', async () => {
    const user = userEvent.setup();
    const fake = newsDeskFake();
    const { router } = renderAdmin(LIST, fake);
    await newsTable();
    const search = screen.getByRole('form', { name: 'お知らせの検索' });
    const status = within(search).getByLabelText('状態');
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['すべて', '公開中', '公開予約', '下書き']);

    await user.selectOptions(status, '下書き');
    await user.click(within(search).getByRole('button', { name: '検索' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=draft'));
    await waitFor(() => expect(rows(screen.getByRole('table', { name: 'お知らせ一覧' }))).toHaveLength(1));
    expect(lastQuery(fake).get('status')).toBe('draft');
    expect(lastQuery(fake).get('per')).toBe('20');
    expect(screen.getByRole('link', { name: 'システムメンテナンスのお知らせ' })).toBeInTheDocument();

    await user.selectOptions(status, '');
    await user.type(within(search).getByLabelText('キーワード'), '冬のセール');
    await user.click(within(search).getByRole('button', { name: '検索' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?q=${encodeURIComponent('冬のセール')}`));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'システムメンテナンスのお知らせ' })).toBeNull());
    expect(lastQuery(fake).get('q')).toBe('冬のセール');
    expect(lastQuery(fake).has('status')).toBe(false);

    await user.click(within(search).getByRole('link', { name: '条件をクリア' }));
    await waitFor(() => expect(rows(screen.getByRole('table', { name: 'お知らせ一覧' }))).toHaveLength(3));
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(within(search).getByLabelText('キーワード')).toHaveValue(''));
  });

  it('says so under 状態 when the server refuses the status in the address', async () => {
    renderAdmin(`${LIST}?status=old`, newsDeskFake());
    const search = await screen.findByRole('form', { name: 'お知らせの検索' });
    await waitFor(() =>
      expect(within(search).getByLabelText('状態')).toHaveAccessibleDescription('状態の指定が正しくありません。'),
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('pages with the shared pager, keeping the filter', async () => {
    const many = Array.from({ length: 25 }, (_, index) =>
      newsDesk({
        id: `nw-m${index}`,
        key: `m-${index}`,
        title: `お知らせ${index + 1}`,
        published_at: `2026-11-${String(index + 1).padStart(2, '0')}T00:00:00Z`,
      }),
    );
    const user = userEvent.setup();
    const fake = newsDeskFake('manager', many);
    renderAdmin(`${LIST}?status=published`, fake);
    const pager = await screen.findByRole('navigation', { name: 'ページ送り' });
    expect(pager).toHaveTextContent('全25件（1 / 2ページ）');
    expect(rows(await newsTable())).toHaveLength(20);

    await user.click(within(pager).getByRole('link', { name: '次へ' }));
    await waitFor(() =>
      expect(screen.getByRole('navigation', { name: 'ページ送り' })).toHaveTextContent('（2 / 2ページ）'),
    );
    expect(rows(screen.getByRole('table', { name: 'お知らせ一覧' }))).toHaveLength(5);
    expect(lastQuery(fake).get('page')).toBe('2');
    expect(lastQuery(fake).get('status')).toBe('published');
  });

  it('says so when the shop has no news yet, or when nothing matches', async () => {
    const { unmount } = renderAdmin(LIST, newsDeskFake('owner', []));
    expect(await screen.findByText('お知らせはまだありません。')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    unmount();

    renderAdmin(`${LIST}?q=${encodeURIComponent('存在しない')}`, newsDeskFake('owner', newsList()));
    expect(await screen.findByText('条件に合うお知らせはありません。')).toBeInTheDocument();
  });

  it('opens the editor from the title, still under お知らせ in the menu', async () => {
    const user = userEvent.setup();
    renderAdmin(LIST, newsDeskFake());
    await user.click(within(await newsTable()).getByRole('link', { name: '冬のセールのお知らせ' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'お知らせの編集' })).toBeInTheDocument();
    expect(await screen.findByLabelText('タイトル')).toHaveValue('冬のセールのお知らせ');
    expect(
      within(screen.getByRole('navigation', { name: '管理メニュー' })).getByRole('link', { name: 'お知らせ' }),
    ).toHaveAttribute('aria-current', 'page');
  });
});

// ---- who sees it -------------------------------------------------------------------------------

describe('お知らせ: オーナー and 店長 only', () => {
  it('is not in another role’s menu, and does not ask for the news when reached anyway', async () => {
    const fake = newsDeskFake('order_clerk');
    renderAdmin(LIST, fake);
    expect(await screen.findByRole('alert')).toHaveTextContent('お知らせの編集は店舗オーナーまたは店長のみ行えます。');
    expect(
      within(screen.getByRole('navigation', { name: '管理メニュー' })).queryByRole('link', { name: 'お知らせ' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '新規作成' })).not.toBeInTheDocument();
    expect(fake.callsTo(NEWS_PATH)).toHaveLength(0);
  });
});
