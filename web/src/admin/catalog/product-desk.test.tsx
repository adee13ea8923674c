import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-fetch';
import { createAdminFake, paged, renderAdmin, type Role } from '../../test/render-admin';
import type { AdminProduct, CatalogOptions, ProductSummary } from './product-types';

// ---- answers shaped like the API's -------------------------------------------------------------

const OPTIONS: CatalogOptions = {
  categories: [
    { id: 'c-1', name: 'ウェア', path: 'ウェア', depth: 0 },
    { id: 'c-2', name: 'ジャケット', path: 'ウェア > ジャケット', depth: 1 },
  ],
  makers: [{ id: 'mk-1', name: 'ライドワークス' }],
  brands: [{ id: 'br-1', name: 'RW Touring' }],
  tags: [
    { id: 't-1', name: '新商品' },
    { id: 't-2', name: 'セール' },
  ],
};

function summary(id: string, overrides: Partial<ProductSummary> = {}): ProductSummary {
  return {
    id,
    key: `RP-${id}`,
    code: `JK-${id}`,
    name: `ライディングジャケット ${id}`,
    price: 19800,
    before_price: null,
    tax_rate: 10,
    state: 'published',
    publish_from: null,
    publish_until: null,
    variation_count: 4,
    available: 12,
    image_url: `/images/products/${id}.svg`,
    updated_at: '2026-11-28T01:30:00Z',
    version: 1,
    ...overrides,
  } as ProductSummary;
}

function product(overrides: Partial<AdminProduct> = {}): AdminProduct {
  return {
    id: 'p-1',
    key: 'RP0100',
    code: 'JK-100',
    name: 'ライディングジャケット',
    description: '春秋向け',
    price: 19800,
    before_price: null,
    tax_rate: 10,
    maker_id: null,
    brand_id: null,
    category_ids: ['c-2'],
    tag_ids: [],
    accessory_ids: [],
    recommendation_ids: [],
    seo_title: '',
    seo_description: '',
    embroidery: null,
    is_published: true,
    publish_from: null,
    publish_until: null,
    state: 'published',
    variations: [
      {
        id: 'v-1',
        sku: 'JK-100-S',
        name: 'S',
        size_label: 'S',
        color_label: null,
        price: 19800,
        jan_code: null,
        available: 5,
        reserved: 2,
        position: 1,
      },
      {
        id: 'v-2',
        sku: 'JK-100-M',
        name: 'M',
        size_label: 'M',
        color_label: null,
        price: 19800,
        jan_code: null,
        available: 0,
        reserved: 0,
        position: 2,
      },
    ],
    images: [],
    storefront_path: '/product/RP0100',
    created_at: '2026-11-01T00:00:00Z',
    updated_at: '2026-11-20T00:00:00Z',
    version: 4,
    ...overrides,
  } as AdminProduct;
}

/** A signed-in back office whose role may (owner, manager) or may not edit the catalogue. */
function deskFake(role: Role = 'owner') {
  return createAdminFake(role)
    .on('GET', '/v1/admin/catalog/options', OPTIONS)
    .on('GET', '/v1/admin/products', () =>
      paged([summary('1'), summary('2', { state: 'scheduled', image_url: null, price: 1234567 })], 2, 50),
    );
}

function lastQuery(fake: ReturnType<typeof deskFake>, path: string): URLSearchParams {
  return new URL(fake.callsTo(path).at(-1)!.url).searchParams;
}

/** The body of the `index`th call to `path` that sends one (POST, PUT). */
async function bodyOf(fake: ReturnType<typeof deskFake>, path: string, index = 0): Promise<Record<string, unknown>> {
  const sent = fake.callsTo(path).filter((call) => call.method !== 'GET');
  return (await sent[index]!.json()) as Record<string, unknown>;
}

function cell(row: HTMLElement, label: string): HTMLElement {
  return row.querySelector<HTMLElement>(`td[data-label="${label}"]`)!;
}

// ---- the list ----------------------------------------------------------------------------------

