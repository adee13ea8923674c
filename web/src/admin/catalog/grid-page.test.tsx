import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-fetch';
import { createAdminFake, paged, renderAdmin, type Role } from '../../test/render-admin';
import { PRICE_MESSAGE } from './grid-changes';
import type { GridApplied, GridPreview, GridProduct } from './grid-types';
import type { CatalogOptions } from './product-types';

const GRID = '/v1/admin/catalog/grid';
const PREVIEW = '/v1/admin/catalog/grid/preview';
const APPLY = '/v1/admin/catalog/grid/apply';

// ---- answers shaped like the API's (docs/contracts/catalog-grid.md) --------------------------------

const OPTIONS = {
  categories: [
    { id: 'c-1', name: 'チェア', path: '家具 > チェア', depth: 1 },
    { id: 'c-2', name: 'テーブル', path: '家具 > テーブル', depth: 1 },
  ],
  makers: [],
  brands: [],
  tags: [
    { id: 't-1', name: '新商品' },
    { id: 't-2', name: 'セール' },
  ],
} as unknown as CatalogOptions;

function chair(overrides: Partial<GridProduct> = {}): GridProduct {
  return {
    id: 'p-1',
    code: 'CHAIR-01',
    name: 'ダイニングチェア',
    price: 12800,
    before_price: 15800,
    is_published: true,
    state: 'published',
    category_ids: ['c-1'],
    tag_ids: ['t-1'],
    image_url: null,
    version: 3,
    variations: [
      { id: 'v-1', sku: 'CHAIR-01-NV', name: 'ネイビー', price: 12800, available: 7, reserved: 1, on_hand: 8 },
      { id: 'v-2', sku: 'CHAIR-01-GR', name: 'グレー', price: 12800, available: 3, reserved: 0, on_hand: 3 },
    ],
    ...overrides,
  };
}

function table(overrides: Partial<GridProduct> = {}): GridProduct {
  return {
    id: 'p-2',
    code: 'TABLE-01',
    name: 'ダイニングテーブル',
    price: 54000,
    before_price: null,
    is_published: true,
    state: 'published',
    category_ids: ['c-2'],
    tag_ids: [],
    image_url: null,
    version: 8,
    variations: [
      { id: 'v-9', sku: 'TABLE-01-OAK', name: 'オーク', price: 54000, available: 2, reserved: 0, on_hand: 2 },
    ],
    ...overrides,
  };
}

const PREVIEWED: GridPreview = {
  products: 2,
  changes: [
    {
      product_id: 'p-1',
      code: 'CHAIR-01',
      name: 'ダイニングチェア',
      sku: null,
      field: 'price',
      label: '販売価格',
      before: '12,800円',
      after: '13,200円',
    },
    {
      product_id: 'p-1',
      code: 'CHAIR-01',
      name: 'ダイニングチェア',
      sku: 'CHAIR-01-NV',
      field: 'stock',
      label: '在庫',
      before: '実在庫 8',
      after: '実在庫 11（+3）',
    },
    {
      product_id: 'p-2',
      code: 'TABLE-01',
      name: 'ダイニングテーブル',
      sku: null,
      field: 'is_published',
      label: '公開',
      before: '公開',
      after: '非公開',
    },
  ],
};

const APPLIED: GridApplied = { products: 2, stock_moves: 1 };

/** A signed-in back office whose grid answers `pages`, one per read (the last again after that). */
function gridFake(pages: GridProduct[][] = [[chair(), table()]], role: Role = 'owner') {
  let reads = 0;
  return createAdminFake(role)
    .on('GET', '/v1/admin/catalog/options', OPTIONS)
    .on('GET', '/v1/admin/products', () => paged([], 0, 50))
    .on('GET', GRID, () => {
      const page = pages[Math.min(reads, pages.length - 1)] ?? [];
      reads += 1;
      return paged(page, page.length, 50);
    })
    .on('POST', PREVIEW, json(PREVIEWED))
    .on('POST', APPLY, json(APPLIED));
}

type Fake = ReturnType<typeof gridFake>;

async function bodyOf(fake: Fake, path: string, index = 0): Promise<unknown> {
  return fake.callsTo(path)[index]!.json();
}

async function grid(): Promise<HTMLElement> {
  return screen.findByRole('grid', { name: '一括編集' });
}

