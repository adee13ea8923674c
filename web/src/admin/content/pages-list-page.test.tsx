import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createAdminFake, type Role, renderAdmin } from '../../test/render-admin';
import type { AdminPage, PageSummary } from './pages-types';

// ---- answers shaped like the API's -------------------------------------------------------------

const LIST = '/v1/admin/pages';
const DRAFT_NOTICE =
  '下書きのページはお客様に表示されません。フッターのリンク先が「ページが見つかりません」にならないよう、内容を確認して公開してください。';

function summary(overrides: Partial<PageSummary> & Pick<PageSummary, 'id' | 'url' | 'title'>): PageSummary {
  return { is_published: false, needs_input: true, version: 1, updated_at: '2026-11-30T05:00:00+09:00', ...overrides };
}

/** A new shop's pages: the three legal drafts from the template, and a published guide. */
const NEW_SHOP: PageSummary[] = [
  summary({ id: 'pg-law', url: '/law', title: '特定商取引法に基づく表記' }),
  summary({ id: 'pg-privacy', url: '/privacy', title: 'プライバシーポリシー' }),
  summary({ id: 'pg-terms', url: '/terms', title: '利用規約', needs_input: false }),
  summary({
    id: 'pg-guide',
    url: '/guide',
    title: 'ご利用ガイド',
    is_published: true,
    needs_input: false,
    version: 3,
    updated_at: '2026-12-01T09:30:00+09:00',
  }),
];

function deskFake(role: Role = 'owner', pages: PageSummary[] = NEW_SHOP) {
  const law: AdminPage = {
    ...(pages[0] ?? NEW_SHOP[0]!),
    sections: [{ heading: '販売業者', body: '【要入力：販売業者名】' }],
  };
  return createAdminFake(role).on('GET', LIST, { data: pages }).on('GET', `${LIST}/${law.id}`, law);
}

const rowOf = (title: string) => {
  const table = screen.getByRole('table', { name: 'ページ一覧' });
  return within(table)
    .getAllByRole('row')
    .find((row) => within(row).queryByRole('cell', { name: title }))!;
};

const cellOf = (row: HTMLElement, label: string) => row.querySelector(`td[data-label="${label}"]`) as HTMLElement;

// ---- the list ----------------------------------------------------------------------------------

describe('ページ管理: the list of pages', () => {
  it('is in the menu (before お知らせ and 設定) for an owner, and lists the pages in the shop’s order', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/inquiries', deskFake());
    const menu = await screen.findByRole('navigation', { name: '管理メニュー' });
    const labels = within(menu)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(labels.indexOf('ページ')).toBe(labels.indexOf('お知らせ') - 1);
    expect(labels.indexOf('ページ')).toBeLessThan(labels.indexOf('設定'));

    await user.click(within(menu).getByRole('link', { name: 'ページ' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'ページ管理' })).toBeInTheDocument();
    expect(document.title).toBe('ページ管理 | 管理画面');
    expect(within(menu).getByRole('link', { name: 'ページ' })).toHaveAttribute('aria-current', 'page');

    const table = await screen.findByRole('table', { name: 'ページ一覧' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => cellOf(row, 'タイトル').textContent)).toEqual([
      '特定商取引法に基づく表記',
      'プライバシーポリシー',
      '利用規約',
      'ご利用ガイド',
    ]);
    expect(rows.map((row) => cellOf(row, 'URL').textContent)).toEqual(['/law', '/privacy', '/terms', '/guide']);
  });

  it('says 下書き or 公開中, 要入力あり while a blank is left, the update time in Japan time, and links to the editor', async () => {
    renderAdmin('/admin/content/pages', deskFake());
    await screen.findByRole('table', { name: 'ページ一覧' });

    const law = rowOf('特定商取引法に基づく表記');
    expect(cellOf(law, '状態')).toHaveTextContent('下書き');
    expect(cellOf(law, '状態')).toHaveTextContent('要入力あり');
    expect(cellOf(law, '更新日時')).toHaveTextContent('2026/11/30 05:00');
    expect(within(law).getByRole('link', { name: '特定商取引法に基づく表記を編集' })).toHaveAttribute(
      'href',
      '/admin/content/pages/pg-law',
    );

    const terms = rowOf('利用規約');
    expect(cellOf(terms, '状態')).toHaveTextContent('下書き');
    expect(cellOf(terms, '状態')).not.toHaveTextContent('要入力あり');

    const guide = rowOf('ご利用ガイド');
    expect(cellOf(guide, '状態')).toHaveTextContent('公開中');
    expect(cellOf(guide, '状態')).not.toHaveTextContent('下書き');
    expect(cellOf(guide, '状態')).not.toHaveTextContent('要入力あり');
    expect(cellOf(guide, '更新日時')).toHaveTextContent('2026/12/01 09:30');
  });

  it('warns that drafts are not shown to customers while any page is a draft', async () => {
    renderAdmin('/admin/content/pages', deskFake());
    expect(await screen.findByText(DRAFT_NOTICE)).toBeInTheDocument();
  });

  it('has no draft notice once every page is published', async () => {
    const published = NEW_SHOP.map((page) => ({ ...page, is_published: true, needs_input: false }));
    renderAdmin('/admin/content/pages', deskFake('manager', published));
    await screen.findByRole('table', { name: 'ページ一覧' });
    expect(screen.queryByText(DRAFT_NOTICE)).not.toBeInTheDocument();
    expect(screen.getAllByText('公開中')).toHaveLength(4);
  });

  it('says so when the shop has no page', async () => {
    renderAdmin('/admin/content/pages', deskFake('owner', []));
    expect(await screen.findByText('ページはまだありません。')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('opens the editor from 編集', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/content/pages', deskFake());
    await screen.findByRole('table', { name: 'ページ一覧' });
    await user.click(within(rowOf('特定商取引法に基づく表記')).getByRole('link', { name: /編集$/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'ページの編集' })).toBeInTheDocument();
    expect(await screen.findByLabelText('タイトル')).toHaveValue('特定商取引法に基づく表記');
    // Still under ページ in the menu.
    expect(
      within(screen.getByRole('navigation', { name: '管理メニュー' })).getByRole('link', { name: 'ページ' }),
    ).toHaveAttribute('aria-current', 'page');
  });
});

// ---- who sees it -------------------------------------------------------------------------------

describe('ページ管理: オーナー and 店長 only', () => {
  it('is not in another role’s menu, and does not ask for the pages when reached anyway', async () => {
    const fake = deskFake('order_clerk');
    renderAdmin('/admin/content/pages', fake);
    expect(await screen.findByRole('alert')).toHaveTextContent('ページの編集は店舗オーナーまたは店長のみ行えます。');
    expect(
      within(screen.getByRole('navigation', { name: '管理メニュー' })).queryByRole('link', { name: 'ページ' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(fake.callsTo(LIST)).toHaveLength(0);
  });
});
