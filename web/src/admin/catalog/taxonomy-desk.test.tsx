import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-fetch';
import { createAdminFake, renderAdmin, type Role } from '../../test/render-admin';
import type { AdminBrand, AdminCategory, AdminMaker, AdminTag } from './taxonomy-types';

// ---- answers shaped like the API's -------------------------------------------------------------

function category(
  id: string,
  name: string,
  path: string,
  depth: 1 | 2 | 3,
  parent_id: string | null,
  overrides: Partial<AdminCategory> = {},
): AdminCategory {
  return {
    id,
    key: `key-${id}`,
    name,
    parent_id,
    depth,
    position: 1,
    path,
    product_count: 0,
    child_count: 0,
    version: 3,
    ...overrides,
  } as AdminCategory;
}

/** バイク用品 > (グローブ > ウィンター, ヘルメット), ウェア — in tree order, as the server answers. */
const TREE: AdminCategory[] = [
  category('c-1', 'バイク用品', 'バイク用品', 1, null, { child_count: 2 }),
  category('c-2', 'グローブ', 'バイク用品 > グローブ', 2, 'c-1', { product_count: 12, child_count: 1 }),
  category('c-3', 'ウィンター', 'バイク用品 > グローブ > ウィンター', 3, 'c-2', { product_count: 4 }),
  category('c-4', 'ヘルメット', 'バイク用品 > ヘルメット', 2, 'c-1', { position: 2, version: 7 }),
  category('c-5', 'ウェア', 'ウェア', 1, null, { position: 2 }),
];

const MAKERS: AdminMaker[] = [
  {
    id: 'mk-1',
    key: 'rideworks',
    name: 'ライドワークス',
    name_kana: 'らいどわーくす',
    description: '',
    url: 'https://rideworks.example.jp',
    product_count: 8,
    version: 2,
  } as AdminMaker,
];

const BRANDS: AdminBrand[] = [
  {
    id: 'br-1',
    key: 'rw-touring',
    name: 'RW Touring',
    maker_id: 'mk-1',
    description: '',
    product_count: 5,
    version: 1,
  },
  { id: 'br-2', key: 'plain', name: 'プレーン', maker_id: null, description: '', product_count: 0, version: 1 },
] as AdminBrand[];

const TAGS: AdminTag[] = [
  { id: 't-1', key: 'new', name: '新商品', has_password: false, product_count: 20, version: 1 },
  { id: 't-2', key: 'members', name: '会員限定', has_password: true, product_count: 3, version: 5 },
] as AdminTag[];

function deskFake(role: Role = 'owner') {
  return createAdminFake(role)
    .on('GET', '/v1/admin/categories', { data: TREE })
    .on('GET', '/v1/admin/makers', { data: MAKERS })
    .on('GET', '/v1/admin/brands', { data: BRANDS })
    .on('GET', '/v1/admin/tags', { data: TAGS });
}

/** The body of the `index`th call to `path` that sends one (POST, PUT). */
async function bodyOf(fake: ReturnType<typeof deskFake>, path: string, index = 0): Promise<unknown> {
  const sent = fake.callsTo(path).filter((call) => call.method !== 'GET' && call.method !== 'DELETE');
  return sent[index]!.json();
}

function cell(row: HTMLElement, label: string): HTMLElement {
  return row.querySelector<HTMLElement>(`td[data-label="${label}"]`)!;
}

async function treeRows(): Promise<HTMLElement[]> {
  const table = await screen.findByRole('table', { name: 'カテゴリ一覧（ツリー順）' });
  return within(table).getAllByRole('row').slice(1);
}

// ---- カテゴリ ----------------------------------------------------------------------------------

