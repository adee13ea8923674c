import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/fake-fetch';
import { createAdminFake, paged, renderAdmin, type Role } from '../../test/render-admin';
import type { CatalogImport } from './csv-types';

const IMPORTS = '/v1/admin/catalog/imports';
const JOB = `${IMPORTS}/imp-1`;
const APPLY = `${JOB}/apply`;

// ---- answers shaped like the API's (docs/contracts/catalog-csv.md) --------------------------------

const ERRORS = [
  { line: 3, column: '販売価格', message: '0以上の整数で入力してください。' },
  { line: 7, column: 'SKU', message: '同じSKUが5行目にもあります。' },
];

/** A products import whose dry run found two lines with errors. */
function job(overrides: Partial<CatalogImport> = {}): CatalogImport {
  return {
    id: 'imp-1',
    kind: 'products',
    file_name: '商品一覧.csv',
    encoding: 'Shift_JIS',
    state: 'checked',
    total: 8,
    checked: 8,
    applied: 0,
    to_apply: 3,
    summary: {
      create: 1,
      update: 2,
      unchanged: 3,
      error_lines: 2,
      new_names: ['カテゴリ: バイク用品>新着', 'メーカー: 山田製作所'],
    },
    errors: ERRORS,
    error_count: 2,
    message: null,
    created_at: '2026-12-01T01:00:00Z',
    finished_at: null,
    staff_name: '店長 太郎',
    ...overrides,
  };
}

/** The same file without errors. */
const clean = (overrides: Partial<CatalogImport> = {}) =>
  job({ summary: { ...job().summary, error_lines: 0 }, errors: [], error_count: 0, ...overrides });

/** A signed-in back office with no import yet; `answers` are what GET …/imports/imp-1 says, one per call. */
function deskFake(answers: CatalogImport[], role: Role = 'owner') {
  let calls = 0;
  return createAdminFake(role)
    .on('GET', IMPORTS, { data: [] })
    .on('POST', IMPORTS, json(job({ state: 'checking', checked: 2 }), { status: 202 }))
    .on('GET', JOB, () => {
      const answer = answers[Math.min(calls, answers.length - 1)];
      calls += 1;
      return json(answer);
    });
}

function csv(name = '商品一覧.csv'): File {
  return new File(['商品コード,商品名\r\nJK-100,ジャケット\r\n'], name, { type: 'text/csv' });
}

async function section(name: '商品CSV' | '在庫CSV'): Promise<HTMLElement> {
  return screen.findByRole('region', { name });
}

async function uploadProducts(user: ReturnType<typeof userEvent.setup>) {
  const products = await section('商品CSV');
  await user.upload(within(products).getByLabelText('商品CSVファイル'), csv());
  return products;
}

// ---- the dry run ---------------------------------------------------------------------------------

