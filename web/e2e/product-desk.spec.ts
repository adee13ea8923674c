/**
 * 商品管理 (issue 31) in real Chromium against the real server: an owner registers a product
 * (a name unique to the run) with two axes — sizes S, M × colours ネイビー, グレー made by
 * 「サイズ×カラーで作成」 — and publishes it; from the form's 「在庫を変更」 goes to 在庫管理 and
 * adds 5 as 入荷 to one variation. Back on the form (catalog-extras.md) it takes ギフトラッピング off,
 * adds another product as おすすめ through the form's search and makes a word of the 説明 bold
 * with the toolbar (the preview shows it bold); a reload shows all three kept. A visitor then finds the product by its name with the
 * storefront's keyword search, opens it, and buys that variation as a guest (代金引換); the
 * variation's ledger (在庫履歴) then has the 販売 line. The screens have no serious axe violation
 * (the back office's CSP enforced). A short @phone check opens the list and the form at 375 px.
 */
import type { Locator, Page } from '@playwright/test';
import { expectNoSidewaysScroll } from './member-session';
import { adminMenu, signInStaff } from './staff-session';
import { expect, keepScreenshot, seriousViolations, test } from './support';

function variationsTable(page: Page): Locator {
  return page.getByRole('table', { name: 'バリエーション' });
}

/** The guest's orderer form (as cart.spec.ts fills it), the order going to the orderer's address. */
async function fillGuest(page: Page, email: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'ご注文者情報の入力' })).toBeVisible();
  const form = page.getByRole('form', { name: 'ご注文者とお届け先の入力' });
  await form.getByLabel(/^お名前（姓）/).fill('商品');
  await form.getByLabel(/^お名前（名）/).fill('花子');
  await form.getByLabel(/^フリガナ（セイ）/).fill('ショウヒン');
  await form.getByLabel(/^フリガナ（メイ）/).fill('ハナコ');
  await form.getByLabel(/^メールアドレス/).fill(email);
  await form.getByLabel(/^電話番号/).fill('03-1234-5678');
  await form.getByLabel(/^郵便番号/).fill('1000001');
  await form.getByRole('button', { name: '住所を自動入力' }).click();
  await expect(form.getByLabel(/^都道府県/)).toHaveValue('東京都');
  await form.getByLabel(/^番地/).fill('1-1');
  await form.getByRole('button', { name: '次へ進む' }).click();
}