describe('分類管理: カテゴリ', () => {
  it('shows the tree in its order, each level indented, with its path and 商品数', async () => {
    renderAdmin('/admin/catalog/taxonomy', deskFake());
    expect(await screen.findByRole('heading', { level: 1, name: '分類管理' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: '管理メニュー' });
    expect(within(menu).getByRole('link', { name: '分類管理' })).toHaveAttribute('aria-current', 'page');
    const tabs = screen.getByRole('navigation', { name: '分類の種類' });
    expect(within(tabs).getByRole('link', { name: 'カテゴリ' })).toHaveAttribute('aria-current', 'page');

    const rows = await treeRows();
    expect(rows.map((row) => cell(row, 'カテゴリ名').textContent)).toEqual([
      'バイク用品（第1階層）',
      '└グローブ（第2階層）',
      '└ウィンター（第3階層）',
      '└ヘルメット（第2階層）',
      'ウェア（第1階層）',
    ]);
    expect(rows.map((row) => row.dataset.depth)).toEqual(['1', '2', '3', '2', '1']);
    expect(cell(rows[2]!, 'パス')).toHaveTextContent('バイク用品 > グローブ > ウィンター');
    expect(cell(rows[1]!, '商品数')).toHaveTextContent('12件');

    // 上へ / 下へ among siblings only; no child under the third level.
    expect(screen.getByRole('button', { name: '「バイク用品」を上へ' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '「バイク用品」を下へ' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '「グローブ」を上へ' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '「ヘルメット」を下へ' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '「ウィンター」を下へ' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '「グローブ」に子カテゴリを追加' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '「ウィンター」に子カテゴリを追加' })).not.toBeInTheDocument();
    expect(document.title).toBe('分類管理（カテゴリ） | 管理画面');
  });

  it('adds a child under the chosen category and reads the tree again', async () => {
    const user = userEvent.setup();
    const fake = deskFake().on('POST', '/v1/admin/categories', () =>
      json(category('c-9', 'レイン', 'バイク用品 > レイン', 2, 'c-1', { position: 3, version: 1 }), { status: 201 }),
    );
    renderAdmin('/admin/catalog/taxonomy', fake);
    await user.click(await screen.findByRole('button', { name: '「バイク用品」に子カテゴリを追加' }));

    const dialog = screen.getByRole('dialog', { name: 'カテゴリを追加' });
    const parent = within(dialog).getByLabelText('親カテゴリ');
    expect(parent).toHaveValue('c-1');
    // Under the first two levels only.
    expect(
      within(parent)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['なし（トップレベル）', 'バイク用品', 'バイク用品 > グローブ', 'バイク用品 > ヘルメット', 'ウェア']);
    expect(within(dialog).getByLabelText('カテゴリ名')).toHaveFocus();
    await user.type(within(dialog).getByLabelText('カテゴリ名'), ' レイン ');
    await user.click(within(dialog).getByRole('button', { name: '追加する' }));

    expect(await screen.findByText('カテゴリ「レイン」を追加しました（バイク用品 > レイン）。')).toBeInTheDocument();
    expect(await bodyOf(fake, '/v1/admin/categories')).toEqual({ name: 'レイン', parent_id: 'c-1' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fake.callsTo('/v1/admin/categories').filter((call) => call.method === 'GET')).toHaveLength(2);
  });

  it('checks the name before sending and puts the server’s field message next to its field', async () => {
    const user = userEvent.setup();
    const fake = deskFake().on('POST', '/v1/admin/categories', () =>
      json(
        { message: '入力内容をご確認ください。', errors: { parent_id: ['3階層目のカテゴリの下には追加できません。'] } },
        { status: 422 },
      ),
    );
    renderAdmin('/admin/catalog/taxonomy', fake);
    await user.click(await screen.findByRole('button', { name: 'カテゴリを追加' }));
    const dialog = screen.getByRole('dialog', { name: 'カテゴリを追加' });
    await user.click(within(dialog).getByRole('button', { name: '追加する' }));
    expect(within(dialog).getByLabelText('カテゴリ名')).toHaveAccessibleDescription('カテゴリ名を入力してください');
    expect(fake.callsTo('/v1/admin/categories').filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('カテゴリ名'), 'x'.repeat(101));
    await user.click(within(dialog).getByRole('button', { name: '追加する' }));
    expect(within(dialog).getByLabelText('カテゴリ名')).toHaveAccessibleDescription('100文字以内で入力してください');

    await user.clear(within(dialog).getByLabelText('カテゴリ名'));
    await user.type(within(dialog).getByLabelText('カテゴリ名'), 'ソファ');
    const parent = within(dialog).getByLabelText('親カテゴリ');
    await user.selectOptions(parent, within(parent).getByRole('option', { name: 'バイク用品 > グローブ' }));
    await user.click(within(dialog).getByRole('button', { name: '追加する' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('親カテゴリ')).toHaveAccessibleDescription(
        expect.stringContaining('3階層目のカテゴリの下には追加できません。'),
      ),
    );
    expect(within(dialog).getByLabelText('親カテゴリ')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('moves a category among its siblings with the version read, keeping the focus on its button', async () => {
    const user = userEvent.setup();
    const fake = deskFake().on('PUT', '/v1/admin/categories/c-4/position', () =>
      json({ ...TREE[3], position: 1, version: 8 }),
    );
    renderAdmin('/admin/catalog/taxonomy', fake);
    const up = await screen.findByRole('button', { name: '「ヘルメット」を上へ' });
    up.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('「ヘルメット」を上へ移動しました。')).toBeInTheDocument();
    expect(await bodyOf(fake, '/v1/admin/categories/c-4/position')).toEqual({ direction: 'up', version: 7 });
    await waitFor(() => expect(screen.getByRole('button', { name: '「ヘルメット」を上へ' })).toHaveFocus());
  });

  it('says someone else changed the category first on a 409, and reads the tree afresh on request', async () => {
    const user = userEvent.setup();
    let tree = TREE;
    const fake = deskFake()
      .on('GET', '/v1/admin/categories', () => json({ data: tree }))
      .on('PUT', '/v1/admin/categories/c-2', () => {
        tree = TREE.map((c) => (c.id === 'c-2' ? { ...c, name: '手袋', path: 'バイク用品 > 手袋', version: 9 } : c));
        return json({ code: 'catalog.taxonomy.stale', message: '他の担当者が更新しました。' }, { status: 409 });
      });
    renderAdmin('/admin/catalog/taxonomy', fake);
    await user.click(await screen.findByRole('button', { name: '「グローブ」を編集' }));
    const dialog = screen.getByRole('dialog', { name: 'カテゴリの編集：グローブ' });
    // Not under itself nor its own child; under a top-level category its two levels still fit.
    expect(
      within(within(dialog).getByLabelText('親カテゴリ'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['なし（トップレベル）', 'バイク用品', 'ウェア']);
    const name = within(dialog).getByLabelText('カテゴリ名');
    await user.clear(name);
    await user.type(name, 'グローブ類');
    await user.click(within(dialog).getByRole('button', { name: '保存する' }));
    expect(await bodyOf(fake, '/v1/admin/categories/c-2')).toEqual({
      name: 'グローブ類',
      parent_id: 'c-1',
      version: 3,
    });

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('他の担当者がこの内容を先に変更しました。最新の内容を読み込んでから');
    await user.click(within(alert).getByRole('button', { name: '最新の内容を読み込む' }));
    expect(await screen.findByText('最新の内容を読み込みました。')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '「手袋」を編集' })).toBeInTheDocument();
  });

  it('gives a category a picture through the photo upload, shows it, and sends its url with the version read', async () => {
    const user = userEvent.setup();
    const fake = deskFake()
      .on('POST', '/v1/admin/catalog/photos', () =>
        json(
          {
            url: '/media/ab12-960.webp',
            srcset: '/media/ab12-480.webp 480w, /media/ab12-960.webp 960w',
            width: 960,
            height: 320,
            name: 'banner.png',
          },
          { status: 201 },
        ),
      )
      .on('PUT', '/v1/admin/categories/c-4', () =>
        json({ ...TREE[3], image_url: '/media/ab12-960.webp', image_srcset: null, version: 8 }),
      );
    renderAdmin('/admin/catalog/taxonomy', fake);
    await user.click(await screen.findByRole('button', { name: '「ヘルメット」を編集' }));
    const dialog = screen.getByRole('dialog', { name: 'カテゴリの編集：ヘルメット' });
    const picture = within(dialog).getByRole('group', { name: 'カテゴリ画像' });
    expect(picture).toHaveTextContent('画像はありません。');
    expect(picture).toHaveAccessibleDescription(
      expect.stringContaining('カテゴリページの上部にバナーとして表示します'),
    );

    await user.upload(
      within(picture).getByLabelText('画像を選ぶ'),
      new File(['png'], 'banner.png', { type: 'image/png' }),
    );
    const shown = await within(picture).findByRole('img', { name: 'カテゴリ画像のプレビュー' });
    expect(shown).toHaveAttribute('src', '/media/ab12-960.webp');
    expect(shown).toHaveAttribute('srcset', '/media/ab12-480.webp 480w, /media/ab12-960.webp 960w');
    const sent = await fake.callsTo('/v1/admin/catalog/photos')[0]!.formData();
    // (jsdom's File does not survive Node's Request intact: its name is not checked here.)
    expect(sent.has('file')).toBe(true);

    // The save waits for the upload to settle (its button is busy until then).
    await user.click(await within(dialog).findByRole('button', { name: '保存する' }));
    expect(await screen.findByText('カテゴリ「ヘルメット」を保存しました。')).toBeInTheDocument();
    expect(await bodyOf(fake, '/v1/admin/categories/c-4')).toEqual({
      name: 'ヘルメット',
      parent_id: 'c-1',
      image_url: '/media/ab12-960.webp',
      version: 7,
    });
  });

  it('takes a category’s picture off (image_url null), and says why the server refuses a picture', async () => {
    const user = userEvent.setup();
    const withPicture = TREE.map((c) =>
      c.id === 'c-5' ? { ...c, image_url: '/media/cd34-960.webp', image_srcset: '/media/cd34-960.webp 960w' } : c,
    );
    let answer = json(
      {
        message: '入力内容をご確認ください。',
        errors: { image_url: ['画像が見つかりません。もう一度アップロードしてください。'] },
      },
      { status: 422 },
    );
    const fake = deskFake()
      .on('GET', '/v1/admin/categories', { data: withPicture })
      .on('PUT', '/v1/admin/categories/c-5', () => answer);
    renderAdmin('/admin/catalog/taxonomy', fake);
    await user.click(await screen.findByRole('button', { name: '「ウェア」を編集' }));
    const dialog = screen.getByRole('dialog', { name: 'カテゴリの編集：ウェア' });
    const picture = within(dialog).getByRole('group', { name: 'カテゴリ画像' });
    expect(within(picture).getByRole('img', { name: 'カテゴリ画像のプレビュー' })).toHaveAttribute(
      'src',
      '/media/cd34-960.webp',
    );

    // Saved unchanged, the picture is left out of the body; the server's refusal is said beside it.
    await user.click(within(dialog).getByRole('button', { name: '保存する' }));
    expect(await within(picture).findByRole('alert')).toHaveTextContent(
      '画像が見つかりません。もう一度アップロードしてください。',
    );
    expect(await bodyOf(fake, '/v1/admin/categories/c-5')).toEqual({ name: 'ウェア', parent_id: null, version: 3 });

    answer = json({ ...withPicture[4], image_url: null, image_srcset: null, version: 4 });
    await user.click(within(picture).getByRole('button', { name: '画像を外す' }));
    expect(within(picture).queryByRole('img')).not.toBeInTheDocument();
    expect(within(picture).getByLabelText('画像を選ぶ')).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('カテゴリ「ウェア」を保存しました。')).toBeInTheDocument();
    expect(await bodyOf(fake, '/v1/admin/categories/c-5', 1)).toEqual({
      name: 'ウェア',
      parent_id: null,
      image_url: null,
      version: 3,
    });
  });

  it('shows the server’s reason when a category with products cannot be deleted', async () => {
    const user = userEvent.setup();
    const fake = deskFake().on(
      'DELETE',
      '/v1/admin/categories/c-3',
      json(
        {
          message: '入力内容をご確認ください。',
          errors: { category: ['このカテゴリに商品が 4 件登録されています。先に商品のカテゴリを変更してください。'] },
        },
        { status: 422 },
      ),
    );
    renderAdmin('/admin/catalog/taxonomy', fake);
    await user.click(await screen.findByRole('button', { name: '「ウィンター」を削除' }));
    const dialog = screen.getByRole('dialog', { name: '「ウィンター」を削除しますか？' });
    expect(dialog).toHaveTextContent('子カテゴリ 0件・商品 4件が登録されています。');
    expect(within(dialog).getByRole('button', { name: 'やめる' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: '削除する' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'このカテゴリに商品が 4 件登録されています。先に商品のカテゴリを変更してください。',
    );
    const sent = fake.callsTo('/v1/admin/categories/c-3')[0]!;
    expect(new URL(sent.url).searchParams.get('version')).toBe('3');
  });

  it('shows roles without catalog_edit the tree read-only', async () => {
    renderAdmin('/admin/catalog/taxonomy', deskFake('viewer'));
    expect(await treeRows()).toHaveLength(5);
    expect(screen.getByText('分類を変更する権限がないため、閲覧のみできます。')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'カテゴリを追加' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /を編集$|を削除$|を上へ$|子カテゴリを追加$/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: '操作' })).not.toBeInTheDocument();
  });
});

// ---- メーカー, ブランド, タグ ------------------------------------------------------------------

describe('分類管理: メーカー・ブランド・タグ', () => {
  it('keeps the tab in the address and adds a maker, with the server’s よみがな message beside its field', async () => {
    const user = userEvent.setup();
    let answer = json(
      {
        message: '入力内容をご確認ください。',
        errors: { name_kana: ['よみがなはひらがなかカタカナで入力してください。'] },
      },
      { status: 422 },
    );
    const fake = deskFake().on('POST', '/v1/admin/makers', () => answer);
    const { router } = renderAdmin('/admin/catalog/taxonomy', fake);
    const tabs = await screen.findByRole('navigation', { name: '分類の種類' });
    await user.click(within(tabs).getByRole('link', { name: 'メーカー' }));
    expect(router.state.location.search).toBe('?tab=makers');

    const table = await screen.findByRole('table', { name: 'メーカー一覧' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(cell(row, 'メーカー名')).toHaveTextContent('ライドワークス');
    expect(cell(row, 'よみがな')).toHaveTextContent('らいどわーくす');
    expect(cell(row, '商品数')).toHaveTextContent('8件');

    await user.click(screen.getByRole('button', { name: 'メーカーを追加' }));
    const dialog = screen.getByRole('dialog', { name: 'メーカーを追加' });
    await user.type(within(dialog).getByLabelText('メーカー名'), 'ACME');
    await user.type(within(dialog).getByLabelText('よみがな'), 'ACME');
    await user.type(within(dialog).getByLabelText('URL'), 'ftp://acme');
    await user.click(within(dialog).getByRole('button', { name: '追加する' }));
    expect(within(dialog).getByLabelText('URL')).toHaveAccessibleDescription(
      expect.stringContaining('URLは http:// または https:// で始めてください'),
    );
    await user.clear(within(dialog).getByLabelText('URL'));
    await user.click(within(dialog).getByRole('button', { name: '追加する' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('よみがな')).toHaveAccessibleDescription(
        expect.stringContaining('よみがなはひらがなかカタカナで入力してください。'),
      ),
    );
    expect(within(dialog).getByLabelText('よみがな')).toHaveFocus();

    answer = json({ ...MAKERS[0], id: 'mk-2', name: 'ACME', name_kana: 'あくめ', url: null }, { status: 201 });
    await user.clear(within(dialog).getByLabelText('よみがな'));
    await user.type(within(dialog).getByLabelText('よみがな'), 'あくめ');
    await user.click(within(dialog).getByRole('button', { name: '追加する' }));
    expect(await screen.findByText('メーカー「ACME」を追加しました。')).toBeInTheDocument();
    expect(await bodyOf(fake, '/v1/admin/makers', 1)).toEqual({
      name: 'ACME',
      name_kana: 'あくめ',
      description: '',
      url: null,
    });
  });

  it('edits a brand’s maker chosen from the makers, with the version read', async () => {
    const user = userEvent.setup();
    const fake = deskFake().on('PUT', '/v1/admin/brands/br-2', () =>
      json({ ...BRANDS[1], maker_id: 'mk-1', version: 2 }),
    );
    renderAdmin('/admin/catalog/taxonomy?tab=brands', fake);
    const table = await screen.findByRole('table', { name: 'ブランド一覧' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(await within(first!).findByText('ライドワークス')).toBeInTheDocument();
    expect(cell(second!, 'メーカー')).toHaveTextContent('なし');

    await user.click(screen.getByRole('button', { name: '「プレーン」を編集' }));
    const dialog = screen.getByRole('dialog', { name: 'ブランドの編集：プレーン' });
    await user.selectOptions(within(dialog).getByLabelText('メーカー'), 'ライドワークス');
    await user.click(within(dialog).getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('ブランド「プレーン」を保存しました。')).toBeInTheDocument();
    expect(await bodyOf(fake, '/v1/admin/brands/br-2')).toEqual({
      name: 'プレーン',
      maker_id: 'mk-1',
      description: '',
      version: 1,
    });
  });

  it('marks password tags, sets a password of 8–64 characters and clears one', async () => {
    const user = userEvent.setup();
    const fake = deskFake()
      .on('PUT', '/v1/admin/tags/t-1/password', () => json({ ...TAGS[0], has_password: true, version: 2 }))
      .on('PUT', '/v1/admin/tags/t-2/password', () => json({ ...TAGS[1], has_password: false, version: 6 }));
    renderAdmin('/admin/catalog/taxonomy?tab=tags', fake);
    const table = await screen.findByRole('table', { name: 'タグ一覧' });
    const [, open, locked] = within(table).getAllByRole('row');
    expect(cell(open!, 'タグ名')).not.toHaveTextContent('パスワード付き');
    expect(cell(locked!, 'タグ名')).toHaveTextContent('会員限定パスワード付き');
    expect(cell(locked!, '商品数')).toHaveTextContent('3件');

    await user.click(screen.getByRole('button', { name: '「新商品」のパスワード' }));
    let dialog = screen.getByRole('dialog', { name: 'タグ「新商品」のパスワード' });
    expect(dialog).toHaveTextContent('お客様はこのパスワードの入力が必要になります');
    await user.type(within(dialog).getByLabelText('パスワード'), 'short');
    await user.click(within(dialog).getByRole('button', { name: 'パスワードを設定する' }));
    expect(within(dialog).getByLabelText('パスワード')).toHaveAccessibleDescription(
      expect.stringContaining('パスワードは8〜64文字で入力してください'),
    );
    await user.type(within(dialog).getByLabelText('パスワード'), '-members');
    await user.click(within(dialog).getByRole('button', { name: 'パスワードを設定する' }));
    expect(await screen.findByText('タグ「新商品」にパスワードを設定しました。')).toBeInTheDocument();
    expect(await bodyOf(fake, '/v1/admin/tags/t-1/password')).toEqual({ password: 'short-members', version: 1 });

    await user.click(screen.getByRole('button', { name: '「会員限定」のパスワード' }));
    dialog = screen.getByRole('dialog', { name: 'タグ「会員限定」のパスワード' });
    await user.click(within(dialog).getByRole('button', { name: 'パスワードを解除する' }));
    expect(await screen.findByText('タグ「会員限定」のパスワードを解除しました。')).toBeInTheDocument();
    expect(await bodyOf(fake, '/v1/admin/tags/t-2/password')).toEqual({ password: null, version: 5 });
  });

  it('adds a tag, and shows the tabs read-only to roles without catalog_edit', async () => {
    const user = userEvent.setup();
    const fake = deskFake().on('POST', '/v1/admin/tags', () =>
      json({ ...TAGS[0], id: 't-9', name: '限定' }, { status: 201 }),
    );
    const owner = renderAdmin('/admin/catalog/taxonomy?tab=tags', fake);
    await user.click(await screen.findByRole('button', { name: 'タグを追加' }));
    const dialog = screen.getByRole('dialog', { name: 'タグを追加' });
    await user.type(within(dialog).getByLabelText('タグ名'), '限定');
    await user.click(within(dialog).getByRole('button', { name: '追加する' }));
    expect(await screen.findByText('タグ「限定」を追加しました。')).toBeInTheDocument();
    expect(await bodyOf(fake, '/v1/admin/tags')).toEqual({ name: '限定' });
    owner.unmount();

    for (const tab of ['makers', 'brands', 'tags']) {
      const view = renderAdmin(`/admin/catalog/taxonomy?tab=${tab}`, deskFake('order_clerk'));
      expect(await screen.findByRole('table')).toBeInTheDocument();
      expect(screen.getByText('分類を変更する権限がないため、閲覧のみできます。')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /追加|編集|削除|パスワード|名前を変更/ })).not.toBeInTheDocument();
      view.unmount();
    }
  });

  it('sends a signed-out visitor to the login without asking for the tree', async () => {
    const fake = createAdminFake(null);
    renderAdmin('/admin/catalog/taxonomy', fake);
    expect(await screen.findByRole('heading', { name: '管理画面ログイン' })).toBeInTheDocument();
    expect(fake.callsTo('/v1/admin/categories')).toHaveLength(0);
  });
});
