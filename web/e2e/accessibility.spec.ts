/**
 * axe-core checks of the built screens in the real browser: no serious or critical violation
 * (missing labels, names, contrast, landmarks …); also at phone width where a phone gets another
 * page (the home page's blocks for phones, the product list's 絞り込み drawer).
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './support';

// axe is injected as a script of the test, not of the shop: the shop's CSP (no inline script)
// stays as it is for the shop's own code.
test.use({ bypassCSP: true });

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: Violation[] }> } })
      .axe;
    return (await axe.run(document)).violations;
  })) as Violation[];
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

/** Name, path, a text it shows, and ' @phone' where a phone gets another page (playwright.config.ts). */
const screens: [string, string, RegExp | string, '' | ' @phone'][] = [
  ['home', '/', '走りを変える、確かなパーツを。', ' @phone'],
  ['news list', '/news', 'ニュース', ''],
  ['product list', '/product', '商品一覧', ' @phone'],
  ['blog', '/blog', 'ブログ', ''],
  ['faq', '/faq', 'よくある', ''],
  ['law', '/law', '特定商取引法に基づく表記', ''],
  ['not found', '/no/such/page', '404 Not Found', ''],
];

for (const [name, path, text, tag] of screens) {
  test(`the ${name} screen has no serious accessibility violations${tag}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('main').getByText(text).first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('a product page has no serious accessibility violations', async ({ page, request }) => {
  const list = (await (await request.get('/v1/products?per=1&sort=popular')).json()) as { data: { key: string }[] };
  await page.goto(`/product/${list.data[0].key}`);
  await expect(page.getByRole('button', { name: 'カートに入れる' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