/** The row whose first cell is `name` (a 商品コード or a SKU). */
function rowOf(gridElement: HTMLElement, name: string): HTMLElement {
  const row = within(gridElement)
    .getAllByRole('row')
    .find((candidate) => candidate.firstElementChild?.textContent?.startsWith(name));
  if (!row) throw new Error(`no row ${name}`);
  return row;
}

/** A row's cell under the column headed `header`. */
function cellOf(gridElement: HTMLElement, name: string, header: string): HTMLElement {
  const headers = [...gridElement.querySelectorAll('thead th')].map((th) => th.textContent);
  const index = headers.indexOf(header);
  if (index < 0) throw new Error(`no column ${header}`);
  return rowOf(gridElement, name).children[index] as HTMLElement;
}

const PRICE = '販売価格／価格';

function reviewButton() {
  return screen.getByRole('button', { name: /^変更を確認/ });
}

// ---- reading ---------------------------------------------------------------------------------------

describe('一括編集: the page', () => {
  it('opens from 商品管理 on the same search and reads the grid 50 a page', async () => {
    const user = userEvent.setup();
    const fake = gridFake();
    renderAdmin('/admin/products?q=CHAIR', fake);
    await user.click(await screen.findByRole('link', { name: '一括編集' }));

    expect(await screen.findByRole('heading', { level: 1, name: '一括編集' })).toBeInTheDocument();
    const element = await grid();
    const query = new URL(fake.callsTo(GRID).at(-1)!.url).searchParams;
    expect(query.get('q')).toBe('CHAIR');
    expect(query.get('per')).toBe('50');
    expect(query.get('page')).toBe('1');
    expect(screen.getByLabelText('キーワード')).toHaveValue('CHAIR');

    // A product's row, then a row per variation.
    expect(
      within(element)
        .getAllByRole('row')
        .map((row) => row.firstElementChild?.textContent),
    ).toEqual(['商品コード／SKU', 'CHAIR-01', 'CHAIR-01-NV', 'CHAIR-01-GR', 'TABLE-01', 'TABLE-01-OAK']);
    expect(cellOf(element, 'CHAIR-01', PRICE)).toHaveTextContent('¥12,800');
    expect(cellOf(element, 'CHAIR-01', '通常価格')).toHaveTextContent('¥15,800');
    expect(cellOf(element, 'TABLE-01', '通常価格')).toHaveTextContent('なし');
    expect(cellOf(element, 'CHAIR-01', 'カテゴリ')).toHaveTextContent('チェア');
    expect(cellOf(element, 'CHAIR-01', 'タグ')).toHaveTextContent('新商品');
    expect(
      within(cellOf(element, 'CHAIR-01', '公開')).getByRole('checkbox', { name: '公開（CHAIR-01）' }),
    ).toBeChecked();
    expect(cellOf(element, 'CHAIR-01-NV', '販売可能')).toHaveTextContent('7');
    expect(cellOf(element, 'CHAIR-01-NV', '引当中')).toHaveTextContent('1');
    expect(cellOf(element, 'CHAIR-01-NV', '実在庫')).toHaveTextContent('8');

    // One tab stop: the first cell.
    const stops = element.querySelectorAll('[tabindex="0"]');
    expect(stops).toHaveLength(1);
    expect(stops[0]).toHaveTextContent('CHAIR-01');
    expect(reviewButton()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'すべて取り消す' })).toBeDisabled();
  });

  it('tells a role that may not edit the catalogue, and asks nothing', async () => {
    const fake = gridFake(undefined, 'order_clerk');
    renderAdmin('/admin/catalog/grid', fake);
    expect(await screen.findByRole('alert')).toHaveTextContent('商品を一括編集する権限がありません。');
    expect(fake.callsTo(GRID)).toHaveLength(0);
  });
});

// ---- editing and saving -----------------------------------------------------------------------------