test.describe('product desk', () => {
  test.setTimeout(150_000);

  test('an owner registers a product with S, M × ネイビー, グレー, stocks one, and a visitor finds and buys it', async ({
    page,
  }, testInfo) => {
    const stamp = Date.now();
    const name = `E2Eパーカー${stamp}`;
    const code = `E2E-${stamp}`;

    // (1) The product list, after signing in; 「商品を登録」.
    await page.goto('/admin/products');
    await expect(page.getByRole('heading', { name: '管理画面ログイン' })).toBeVisible();
    await signInStaff(page, 'products');
    await expect(page).toHaveURL(/\/admin\/products$/);
    await expect(page.getByRole('heading', { level: 1, name: '商品管理' })).toBeVisible();
    await expect((await adminMenu(page)).getByRole('link', { name: '商品管理' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(
      page
        .getByRole('table', { name: /^商品一覧/ })
        .getByRole('row')
        .nth(1),
    ).toBeVisible();
    expect(await seriousViolations(page, { underCsp: true })).toEqual([]);
    // Another product, to be this one's おすすめ later: the list's first row.
    const otherName = (
      (await page
        .getByRole('table', { name: /^商品一覧/ })
        .getByRole('row')
        .nth(1)
        .locator('td[data-label="商品名"]')
        .getByRole('link')
        .textContent()) ?? ''
    ).trim();
    expect(otherName).not.toBe('');
    await page.getByRole('link', { name: '商品を登録' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '商品の登録' })).toBeVisible();

    // (2) The form: 基本情報, 価格, a category, 公開, and the rows made by サイズ×カラー.
    await page.getByLabel('商品名').fill(name);
    await page.getByLabel('商品コード').fill(code);
    await page.getByLabel('説明', { exact: true }).fill('E2Eで登録したパーカーです。');
    await page.getByLabel('販売価格（税込）').fill('3,980');
    await page.getByRole('radio', { name: '10%（標準税率）' }).check();
    const categories = page.getByRole('group', { name: 'カテゴリ' });
    await categories.getByRole('checkbox').first().check();
    await page.getByRole('checkbox', { name: '公開する' }).check();
    await page.getByRole('button', { name: 'サイズ×カラーで作成' }).click();
    await page.getByLabel('サイズ（カンマ区切り）').fill('S,M');
    await page.getByLabel('カラー（カンマ区切り）').fill('ネイビー,グレー');
    await page.getByRole('button', { name: '行を作成' }).click();
    await expect(variationsTable(page).getByRole('row')).toHaveCount(5);
    const sku = await page.getByLabel('1行目のSKU').inputValue();
    expect(sku.startsWith(`${code}-S-`)).toBe(true);
    await expect(page.getByLabel('1行目のカラー')).toHaveValue('ネイビー');
    await expect(page.getByLabel('4行目のサイズ')).toHaveValue('M');
    await expect(page.getByText(/在庫数の変更は在庫管理から行います/)).toBeVisible();
    await keepScreenshot(page, testInfo, 'product-desk-new');
    expect(await seriousViolations(page, { underCsp: true })).toEqual([]);
    await page.getByRole('button', { name: '登録する' }).click();

    // (3) The product's page: its name, 公開中, and the four variations with 販売可能 0.
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText(`「${name}」を登録しました。`)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/products\/[^/]+$/);
    const productUrl = page.url();
    await expect(page.getByText('公開中', { exact: true })).toBeVisible();
    const firstRow = variationsTable(page).getByRole('row').nth(1);
    await expect(firstRow).toContainText('販売可能 0 / 引当中 0');
    await expect(page.getByRole('link', { name: /ストアで見る/ })).toHaveAttribute('href', /^\/product\//);
    await keepScreenshot(page, testInfo, 'product-desk-edit');
    expect(await seriousViolations(page, { underCsp: true })).toEqual([]);

    // (3b) The extras: ギフトラッピング off (のし stays), an おすすめ found by the form's search,
    // 「パーカー」 of the 説明 made bold with the toolbar; saved, and kept after a reload.
    await expect(page.getByRole('checkbox', { name: 'のし対応' })).toBeChecked();
    await page.getByRole('checkbox', { name: 'ギフトラッピング対応' }).uncheck();
    const recommendations = page.getByRole('group', { name: 'おすすめ商品' });
    await recommendations.getByLabel('おすすめ商品を検索').fill(otherName);
    await recommendations.getByRole('button', { name: 'おすすめ商品を検索する' }).click();
    await recommendations
      .getByRole('list', { name: 'おすすめ商品の検索結果' })
      .getByRole('button', { name: `「${otherName}」をおすすめ商品に追加` })
      .first()
      .click();
    const chosen = recommendations.getByRole('list', { name: 'おすすめ商品の並び' }).getByRole('listitem');
    await expect(chosen).toHaveCount(1);
    await expect(chosen).toContainText(otherName);
    const description = page.getByLabel('説明', { exact: true });
    const plain = await description.inputValue();
    const word = plain.indexOf('パーカー');
    expect(word).toBeGreaterThanOrEqual(0);
    await description.evaluate(
      (area: HTMLTextAreaElement, [start, end]) => {
        area.focus();
        area.setSelectionRange(start, end);
      },
      [word, word + 'パーカー'.length] as const,
    );
    await page.getByRole('toolbar', { name: '説明の書式' }).getByRole('button', { name: '太字' }).click();
    // The first tag makes the plain text a paragraph, so it still shows as one.
    const bold = `<p>${plain.replace('パーカー', '<strong>パーカー</strong>')}</p>`;
    await expect(description).toHaveValue(bold);
    await page.getByRole('tab', { name: 'プレビュー' }).click();
    await expect(page.getByRole('tabpanel', { name: 'プレビュー' }).locator('strong')).toHaveText('パーカー');
    await keepScreenshot(page, testInfo, 'product-desk-extras');
    expect(await seriousViolations(page, { underCsp: true })).toEqual([]);
    await page.getByRole('button', { name: '保存する' }).click();
    await expect(page.getByText(`「${name}」を保存しました。`)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'ギフトラッピング対応' })).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'のし対応' })).toBeChecked();
    await expect(chosen).toHaveCount(1);
    await expect(chosen).toContainText(otherName);
    await expect(page.getByLabel('説明', { exact: true })).toHaveValue(bold);

    // (4) 「在庫を変更」: the stock desk, searched for the variation's SKU; +5 as 入荷.
    await firstRow.getByRole('link', { name: /の在庫を変更$/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: '在庫管理' })).toBeVisible();
    const stockRow = page
      .getByRole('table', { name: /^在庫一覧/ })
      .getByRole('row')
      .filter({ has: page.getByText(sku, { exact: true }) });
    await expect(stockRow).toHaveCount(1);
    await stockRow.getByRole('button', { name: /の入出庫$/ }).click();
    const adjust = page.getByRole('dialog', { name: /^入出庫：/ });
    await adjust.getByLabel('数量').fill('5');
    await adjust.getByLabel('理由').selectOption({ label: '入荷' });
    await expect(adjust).toContainText('販売可能 0 → 5');
    await adjust.getByRole('button', { name: '記録する' }).click();
    await expect(page.getByText(/：入荷 \+5を記録しました（販売可能 0 → 5）。$/)).toBeVisible();

    // The product's form shows the stock it now has, read only.
    await page.goto(productUrl);
    await expect(variationsTable(page).getByRole('row').nth(1)).toContainText('販売可能 5 / 引当中 0');

    // (5) A visitor: the keyword search finds the product by its name (the index may take a moment:
    // the page is asked again until it lists it).
    await page.goto('/product');
    await page.getByRole('searchbox', { name: 'キーワード' }).fill(name);
    await page.getByRole('search', { name: '商品検索' }).getByRole('button', { name: '検索' }).click();
    await expect(page).toHaveURL(new RegExp(`keyword=${encodeURIComponent(name)}`));
    const results = page.getByRole('list', { name: '商品一覧' });
    const found = results.getByRole('link', { name: new RegExp(name) }).first();
    await expect(async () => {
      if (!(await found.isVisible())) await page.reload();
      await expect(found).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await keepScreenshot(page, testInfo, 'product-desk-search');
    await found.click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    // (6) Buys S / ネイビー (the variation stocked above) as a guest with 代金引換.
    await page
      .getByRole('group', { name: /サイズ/ })
      .getByText('S', { exact: true })
      .click();
    await page
      .getByRole('group', { name: /カラー/ })
      .getByText('ネイビー', { exact: true })
      .click();
    await expect(page.getByRole('radio', { name: /^ネイビー/ })).toBeChecked();
    await page.getByRole('button', { name: 'カートに入れる' }).click();
    await expect(page.getByRole('link', { name: 'カートを見る' })).toBeVisible();
    await page.goto('/cart');
    await expect(page.getByRole('list', { name: 'カートの商品' }).getByRole('listitem')).toHaveCount(1);
    await page.getByRole('button', { name: 'レジに進む' }).click();
    await fillGuest(page, `product-desk-${testInfo.project.name}-${stamp}@example.com`);
    await expect(page.getByRole('heading', { level: 1, name: 'お届け方法の指定' })).toBeVisible();
    await page.getByRole('button', { name: 'お支払い方法の選択へ' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'お支払い方法の選択' })).toBeVisible();
    await page.getByRole('radio', { name: /代金引換/ }).check();
    await page.getByRole('button', { name: 'ご注文内容の確認へ' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'ご注文内容の確認' })).toBeVisible();
    await page.getByRole('button', { name: '注文を確定する' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'ご注文ありがとうございました' })).toBeVisible();
    const orderNo = new URL(page.url()).searchParams.get('order_no') ?? '';
    expect(orderNo).not.toBe('');

    // (7) Back in the back office (the staff session is still there): the variation's ledger has
    // the 販売 of that order, 販売可能 one less.
    await page.goto(`/admin/catalog/stock?${new URLSearchParams({ q: sku }).toString()}`);
    await expect(stockRow).toHaveCount(1);
    await stockRow.getByRole('link', { name: /の履歴$/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^在庫の履歴：/ })).toBeVisible();
    const ledger = page.getByRole('table', { name: '在庫の履歴（新しい順）' });
    // A line by its 理由 cell (every line also says 「販売可能 n / 実在庫 n」).
    const line = (reason: string) =>
      ledger.getByRole('row').filter({ has: page.getByRole('cell', { name: reason, exact: true }) });
    await expect(line('販売')).toHaveCount(1);
    await expect(line('販売')).toContainText(orderNo);
    await expect(line('販売')).toContainText('-1');
    await expect(line('入荷')).toContainText('+5');
    await expect(page.getByRole('region', { name: '現在の在庫' })).toContainText('販売可能4');
    await keepScreenshot(page, testInfo, 'product-desk-ledger');
  });

  // @phone: the list's rows and the form's variation table read as cards at 375 px (stylesheets'
  // doing), and nothing is wider than the screen.
  test('the product list and form fit a phone @phone', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'the phone layout only: the desktop journey covers the screens');
    await page.goto('/admin/products');
    await signInStaff(page, 'products');
    const row = page
      .getByRole('table', { name: /^商品一覧/ })
      .getByRole('row')
      .nth(1);
    await expect(row).toBeVisible();
    expect(await row.evaluate((element) => getComputedStyle(element).display)).toBe('block');
    await expectNoSidewaysScroll(page);
    await keepScreenshot(page, testInfo, 'product-desk-list');

    await page.getByRole('link', { name: '商品を登録' }).click();
    await page.getByLabel('商品コード').fill('PHONE-1');
    await page.getByRole('button', { name: 'サイズ×カラーで作成' }).click();
    await page.getByLabel('サイズ（カンマ区切り）').fill('S,M');
    await page.getByLabel('カラー（カンマ区切り）').fill('ネイビー');
    await page.getByRole('button', { name: '行を作成' }).click();
    const second = variationsTable(page).getByRole('row').nth(2);
    expect(await second.evaluate((element) => getComputedStyle(element).display)).toBe('block');
    await expect(page.getByLabel('2行目のSKU')).toHaveValue('PHONE-1-M-01');
    const remove = page.getByRole('button', { name: '2行目を削除' });
    await remove.scrollIntoViewIfNeeded();
    await expect(remove).toBeInViewport({ ratio: 1 });
    await expectNoSidewaysScroll(page);
    await keepScreenshot(page, testInfo, 'product-desk-form');
    expect(await seriousViolations(page, { underCsp: true })).toEqual([]);
  });
});