describe('商品管理: the list', () => {
  it('shows each product’s image, code, name, tax-included price, state, 販売可能 and update time', async () => {
    renderAdmin('/admin/products', deskFake());
    expect(await screen.findByRole('heading', { level: 1, name: '商品管理' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: '管理メニュー' });
    expect(within(menu).getByRole('link', { name: '商品管理' })).toHaveAttribute('aria-current', 'page');
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(expect.arrayContaining(['商品管理', '在庫管理']));

    const table = await screen.findByRole('table', { name: '商品一覧（すべて）' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(cell(first!, '画像').querySelector('img')).toHaveAttribute('src', '/images/products/1.svg');
    expect(cell(first!, '商品コード')).toHaveTextContent('JK-1');
    expect(within(first!).getByRole('link', { name: 'ライディングジャケット 1' })).toHaveAttribute(
      'href',
      '/admin/products/1',
    );
    expect(cell(first!, '販売価格')).toHaveTextContent('¥19,800（税込）');
    expect(cell(first!, '状態')).toHaveTextContent('公開中');
    expect(cell(first!, '販売可能')).toHaveTextContent(/^12$/);
    expect(cell(first!, '更新日時')).toHaveTextContent('2026/11/28 10:30');
    expect(cell(second!, '画像')).toHaveTextContent('画像なし');
    expect(cell(second!, '販売価格')).toHaveTextContent('¥1,234,567（税込）');
    expect(cell(second!, '状態')).toHaveTextContent('公開予定');
    expect(screen.getByRole('navigation', { name: 'ページ送り' })).toHaveTextContent('全2件（1 / 1ページ）');
    expect(screen.getByRole('link', { name: '商品を登録' })).toHaveAttribute('href', '/admin/products/new');
  });

  it('offers 商品を登録 only to roles that may edit the catalogue', async () => {
    renderAdmin('/admin/products', deskFake('shipping_clerk'));
    expect(await screen.findByRole('table', { name: /^商品一覧/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '商品を登録' })).not.toBeInTheDocument();
  });

  it('keeps the tab, keyword, category and order in the address and asks the server with them', async () => {
    const user = userEvent.setup();
    const fake = deskFake();
    const { router } = renderAdmin('/admin/products', fake);

    const tabs = await screen.findByRole('navigation', { name: '公開状態の絞り込み' });
    expect(within(tabs).getByRole('link', { name: 'すべて' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(tabs).getByRole('link', { name: '公開予定' }));
    expect(router.state.location.search).toBe('?status=scheduled');
    await waitFor(() => expect(lastQuery(fake, '/v1/admin/products').get('status')).toBe('scheduled'));

    const search = screen.getByRole('form', { name: '商品の検索' });
    await user.type(within(search).getByLabelText('キーワード'), ' JK ');
    const category = within(search).getByLabelText('カテゴリ');
    const jackets = await within(category).findByRole('option', { name: 'ウェア > ジャケット' });
    await user.selectOptions(category, jackets);
    await user.selectOptions(within(search).getByLabelText('並び順'), '販売価格の安い順');
    await user.click(within(search).getByRole('button', { name: '検索' }));
    expect(router.state.location.search).toBe('?status=scheduled&q=JK&category=c-2&sort=price&dir=asc');
    await waitFor(() => expect(lastQuery(fake, '/v1/admin/products').get('sort')).toBe('price'));
    const query = lastQuery(fake, '/v1/admin/products');
    expect(Object.fromEntries(query)).toEqual({
      page: '1',
      per: '50',
      status: 'scheduled',
      q: 'JK',
      category: 'c-2',
      sort: 'price',
      dir: 'asc',
    });

    await user.click(within(tabs).getByRole('link', { name: '公開終了' }));
    expect(router.state.location.search).toBe('?status=ended&q=JK&category=c-2&sort=price&dir=asc');
    await waitFor(() => expect(document.title).toBe('商品管理（公開終了） | 管理画面'));
    expect(within(screen.getByRole('form', { name: '商品の検索' })).getByLabelText('キーワード')).toHaveValue('JK');
  });
});

// ---- the form ----------------------------------------------------------------------------------

describe('商品管理: 登録', () => {
  it('makes the size × colour rows, sends the product with each new row’s 初期在庫, and opens the new product', async () => {
    const user = userEvent.setup();
    const created = product({
      id: 'p-new',
      name: '冬用グローブ',
      code: 'GL-9',
      is_published: false,
      state: 'unpublished',
    });
    const fake = deskFake()
      .on('POST', '/v1/admin/products', () => json(created, { status: 201 }))
      .on('GET', '/v1/admin/products/p-new', created);
    const { router } = renderAdmin('/admin/products/new', fake);

    expect(await screen.findByRole('heading', { level: 1, name: '商品の登録' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('商品名'), '冬用グローブ');
    await user.type(screen.getByLabelText('商品コード'), 'GL-9');
    await user.type(screen.getByLabelText('販売価格（税込）'), '4,980');
    await user.click(screen.getByRole('radio', { name: '8%（軽減税率）' }));
    await user.click(await screen.findByRole('checkbox', { name: 'ウェア > ジャケット' }));
    await user.click(screen.getByRole('checkbox', { name: 'セール' }));
    await user.selectOptions(screen.getByLabelText('メーカー'), 'ライドワークス');
    await user.click(screen.getByRole('checkbox', { name: '公開する' }));
    await user.type(screen.getByLabelText('公開開始'), '2026-12-01T10:00');
    await user.click(screen.getByRole('checkbox', { name: '受け付ける' }));
    await user.type(screen.getByLabelText('料金（税込）'), '550');
    await user.type(screen.getByLabelText('最大文字数'), '10');

    await user.click(screen.getByRole('button', { name: 'サイズ×カラーで作成' }));
    await user.type(screen.getByLabelText('サイズ（カンマ区切り）'), 'S,M');
    await user.type(screen.getByLabelText('カラー（カンマ区切り）'), 'ネイビー,グレー{Enter}');
    const table = screen.getByRole('table', { name: 'バリエーション' });
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    expect(screen.getByLabelText('1行目のSKU')).toHaveValue('GL-9-S-01');
    expect(screen.getByLabelText('4行目のSKU')).toHaveValue('GL-9-M-02');
    expect(screen.getByLabelText('4行目のカラー')).toHaveValue('グレー');
    // The price follows 販売価格 until one of its own is typed.
    expect(screen.getByLabelText('2行目の価格')).toHaveValue('');
    expect(screen.getByLabelText('2行目の価格')).toHaveAttribute('placeholder', '販売価格');
    await user.type(screen.getByLabelText('1行目の初期在庫'), '3');
    await user.click(screen.getByRole('button', { name: '3行目を削除' }));
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(screen.getByText(/在庫数の変更は在庫管理から行います/)).toBeInTheDocument();
    // A new product takes のし and ラッピング unless told otherwise.
    expect(screen.getByRole('checkbox', { name: 'のし対応' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'ギフトラッピング対応' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: '登録する' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/products/p-new'));
    expect(await bodyOf(fake, '/v1/admin/products')).toEqual({
      code: 'GL-9',
      name: '冬用グローブ',
      description: '',
      price: 4980,
      before_price: null,
      tax_rate: 8,
      maker_id: 'mk-1',
      brand_id: null,
      category_ids: ['c-2'],
      tag_ids: ['t-2'],
      accessory_ids: [],
      recommendation_ids: [],
      seo_title: '',
      seo_description: '',
      embroidery: { price: 550, max_chars: 10 },
      takes_noshi: true,
      takes_wrapping: true,
      is_published: true,
      publish_from: '2026-12-01T10:00:00+09:00',
      publish_until: null,
      variations: [
        { sku: 'GL-9-S-01', size_label: 'S', color_label: 'ネイビー', price: 4980, jan_code: null, initial_stock: 3 },
        { sku: 'GL-9-S-02', size_label: 'S', color_label: 'グレー', price: 4980, jan_code: null },
        { sku: 'GL-9-M-02', size_label: 'M', color_label: 'グレー', price: 4980, jan_code: null },
      ],
    });
    expect(await screen.findByText('「冬用グローブ」を登録しました。')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '冬用グローブ' })).toBeInTheDocument();
  });

  it('checks the form before sending, and puts the server’s field errors next to their fields', async () => {
    const user = userEvent.setup();
    const fake = deskFake().on('POST', '/v1/admin/products', () =>
      json(
        {
          message: '入力内容をご確認ください。',
          errors: {
            code: ['この商品コードは使われています。'],
            'variations[0].sku': ['このSKUは他の商品で使われています。'],
            variations: ['バリエーションは100件までです。'],
          },
        },
        { status: 422 },
      ),
    );
    renderAdmin('/admin/products/new', fake);
    await user.click(await screen.findByRole('button', { name: '登録する' }));
    expect(await screen.findByText('商品名を入力してください')).toBeInTheDocument();
    expect(screen.getByLabelText('商品名')).toHaveFocus();
    expect(screen.getByLabelText('1行目のSKU')).toHaveAccessibleDescription('SKUを入力してください');
    expect(fake.callsTo('/v1/admin/products').filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.type(screen.getByLabelText('商品名'), 'グローブ');
    await user.type(screen.getByLabelText('商品コード'), 'GL-1');
    await user.type(screen.getByLabelText('販売価格（税込）'), '1000');
    await user.type(screen.getByLabelText('1行目のSKU'), 'GL-1');
    await user.click(screen.getByRole('button', { name: '登録する' }));

    expect(await screen.findByText('この商品コードは使われています。')).toBeInTheDocument();
    expect(screen.getByLabelText('商品コード')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('商品コード')).toHaveFocus();
    expect(screen.getByLabelText('1行目のSKU')).toHaveAccessibleDescription('このSKUは他の商品で使われています。');
    expect(screen.getByRole('group', { name: 'バリエーション' })).toHaveAccessibleDescription(
      'バリエーションは100件までです。',
    );
    expect(screen.getByText('入力内容をご確認ください。')).toBeInTheDocument();
  });

  it('is not offered to roles that may not edit the catalogue', async () => {
    renderAdmin('/admin/products/new', deskFake('viewer'));
    expect(await screen.findByRole('alert')).toHaveTextContent('商品を登録する権限がありません。');
    expect(screen.queryByRole('form', { name: '商品情報' })).not.toBeInTheDocument();
  });
});

describe('商品管理: 編集', () => {
  it('shows the saved variations’ stock read only with a link to 在庫管理, and saves with the version read', async () => {
    const user = userEvent.setup();
    const saved = product();
    const fake = deskFake()
      .on('GET', '/v1/admin/products/p-1', saved)
      .on('PUT', '/v1/admin/products/p-1', async (request) => {
        const body = (await request.clone().json()) as { name: string };
        return json({ ...saved, name: body.name, version: 5 });
      });
    renderAdmin('/admin/products/p-1', fake);

    expect(await screen.findByRole('heading', { level: 1, name: 'ライディングジャケット' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /ストアで見る/ })).toHaveAttribute('href', '/product/RP0100');
    const table = screen.getByRole('table', { name: 'バリエーション' });
    const first = within(table).getAllByRole('row')[1]!;
    expect(first).toHaveTextContent('販売可能 5 / 引当中 2');
    expect(within(first).getByRole('link', { name: '1行目（JK-100-S）の在庫を変更' })).toHaveAttribute(
      'href',
      '/admin/catalog/stock?q=JK-100-S',
    );
    expect(within(first).queryByLabelText('1行目の初期在庫')).not.toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'ウェア > ジャケット' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: '行を追加' }));
    await user.type(screen.getByLabelText('3行目のサイズ'), 'L');
    await user.type(screen.getByLabelText('3行目のSKU'), 'JK-100-L');
    await user.type(screen.getByLabelText('3行目の初期在庫'), '4');
    await user.clear(screen.getByLabelText('商品名'));
    await user.type(screen.getByLabelText('商品名'), 'ライディングジャケット改');
    await user.click(screen.getByRole('button', { name: '保存する' }));

    expect(await screen.findByText('「ライディングジャケット改」を保存しました。')).toBeInTheDocument();
    const body = await bodyOf(fake, '/v1/admin/products/p-1');
    expect(body).toMatchObject({ name: 'ライディングジャケット改', version: 4, category_ids: ['c-2'] });
    expect(body.variations).toEqual([
      { id: 'v-1', name: 'S', sku: 'JK-100-S', size_label: 'S', color_label: null, price: 19800, jan_code: null },
      { id: 'v-2', name: 'M', sku: 'JK-100-M', size_label: 'M', color_label: null, price: 19800, jan_code: null },
      { sku: 'JK-100-L', size_label: 'L', color_label: null, price: 19800, jan_code: null, initial_stock: 4 },
    ]);

    // The next save goes with the version the save answered.
    await user.click(screen.getByRole('button', { name: '保存する' }));
    await waitFor(() =>
      expect(fake.callsTo('/v1/admin/products/p-1').filter((c) => c.method === 'PUT')).toHaveLength(2),
    );
    const puts = fake.callsTo('/v1/admin/products/p-1').filter((c) => c.method === 'PUT');
    expect(((await puts[1]!.json()) as { version: number }).version).toBe(5);
  });

  it('says someone else saved first on a 409, and reads the product afresh on request', async () => {
    const user = userEvent.setup();
    let current = product();
    const fake = deskFake()
      .on('GET', '/v1/admin/products/p-1', () => json(current))
      .on('PUT', '/v1/admin/products/p-1', () => {
        current = product({ name: '別の担当者が変えた名前', version: 7 });
        return json(
          { code: 'catalog.product.stale', message: 'この商品は他の担当者が更新しました。' },
          { status: 409 },
        );
      });
    renderAdmin('/admin/products/p-1', fake);
    await screen.findByRole('heading', { level: 1, name: 'ライディングジャケット' });
    await user.type(screen.getByLabelText('説明'), '追記');
    await user.click(screen.getByRole('button', { name: '保存する' }));

    const alert = await screen.findByText(/他の担当者がこの商品を先に保存しました/);
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: '最新の内容を読み込む' }));
    expect(await screen.findByText('最新の内容を読み込みました。')).toBeInTheDocument();
    expect(screen.getByLabelText('商品名')).toHaveValue('別の担当者が変えた名前');
    expect(screen.getByLabelText('説明')).toHaveValue('春秋向け');
    expect(screen.queryByRole('button', { name: '最新の内容を読み込む' })).not.toBeInTheDocument();
  });

  it('switches 公開 at once with the version read, and makes a 複製 and opens it', async () => {
    const user = userEvent.setup();
    const copy = product({
      id: 'p-copy',
      code: 'JK-100-copy',
      is_published: false,
      state: 'unpublished',
      version: 1,
    });
    const fake = deskFake()
      .on('GET', '/v1/admin/products/p-1', product())
      .on('PUT', '/v1/admin/products/p-1/publication', () =>
        json(product({ is_published: false, state: 'unpublished', version: 5 })),
      )
      .on('POST', '/v1/admin/products/p-1/duplicate', () => json(copy, { status: 201 }))
      .on('GET', '/v1/admin/products/p-copy', copy);
    const { router } = renderAdmin('/admin/products/p-1', fake);
    await screen.findByRole('heading', { level: 1, name: 'ライディングジャケット' });
    expect(screen.getByRole('checkbox', { name: '公開する' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: '非公開にする' }));
    expect(await screen.findByText('商品を非公開にしました。')).toBeInTheDocument();
    expect(await bodyOf(fake, '/v1/admin/products/p-1/publication')).toEqual({ is_published: false, version: 4 });
    expect(screen.getByRole('button', { name: '公開する' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: '公開する' })).not.toBeChecked();
    expect(screen.getByText('非公開')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '複製' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/products/p-copy'));
    expect(
      await screen.findByText('「ライディングジャケット」を複製しました（商品コード JK-100-copy、非公開）。'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('商品コード')).toHaveValue('JK-100-copy');
  });

  it('lets roles without catalog_edit read the product but not change it', async () => {
    renderAdmin('/admin/products/p-1', deskFake('viewer').on('GET', '/v1/admin/products/p-1', product()));
    await screen.findByRole('heading', { level: 1, name: 'ライディングジャケット' });
    expect(screen.getByLabelText('商品名')).toBeDisabled();
    expect(screen.queryByRole('button', { name: '保存する' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '複製' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '1行目を削除' })).not.toBeInTheDocument();
    expect(screen.getByText('商品を編集する権限がないため、閲覧のみできます。')).toBeInTheDocument();
  });

  it('says so for an unknown product', async () => {
    renderAdmin(
      '/admin/products/p-x',
      deskFake().on('GET', '/v1/admin/products/p-x', json({ message: '見つかりません。' }, { status: 404 })),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('この商品は見つかりません。');
  });
});

describe('商品管理: のし・ラッピング、付属品・おすすめ、説明の書式', () => {
  const linked = () =>
    product({
      description: '春秋向け 防風',
      takes_noshi: true,
      takes_wrapping: true,
      accessory_ids: ['p-5', 'p-6'],
      accessories: [
        { id: 'p-5', code: 'AC-5', name: 'ヘルメットホルダー' },
        { id: 'p-6', code: 'AC-6', name: 'グローブクリップ' },
      ],
      recommendation_ids: [],
      recommendations: [],
    });

  function linkFake() {
    const saved = linked();
    return deskFake()
      .on('GET', '/v1/admin/products/p-1', saved)
      .on('GET', '/v1/admin/products', (request) =>
        new URL(request.url).searchParams.get('q') === 'グローブ'
          ? paged(
              [
                summary('p-1', { name: 'ライディングジャケット', code: 'JK-100' }),
                summary('p-6', { name: 'グローブクリップ', code: 'AC-6' }),
                summary('p-7', { name: 'ウィンターグローブ', code: 'GL-7' }),
              ],
              3,
              10,
            )
          : paged([], 0, 10),
      )
      .on('PUT', '/v1/admin/products/p-1', () => json({ ...saved, version: 5 }));
  }

  it('sends のし・ラッピング, the 付属品 in their new order and an おすすめ found by the search', async () => {
    const user = userEvent.setup();
    const fake = linkFake();
    renderAdmin('/admin/products/p-1', fake);
    await screen.findByRole('heading', { level: 1, name: 'ライディングジャケット' });

    expect(screen.getByRole('checkbox', { name: 'のし対応' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'ギフトラッピング対応' }));

    const accessories = screen.getByRole('group', { name: '付属品' });
    const [first, second] = within(within(accessories).getByRole('list', { name: '付属品の並び' })).getAllByRole(
      'listitem',
    );
    expect(first).toHaveTextContent(/^AC-5ヘルメットホルダー/);
    expect(second).toHaveTextContent(/^AC-6グローブクリップ/);
    await user.click(within(accessories).getByRole('button', { name: '「グローブクリップ」を前へ移動' }));
    expect(within(accessories).getByRole('button', { name: '「グローブクリップ」を後へ移動' })).toHaveFocus();

    const recommendations = screen.getByRole('group', { name: 'おすすめ商品' });
    expect(within(recommendations).getByText('おすすめ商品はまだありません。')).toBeInTheDocument();
    // Enter searches (it does not save the product).
    await user.type(within(recommendations).getByLabelText('おすすめ商品を検索'), 'グローブ{Enter}');
    const results = await within(recommendations).findByRole('list', { name: 'おすすめ商品の検索結果' });
    expect(Object.fromEntries(lastQuery(fake, '/v1/admin/products'))).toEqual({ q: 'グローブ', per: '10' });
    expect(fake.callsTo('/v1/admin/products/p-1').filter((call) => call.method === 'PUT')).toHaveLength(0);
    // Not the product itself.
    expect(within(results).getByRole('button', { name: '「ライディングジャケット」（この商品）' })).toBeDisabled();
    await user.click(within(results).getByRole('button', { name: '「ウィンターグローブ」をおすすめ商品に追加' }));
    expect(within(recommendations).getByRole('status')).toHaveTextContent(
      '「ウィンターグローブ」をおすすめ商品に追加しました。',
    );
    // Not twice.
    expect(within(results).getByRole('button', { name: '「ウィンターグローブ」（追加済み）' })).toBeDisabled();

    // The same search for 付属品: the one already there is not offered again.
    await user.type(within(accessories).getByLabelText('付属品を検索'), 'グローブ');
    await user.click(within(accessories).getByRole('button', { name: '付属品を検索する' }));
    const found = await within(accessories).findByRole('list', { name: '付属品の検索結果' });
    expect(within(found).getByRole('button', { name: '「グローブクリップ」（追加済み）' })).toBeDisabled();
    await user.click(within(accessories).getByRole('button', { name: '「ヘルメットホルダー」を付属品から外す' }));

    await user.click(screen.getByRole('button', { name: '保存する' }));
    await waitFor(() =>
      expect(fake.callsTo('/v1/admin/products/p-1').filter((call) => call.method === 'PUT')).toHaveLength(1),
    );
    expect(await bodyOf(fake, '/v1/admin/products/p-1')).toMatchObject({
      takes_noshi: true,
      takes_wrapping: false,
      accessory_ids: ['p-6'],
      recommendation_ids: ['p-7'],
      version: 4,
    });
  });

  it('wraps the selected words with the toolbar, asks a link’s URL in its own box, and sends the markup', async () => {
    const user = userEvent.setup();
    const fake = linkFake();
    renderAdmin('/admin/products/p-1', fake);
    await screen.findByRole('heading', { level: 1, name: 'ライディングジャケット' });
    const description = screen.getByLabelText<HTMLTextAreaElement>('説明');
    expect(description).toHaveAccessibleDescription(expect.stringContaining('使えるタグ：p br strong'));
    const toolbar = screen.getByRole('toolbar', { name: '説明の書式' });
    expect(
      within(toolbar)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['太字', '見出し', '箇条書き', '番号付き', 'リンク', '引用']);

    description.setSelectionRange(0, 4);
    await user.click(within(toolbar).getByRole('button', { name: '太字' }));
    // The first tag makes the plain text a paragraph, so the storefront still shows it as one.
    expect(description).toHaveValue('<p><strong>春秋向け</strong> 防風</p>');
    expect(description).toHaveFocus();
    expect([description.selectionStart, description.selectionEnd]).toEqual([11, 15]);

    // リンク: the selection is remembered while the URL is typed; a URL of another kind is refused.
    description.setSelectionRange(25, 27);
    await user.click(within(toolbar).getByRole('button', { name: 'リンク' }));
    const url = screen.getByLabelText('リンク先のURL');
    expect(url).toHaveFocus();
    await user.type(url, 'javascript:alert(1){Enter}');
    expect(url).toHaveAccessibleDescription(expect.stringContaining('http://・https://・mailto:'));
    expect(description).toHaveValue('<p><strong>春秋向け</strong> 防風</p>');
    await user.clear(url);
    await user.type(url, '/guide/wind{Enter}');
    expect(screen.queryByLabelText('リンク先のURL')).not.toBeInTheDocument();
    expect(description).toHaveValue('<p><strong>春秋向け</strong> <a href="/guide/wind">防風</a></p>');

    await user.click(screen.getByRole('button', { name: '保存する' }));
    await waitFor(() =>
      expect(fake.callsTo('/v1/admin/products/p-1').filter((call) => call.method === 'PUT')).toHaveLength(1),
    );
    expect((await bodyOf(fake, '/v1/admin/products/p-1')).description).toBe(
      '<p><strong>春秋向け</strong> <a href="/guide/wind">防風</a></p>',
    );
  });

  it('previews the description as the storefront will show it: no script, no event attribute', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/products/p-1', linkFake());
    await screen.findByRole('heading', { level: 1, name: 'ライディングジャケット' });
    const description = screen.getByLabelText('説明');
    await user.clear(description);
    await user.type(
      description,
      '<h3>素材</h3><p onclick="alert(1)">綿 &amp; 麻</p><script>alert(2)</script><a href="javascript:alert(3)">x</a>',
    );

    const tabs = screen.getByRole('tablist', { name: '説明の表示' });
    expect(within(tabs).getByRole('tab', { name: '編集' })).toHaveAttribute('aria-selected', 'true');
    await user.click(within(tabs).getByRole('tab', { name: 'プレビュー' }));
    const preview = screen.getByRole('tabpanel', { name: 'プレビュー' });
    expect(within(preview).getByRole('heading', { level: 3, name: '素材' })).toBeInTheDocument();
    expect(within(preview).getByText('綿 & 麻')).not.toHaveAttribute('onclick');
    expect(preview.querySelector('script')).toBeNull();
    expect(preview.querySelector('[onclick]')).toBeNull();
    expect(preview.querySelector('a')).not.toHaveAttribute('href');
    expect(preview.querySelector('a')).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(screen.queryByRole('toolbar', { name: '説明の書式' })).not.toBeInTheDocument();

    // ← → move between the tabs; the text is still there.
    await user.keyboard('{ArrowLeft}');
    expect(within(tabs).getByRole('tab', { name: '編集' })).toHaveFocus();
    expect(screen.getByLabelText<HTMLTextAreaElement>('説明').value).toContain('<script>alert(2)</script>');
  });

  it('shows the lists without their buttons to roles that may not edit the catalogue', async () => {
    renderAdmin('/admin/products/p-1', deskFake('viewer').on('GET', '/v1/admin/products/p-1', linked()));
    await screen.findByRole('heading', { level: 1, name: 'ライディングジャケット' });
    const accessories = screen.getByRole('group', { name: '付属品' });
    expect(within(accessories).getByText('ヘルメットホルダー')).toBeInTheDocument();
    expect(within(accessories).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('付属品を検索')).not.toBeInTheDocument();
    expect(screen.queryByRole('toolbar', { name: '説明の書式' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'のし対応' })).toBeDisabled();
  });
});