describe('一括編集: a spreadsheet’s keyboard', () => {
  it('changes a price, adds stock and unticks 公開 by keyboard, previews only the changes and saves them', async () => {
    const user = userEvent.setup();
    const saved = [
      chair({ price: 13200, version: 4 }),
      table({ is_published: false, state: 'unpublished', version: 9 }),
    ];
    const fake = gridFake([[chair(), table()], saved]);
    renderAdmin('/admin/catalog/grid', fake);
    const element = await grid();

    // Into the grid, two cells right: 販売価格. Enter edits it (what it holds selected), Enter commits and moves down.
    await user.click(cellOf(element, 'CHAIR-01', '商品コード／SKU'));
    await user.keyboard('{ArrowRight}{ArrowRight}');
    const price = cellOf(element, 'CHAIR-01', PRICE);
    expect(price).toHaveFocus();
    await user.keyboard('{Enter}');
    const box = within(price).getByRole('textbox', { name: '販売価格（CHAIR-01）' });
    expect(box).toHaveFocus();
    expect(box).toHaveValue('12800');
    await user.keyboard('13200{Enter}');
    expect(price).toHaveTextContent('¥13,200');
    expect(price).toHaveTextContent('変更');
    expect(within(price).getByRole('button', { name: '販売価格を元に戻す' })).toBeInTheDocument();
    expect(cellOf(element, 'CHAIR-01-NV', PRICE)).toHaveFocus();

    // End: the row's last cell, 在庫の増減; typing a digit starts the edit with it.
    await user.keyboard('{End}');
    const delta = cellOf(element, 'CHAIR-01-NV', '在庫の増減');
    expect(delta).toHaveFocus();
    await user.keyboard('3{Enter}');
    expect(delta).toHaveTextContent('+3');
    expect(delta).toHaveTextContent('変更');

    // Down the 公開 column from the first product to the next one; Space unticks it.
    await user.click(cellOf(element, 'CHAIR-01', '商品名／バリエーション名'));
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowDown}');
    const publish = cellOf(element, 'TABLE-01', '公開');
    expect(publish).toHaveFocus();
    await user.keyboard(' ');
    expect(within(publish).getByRole('checkbox')).not.toBeChecked();
    expect(publish).toHaveTextContent('非公開変更');

    // 変更を確認 sends only the changed fields, with the versions read.
    expect(screen.getByText('変更したセル：3件')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '変更を確認（3件）' }));
    const dialog = await screen.findByRole('dialog', { name: '変更内容の確認' });
    const previewed = await bodyOf(fake, PREVIEW);
    expect(previewed).toEqual({
      products: [
        { id: 'p-1', version: 3, price: 13200, variations: [{ id: 'v-1', stock_delta: 3 }] },
        { id: 'p-2', version: 8, is_published: false },
      ],
    });
    expect(within(dialog).getByText('2商品・3件の変更を保存します。')).toBeInTheDocument();
    const lines = within(dialog)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(lines).toEqual([
      '商品コード商品名SKU項目変更前 → 変更後',
      'CHAIR-01ダイニングチェア—販売価格12,800円 → 13,200円',
      'CHAIR-01ダイニングチェアCHAIR-01-NV在庫実在庫 8 → 実在庫 11（+3）',
      'TABLE-01ダイニングテーブル—公開公開 → 非公開',
    ]);
    expect(fake.callsTo(APPLY)).toHaveLength(0);

    // 保存する: the same body; a toast; the rows read again, with nothing left to save.
    await user.click(within(dialog).getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('2商品を更新しました（在庫の増減 1件）')).toBeInTheDocument();
    expect(await bodyOf(fake, APPLY)).toEqual(previewed);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(cellOf(element, 'TABLE-01', '公開')).toHaveTextContent('非公開'));
    expect(fake.callsTo(GRID)).toHaveLength(2);
    expect(cellOf(element, 'CHAIR-01', PRICE)).toHaveTextContent('¥13,200');
    expect(cellOf(element, 'CHAIR-01', PRICE)).not.toHaveTextContent('変更');
    expect(reviewButton()).toBeDisabled();
  });

  it('cancels an edit with Escape, and puts a changed cell back with 元に戻す or Ctrl+Z', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/catalog/grid', gridFake());
    const element = await grid();
    const price = cellOf(element, 'CHAIR-01', PRICE);

    await user.click(price);
    await user.keyboard('999{Escape}');
    expect(price).toHaveFocus();
    expect(price).toHaveTextContent('¥12,800');
    expect(reviewButton()).toBeDisabled();

    await user.keyboard('{F2}');
    await user.keyboard('13200{Enter}');
    expect(price).toHaveTextContent('変更');
    await user.click(within(price).getByRole('button', { name: '販売価格を元に戻す' }));
    expect(price).toHaveTextContent('¥12,800');
    expect(price).not.toHaveTextContent('変更');
    expect(price).toHaveFocus();

    // A variation's price, then Ctrl+Z on it.
    const variation = cellOf(element, 'CHAIR-01-GR', PRICE);
    await user.click(variation);
    await user.keyboard('9800{Enter}');
    expect(variation).toHaveTextContent('¥9,800変更');
    await user.click(variation);
    await user.keyboard('{Escape}{Control>}z{/Control}');
    expect(variation).toHaveTextContent('¥12,800');
    expect(reviewButton()).toBeDisabled();
  });

  it('chooses categories in a picker, and takes every change back with すべて取り消す', async () => {
    const user = userEvent.setup();
    const fake = gridFake();
    renderAdmin('/admin/catalog/grid', fake);
    const element = await grid();
    const categories = cellOf(element, 'CHAIR-01', 'カテゴリ');

    await user.click(cellOf(element, 'CHAIR-01', '公開'));
    await user.keyboard('{ArrowRight}{Enter}');
    const picker = await screen.findByRole('dialog', { name: 'カテゴリ（CHAIR-01）' });
    expect(within(picker).getByRole('checkbox', { name: '家具 > チェア' })).toBeChecked();
    await user.click(within(picker).getByRole('checkbox', { name: '家具 > テーブル' }));
    await user.click(within(picker).getByRole('button', { name: '決定' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(categories).toHaveTextContent('チェア、テーブル変更');
    expect(categories).toHaveFocus();

    await user.click(reviewButton());
    await screen.findByRole('dialog', { name: '変更内容の確認' });
    expect(await bodyOf(fake, PREVIEW)).toEqual({
      products: [{ id: 'p-1', version: 3, category_ids: ['c-1', 'c-2'] }],
    });
    await user.click(screen.getByRole('button', { name: '戻る' }));

    await user.click(screen.getByRole('button', { name: 'すべて取り消す' }));
    const confirm = await screen.findByRole('dialog', { name: 'すべての変更を取り消しますか？' });
    await user.click(within(confirm).getByRole('button', { name: 'すべて取り消す' }));
    expect(categories).toHaveTextContent('チェア');
    expect(categories).not.toHaveTextContent('変更');
    expect(reviewButton()).toBeDisabled();
  });
});

// ---- checks and refusals ----------------------------------------------------------------------------

describe('一括編集: checks and refusals', () => {
  it('says at once that a price is not one, and sends nothing while it is there', async () => {
    const user = userEvent.setup();
    const fake = gridFake();
    renderAdmin('/admin/catalog/grid', fake);
    const element = await grid();
    const price = cellOf(element, 'CHAIR-01', PRICE);

    await user.click(price);
    await user.keyboard('abc');
    expect(within(price).getByRole('textbox')).toHaveAccessibleDescription(PRICE_MESSAGE);
    await user.keyboard('{Enter}');
    // 「変更」 and what it was before (for a screen reader), 元に戻す, and the message.
    expect(price).toHaveTextContent(`abc変更（変更前：¥12,800）元に戻す${PRICE_MESSAGE}`);
    expect(price).toHaveAttribute('aria-invalid', 'true');

    // A stock change past what can be sold is the server's sentence too.
    const delta = cellOf(element, 'CHAIR-01-GR', '在庫の増減');
    await user.click(delta);
    await user.keyboard('-4{Enter}');
    expect(delta).toHaveTextContent('販売可能数（3）より多くは減らせません。');

    await user.click(screen.getByRole('button', { name: '変更を確認（2件）' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('正しくない値のセルが2件あります。');
    expect(price).toHaveFocus();
    expect(fake.callsTo(PREVIEW)).toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('puts the server’s 422 back on the cells of its field paths', async () => {
    const user = userEvent.setup();
    const fake = gridFake().on(
      'POST',
      PREVIEW,
      json(
        {
          message: '入力内容に誤りがあります。',
          errors: {
            'products[0].variations[0].stock_delta': ['販売可能数（1）より多くは減らせません。'],
            'products[1].before_price': [PRICE_MESSAGE],
          },
        },
        { status: 422 },
      ),
    );
    renderAdmin('/admin/catalog/grid', fake);
    const element = await grid();

    await user.click(cellOf(element, 'CHAIR-01-GR', '在庫の増減'));
    await user.keyboard('-2{Enter}');
    await user.click(cellOf(element, 'TABLE-01', '通常価格'));
    await user.keyboard('60000{Enter}');
    await user.click(reviewButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('保存できない値があります。');
    // products[0] is CHAIR-01 with its one changed variation (GR); products[1] is TABLE-01.
    const delta = cellOf(element, 'CHAIR-01-GR', '在庫の増減');
    expect(delta).toHaveTextContent('販売可能数（1）より多くは減らせません。');
    expect(delta).toHaveFocus();
    expect(cellOf(element, 'TABLE-01', '通常価格')).toHaveTextContent(PRICE_MESSAGE);
    expect(cellOf(element, 'CHAIR-01-NV', '在庫の増減')).not.toHaveTextContent('販売可能数');

    // Typing the cell again takes the server's message away.
    await user.keyboard('-1{Enter}');
    expect(delta).not.toHaveTextContent('販売可能数');
  });

  it('says who saved first (409) and reads the rows again with the edits kept', async () => {
    const user = userEvent.setup();
    const stale = 'この商品は他のスタッフが更新しました（CHAIR-01）。読み込み直してから編集してください。';
    const fake = gridFake([
      [chair(), table()],
      [chair({ version: 5, before_price: 16800 }), table()],
    ]).on('POST', APPLY, json({ code: 'catalog.product.stale', message: stale }, { status: 409 }));
    renderAdmin('/admin/catalog/grid', fake);
    const element = await grid();

    await user.click(cellOf(element, 'CHAIR-01', PRICE));
    await user.keyboard('13200{Enter}');
    await user.click(reviewButton());
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '保存する' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(stale);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: '読み込み直す' }));

    expect(await screen.findByText(/最新の内容を読み込みました。/)).toBeInTheDocument();
    expect(fake.callsTo(GRID)).toHaveLength(2);
    expect(cellOf(element, 'CHAIR-01', '通常価格')).toHaveTextContent('¥16,800');
    expect(cellOf(element, 'CHAIR-01', PRICE)).toHaveTextContent('¥13,200変更');

    await user.click(reviewButton());
    await screen.findByRole('dialog', { name: '変更内容の確認' });
    expect(await bodyOf(fake, PREVIEW, 1)).toEqual({ products: [{ id: 'p-1', version: 5, price: 13200 }] });
  });

  it('says plainly when the role may not save the changes (403)', async () => {
    const user = userEvent.setup();
    const fake = gridFake().on(
      'POST',
      PREVIEW,
      json({ code: 'staff.forbidden', message: 'この操作を行う権限がありません。' }, { status: 403 }),
    );
    renderAdmin('/admin/catalog/grid', fake);
    const element = await grid();
    await user.click(cellOf(element, 'CHAIR-01-NV', '在庫の増減'));
    await user.keyboard('5{Enter}');
    await user.click(reviewButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'この変更を保存する権限がありません。商品の編集には商品を編集する権限が、在庫の増減には在庫を操作する権限が必要です。',
    );
  });
});

// ---- leaving with unsaved changes -------------------------------------------------------------------

describe('一括編集: unsaved changes', () => {
  it('asks before another search or another screen, and stays when told to', async () => {
    const user = userEvent.setup();
    const fake = gridFake();
    const { router } = renderAdmin('/admin/catalog/grid', fake);
    const element = await grid();
    await user.click(cellOf(element, 'CHAIR-01', PRICE));
    await user.keyboard('13200{Enter}');

    // Another search: asked first; 編集を続ける keeps the search and the edit.
    await user.type(screen.getByLabelText('キーワード'), 'TABLE');
    await user.click(screen.getByRole('button', { name: '検索' }));
    const ask = await screen.findByRole('dialog', { name: '保存していない変更があります' });
    expect(ask).toHaveTextContent('変更したセルが1件あります。');
    await user.click(within(ask).getByRole('button', { name: '編集を続ける' }));
    expect(router.state.location.search).toBe('');
    expect(cellOf(element, 'CHAIR-01', PRICE)).toHaveTextContent('変更');
    expect(fake.callsTo(GRID)).toHaveLength(1);

    // Another screen: 変更を破棄して移動する goes.
    await user.click(screen.getByRole('link', { name: '商品管理へ戻る' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: '保存していない変更があります' })).getByRole('button', {
        name: '変更を破棄して移動する',
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: '商品管理' })).toBeInTheDocument();
  });

  it('goes to another page at once when nothing is changed', async () => {
    const user = userEvent.setup();
    const fake = gridFake();
    const { router } = renderAdmin('/admin/catalog/grid', fake);
    await grid();
    await user.type(screen.getByLabelText('キーワード'), 'TABLE');
    await user.click(screen.getByRole('button', { name: '検索' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=TABLE'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