describe('CSV入出力: the dry run', () => {
  it('shows the counts, the names it will make and the errors, and applies only the clean rows', async () => {
    const user = userEvent.setup();
    const fake = deskFake([job()]).on('POST', APPLY, json(job({ state: 'applying', applied: 0 }), { status: 202 }));
    renderAdmin('/admin/catalog/csv', fake);
    expect(await screen.findByRole('heading', { level: 1, name: 'CSV入出力' })).toBeInTheDocument();
    const products = await uploadProducts(user);

    // The dry run is checking, then (asked a second later) checked.
    expect(await within(products).findByRole('progressbar', { name: '内容の確認の進み具合' })).toHaveAttribute(
      'value',
      '2',
    );
    expect(within(products).getByText('内容を確認しています…（2 / 8行）')).toBeInTheDocument();
    const counts = await within(products).findByLabelText('確認結果', {}, { timeout: 3000 });
    expect(counts).toHaveTextContent('新規1件更新2件変更なし3件エラー行2件');
    expect(within(products).getByRole('list', { name: '新しく作られる名前' })).toHaveTextContent(
      'カテゴリ: バイク用品>新着メーカー: 山田製作所',
    );

    const rows = within(within(products).getByRole('table', { name: 'エラーの内容（2件）' })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      '行列内容',
      '3販売価格0以上の整数で入力してください。',
      '7SKU同じSKUが5行目にもあります。',
    ]);

    expect(within(products).getByRole('button', { name: '反映する' })).toBeDisabled();
    await user.click(within(products).getByRole('button', { name: 'エラーのない行だけ反映する' }));
    await waitFor(() => expect(fake.callsTo(APPLY)).toHaveLength(1));
    expect(await fake.callsTo(APPLY)[0]!.json()).toEqual({ only_clean: true });
    expect(await within(products).findByRole('progressbar', { name: '反映の進み具合' })).toBeInTheDocument();
  });

  it('enables 反映する for a clean dry run, shows the progress while applying, then 完了しました', async () => {
    const user = userEvent.setup();
    const fake = deskFake([
      clean(),
      clean({ state: 'applying', applied: 1 }),
      clean({ state: 'done', applied: 3, finished_at: '2026-12-01T01:02:00Z' }),
    ]).on('POST', APPLY, json(clean({ state: 'applying', applied: 0 }), { status: 202 }));
    renderAdmin('/admin/catalog/csv', fake);
    const products = await uploadProducts(user);

    const apply = await within(products).findByRole('button', { name: '反映する' }, { timeout: 3000 });
    expect(apply).toBeEnabled();
    expect(within(products).queryByRole('button', { name: 'エラーのない行だけ反映する' })).not.toBeInTheDocument();
    expect(within(products).queryByRole('table', { name: /エラーの内容/ })).not.toBeInTheDocument();
    expect(within(products).getByText('3件を反映します。')).toBeInTheDocument();

    await user.click(apply);
    expect(await fake.callsTo(APPLY)[0]!.json()).toEqual({ only_clean: false });
    const bar = await within(products).findByRole('progressbar', { name: '反映の進み具合' }, { timeout: 3000 });
    expect(bar).toHaveAttribute('max', '3');
    await waitFor(() => expect(bar).toHaveAttribute('value', '1'), { timeout: 3000 });
    expect(within(products).getByText('反映しています…（1 / 3件）')).toBeInTheDocument();

    expect(await within(products).findByText('完了しました。3件を反映しました。', {}, { timeout: 3000 })).toBeVisible();
    expect(within(products).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(products).getByLabelText('確認結果')).toHaveTextContent('新規1件更新2件変更なし3件エラー行0件');
  });

  it('shows the server’s sentence when the apply is refused (409: no longer 確認済み)', async () => {
    const user = userEvent.setup();
    const fake = deskFake([clean()]).on(
      'POST',
      APPLY,
      json(
        {
          message: 'この取り込みは反映できる状態ではありません。画面を読み込み直してください。',
          code: 'catalog.import.state',
        },
        { status: 409 },
      ),
    );
    renderAdmin('/admin/catalog/csv', fake);
    const products = await uploadProducts(user);
    await user.click(await within(products).findByRole('button', { name: '反映する' }, { timeout: 3000 }));
    expect(await within(products).findByRole('alert')).toHaveTextContent(
      'この取り込みは反映できる状態ではありません。画面を読み込み直してください。',
    );
  });
});

// ---- uploads, downloads and the recent imports ---------------------------------------------------

