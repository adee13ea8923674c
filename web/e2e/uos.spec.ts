/**
 * まとめて注文 (/product/{key}/uos) against the real server with demo data:
 * - from a product page with sizes and colours, the buyer opens まとめて注文, enters quantities
 *   for two items, adds them with one button and finds both lines with those quantities in /cart;
 * - a quantity above the stock is refused with 「在庫が不足しています（残り N 点）」, and the cart keeps
 *   exactly what it had (all or none);
 * - axe finds no serious violation on the sheet, with a field error showing too.
 * The product is found through the API: on sale, with two items in stock (stock ≥ 4, below 99).
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, keepScreenshot, test } from './support';

interface Item {
  key: string;
  name: string;
  size: string | null;
  color: string | null;
  price: number;
  stock_status: string;
}

interface Detail {
  key: string;
  name: string;
  is_on_sale: boolean;
  tax_rate: number;
  product_model: { products: Item[] };
}

/** A product on sale with sizes and colours and at least two items in stock, and two of them. */
async function findSheetProduct(request: APIRequestContext): Promise<{ product: Detail; items: [Item, Item] }> {
  for (let page = 1; page <= 20; page += 1) {
    const answer = await request.get(`/v1/products?per=100&page=${page}`);
    expect(answer.ok()).toBe(true);
    const list = ((await answer.json()) as { data: { key: string; is_on_sale: boolean }[] }).data;
    for (const listed of list.filter((p) => p.is_on_sale)) {
      const product = (await (await request.get(`/v1/products/${listed.key}`)).json()) as Detail;
      const variations = product.product_model.products;
      if (variations.length < 3 || variations.some((v) => !v.size || !v.color)) continue;
      const inStock = variations.filter((v) => v.stock_status === 'in_stock');
      if (inStock.length >= 2) return { product, items: [inStock[0]!, inStock[1]!] };
    }
    if (list.length < 100) break;
  }
  throw new Error('no product with sizes and colours and two items in stock in the demo catalogue');
}

const yen = (n: number) => `¥${n.toLocaleString('en-US')}`;
const quantityField = (page: Page, item: Item) => page.getByRole('spinbutton', { name: `${item.name}の数量` });

async function openSheet(page: Page, product: Detail) {
  await page.goto(`/product/${product.key}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await page.getByRole('link', { name: 'まとめて注文' }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${product.key}/uos$`));
  await expect(page.getByRole('heading', { level: 1, name: 'まとめて注文' })).toBeVisible();
}

/** The cart page's line of this item (lines are named by product; the item's name is in the line). */
function cartLine(page: Page, item: Item) {
  return page.getByRole('list', { name: 'カートの商品' }).getByRole('listitem').filter({ hasText: item.name });
}

// @phone: a phone gets the sheet as a list, not the colours × sizes table.
test('a buyer orders two sizes/colours at once and finds both in the cart @phone', async ({
  page,
  request,
}, testInfo) => {
  const { product, items } = await findSheetProduct(request);
  const [first, second] = items;
  await openSheet(page, product);

  // Phone: a list; tablet and desktop: the colours × sizes table.
  if (testInfo.project.name === 'phone') {
    await expect(page.getByRole('list', { name: '種類別の数量' })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
  } else {
    await expect(page.getByRole('table', { name: 'カラー・サイズ別の数量' })).toBeVisible();
  }

  await quantityField(page, first).fill('2');
  await quantityField(page, second).fill('3');
  const amount = first.price * 2 + second.price * 3;
  await expect(page.getByRole('region', { name: '合計' })).toContainText(`5点${yen(amount)}（税込）`);
  await keepScreenshot(page, testInfo, 'uos-filled');

  await page.getByRole('button', { name: 'カートに入れる' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'カートに追加しました' })).toContainText(
    '5点をカートに追加しました（カートの商品：0点 → 5点）',
  );
  await expect(page.getByRole('link', { name: 'カート（5点）' })).toBeVisible();
  await keepScreenshot(page, testInfo, 'uos-added');

  await page.getByRole('link', { name: 'カートを見る' }).click();
  await expect(page).toHaveURL(/\/cart\/?$/);
  await expect(page.getByRole('list', { name: 'カートの商品' }).getByRole('listitem')).toHaveCount(2);
  await expect(cartLine(page, first).getByLabel('数量')).toHaveValue('2');
  await expect(cartLine(page, second).getByLabel('数量')).toHaveValue('3');
});

test('a quantity above the stock is refused with the stock left and adds nothing', async ({ page, request }) => {
  const { product, items } = await findSheetProduct(request);
  const [first, second] = items;
  await openSheet(page, product);

  // Something in the cart first, so "unchanged" has something to keep.
  await quantityField(page, first).fill('1');
  await page.getByRole('button', { name: 'カートに入れる' }).click();
  await expect(page.getByRole('link', { name: 'カート（1点）' })).toBeVisible();

  // The demo stock is at most 40, and each item says how many may be ordered (max_quantity):
  // 99 is refused by the form with the stock left, and nothing is sent.
  await quantityField(page, first).fill('1');
  await quantityField(page, second).fill('99');
  await page.getByRole('button', { name: 'カートに入れる' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '数量の入力内容をご確認ください。' })).toBeVisible();
  await expect(page.getByText(/在庫が不足しています（残り \d+ 点）/)).toBeVisible();
  await expect(quantityField(page, second)).toBeFocused();
  await expect(quantityField(page, second)).toHaveValue('99');
  await expect(page.getByRole('link', { name: 'カート（1点）' })).toBeVisible();

  await page.goto('/cart');
  await expect(page.getByRole('list', { name: 'カートの商品' }).getByRole('listitem')).toHaveCount(1);
  await expect(cartLine(page, first).getByLabel('数量')).toHaveValue('1');
  await expect(cartLine(page, second)).toHaveCount(0);
});

test.describe('accessibility of まとめて注文', () => {
  // axe is injected as a script of the test, not of the shop (the shop's CSP stays as it is).
  test.use({ bypassCSP: true });

  const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

  async function seriousViolations(page: Page): Promise<string[]> {
    await page.addScriptTag({ content: axeSource });
    const violations = (await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: unknown[] }> } })
        .axe;
      return (await axe.run(document)).violations;
    })) as { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id} (${v.impact}): ${v.help} — ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(', ')}`,
      );
  }

  // @phone: a phone gets the sheet as a list.
  test('the sheet, and the sheet with a field error, have no serious violations @phone', async ({ page, request }) => {
    const { product, items } = await findSheetProduct(request);
    await page.goto(`/product/${product.key}/uos`);
    await expect(page.getByRole('heading', { level: 1, name: 'まとめて注文' })).toBeVisible();
    expect(await seriousViolations(page), 'sheet').toEqual([]);

    await quantityField(page, items[0]).fill('150');
    await expect(quantityField(page, items[0])).toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'カートに入れる' }).click();
    await expect(page.getByRole('alert').filter({ hasText: '数量の入力内容をご確認ください。' })).toBeVisible();
    expect(await seriousViolations(page), 'sheet with an error').toEqual([]);
  });

  test('an unknown product is the 404 page', async ({ page }) => {
    await page.goto('/product/no-such-product/uos');
    await expect(page.getByRole('heading', { name: '404 Not Found' })).toBeVisible();
  });
});