describe('CSV入出力: files', () => {
  it('sends the 在庫CSV section’s file as kind=inventory and shows a refused file’s message', async () => {
    const user = userEvent.setup();
    const fake = deskFake([job({ kind: 'inventory' })]).on(
      'POST',
      IMPORTS,
      json(
        { message: '入力内容に誤りがあります。', errors: { file: ['1行目に「SKU」の列がありません。'] } },
        { status: 422 },
      ),
    );
    renderAdmin('/admin/catalog/csv', fake);
    const inventory = await section('在庫CSV');
    await user.upload(within(inventory).getByLabelText('在庫CSVファイル'), csv('在庫.csv'));

    expect(await within(inventory).findByRole('alert')).toHaveTextContent('1行目に「SKU」の列がありません。');
    const sent = await fake
      .callsTo(IMPORTS)
      .find((request) => request.method === 'POST')!
      .formData();
    expect(sent.get('kind')).toBe('inventory');
    // (jsdom's File does not survive Node's Request intact: its name is lost, its presence is not.)
    expect(sent.has('file')).toBe(true);
  });

  it('shows a job still running after a reload, from the recent imports', async () => {
    const running = job({ kind: 'inventory', file_name: '在庫.csv', state: 'applying', applied: 40, to_apply: 100 });
    const fake = deskFake([running]).on('GET', IMPORTS, { data: [running] });
    renderAdmin('/admin/catalog/csv', fake);

    const inventory = await section('在庫CSV');
    const bar = await within(inventory).findByRole('progressbar', { name: '反映の進み具合' });
    expect(bar).toHaveAttribute('value', '40');
    expect(bar).toHaveAttribute('max', '100');
    const recent = screen.getByRole('region', { name: '最近の取り込み' });
    expect(within(recent).getAllByRole('row')[1]).toHaveTextContent('在庫CSV在庫.csv反映中40 / 100件を反映店長 太郎');
  });

  describe('downloads', () => {
    const saved: string[] = [];
    beforeEach(() => {
      saved.length = 0;
      URL.createObjectURL = vi.fn(() => 'blob:http://shop.test/file');
      URL.revokeObjectURL = vi.fn();
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push(this.download);
      });
    });
    afterEach(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });

    it('downloads the products the list found, in Shift_JIS, under the server’s file name', async () => {
      const user = userEvent.setup();
      const fake = deskFake([job()]).on(
        'GET',
        '/v1/admin/catalog/products.csv',
        () =>
          new Response(new Uint8Array([0x8f, 0xa4]), {
            headers: {
              'content-type': 'text/csv; charset=Shift_JIS',
              'content-disposition': `attachment; filename="products.csv"; filename*=UTF-8''%E5%95%86%E5%93%81%E4%B8%80%E8%A6%A7.csv`,
            },
          }),
      );
      renderAdmin('/admin/catalog/csv?status=published&q=%E3%82%B8%E3%83%A3%E3%82%B1%E3%83%83%E3%83%88', fake);
      const products = await section('商品CSV');
      expect(within(products).getByText(/商品管理で絞り込んだ商品だけを書き出します。/)).toBeInTheDocument();
      await user.click(within(products).getByRole('button', { name: 'Shift_JISでダウンロード' }));

      await waitFor(() => expect(saved).toEqual(['商品一覧.csv']));
      const query = new URL(fake.callsTo('/v1/admin/catalog/products.csv')[0]!.url).searchParams;
      expect(Object.fromEntries(query)).toEqual({ encoding: 'sjis', status: 'published', q: 'ジャケット' });
    });
  });

  it('offers a viewer the downloads but no upload', async () => {
    renderAdmin('/admin/catalog/csv', deskFake([job()], 'viewer'));
    const products = await section('商品CSV');
    expect(within(products).getByRole('button', { name: 'UTF-8でダウンロード' })).toBeEnabled();
    expect(within(products).queryByLabelText('商品CSVファイル')).not.toBeInTheDocument();
    expect(within(products).getByText('商品CSVの取り込みには、商品を編集する権限が必要です。')).toBeInTheDocument();
  });

  it('is reached from 商品管理 (「CSVで一括登録」, carrying the search) and from the menu', async () => {
    const user = userEvent.setup();
    const fake = deskFake([job()])
      .on('GET', '/v1/admin/catalog/options', { categories: [], makers: [], brands: [], tags: [] })
      .on('GET', '/v1/admin/products', () => paged([], 0, 50));
    renderAdmin('/admin/products?status=published', fake);
    const link = await screen.findByRole('link', { name: 'CSVで一括登録' });
    expect(link).toHaveAttribute('href', '/admin/catalog/csv?status=published');
    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'CSV入出力' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: '管理メニュー' });
    expect(within(menu).getByRole('link', { name: 'CSV入出力' })).toHaveAttribute('aria-current', 'page');
  });
});
