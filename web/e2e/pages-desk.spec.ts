/**
 * ページ管理 (issue 33, docs/contracts/pages-desk.md) in real Chromium against the real server: a
 * new shop made with `shop channel create` gets 特定商取引法に基づく表記, プライバシーポリシー and
 * 利用規約 as drafts from a template, so its /law answers the storefront's not-found page. The
 * shop's owner (made for the run with `shop staff create`, as scripts/e2e.sh makes the journeys'
 * owners) signs in on the shop's own host, opens ページ and finds the three drafts, each 要入力あり.
 * 公開する on 特定商取引法に基づく表記 with the template's blanks left is refused beside the
 * checkbox; with every `【要入力：…】` rewritten it is saved and published. プライバシーポリシー and
 * 利用規約 follow. Last, a customer on the shop's host follows each footer link and reads the
 * page's heading and the text the owner typed. Desktop only: the screens' phone layout is the
 * shared table's, and the rules are the same at any width.
 */
import type { Browser, Locator, Page } from '@playwright/test';
import { adminMenu, createStaff, signInStaff } from './staff-session';
import { expect, keepScreenshot, onHost, seriousViolations, shopCommand, test } from './support';

const SAVED = 'ページを保存しました。';
const PUBLISHED = '公開しました。';
const PUBLISH_LABEL = '公開する（お客様に表示する）';
const PUBLISH_REFUSED = '【要入力：…】の箇所が残っているため公開できません。内容を入力してから公開してください。';
const REWRITE = '【要入力：…】を書き換えてください。';
const DRAFT_NOTICE =
  '下書きのページはお客様に表示されません。フッターのリンク先が「ページが見つかりません」にならないよう、内容を確認して公開してください。';

/** The template's blanks: `【要入力：販売業者名（…）】`. */
const BLANK = /【要入力：([^】]*)】/g;

/** The three legal pages a new shop starts with, in the footer's order. */
const LEGAL = [
  { url: '/law', title: '特定商取引法に基づく表記' },
  { url: '/privacy', title: 'プライバシーポリシー' },
  { url: '/terms', title: '利用規約' },
] as const;

interface AdminPageLine {
  url: string;
  title: string;
  is_published: boolean;
  needs_input: boolean;
}

/** A new shop answering on <code>.localhost, with the template's drafts. */
function newShop(): { code: string; host: string } {
  const code = `pages-${Date.now().toString(36)}`;
  shopCommand('channel', 'create', '--code', code, '--name', 'ページ確認店', '--host', `${code}.localhost`);
  return { code, host: `${code}.localhost` };
}

/**
 * What the owner writes in place of a blank: the seller's name where it is asked for (it appears
 * on every page), the template's own example where it gives one (「例：…」), else a line of its own.
 */
function answerFor(what: string): string {
  if (what.startsWith('販売業者名')) return 'E2Eページ商事株式会社';
  if (what.startsWith('運営統括責任者')) return '山田 太郎';
  if (what.startsWith('所在地')) return '〒100-0001 東京都千代田区千代田1-1';
  if (what.startsWith('電話番号')) return '03-1234-5678';
  if (what.includes('メールアドレス')) return 'support@pages-e2e.example.jp';
  const example = /（例：(.+)）$/.exec(what)?.[1];
  return example ?? `${what.replace(/（.*）$/, '')}はE2Eで入力しました`;
}

/** The shop's pages as the desk's API lists them (the page's staff cookie goes along). */
async function listPages(page: Page, host: string): Promise<AdminPageLine[]> {
  // Asked from the page itself: Node does not resolve *.localhost as Chromium does, and the
  // staff cookie belongs to the shop's host.
  expect(new URL(page.url()).hostname).toBe(host);
  const answer = await page.evaluate(async () => {
    const response = await fetch('/v1/admin/pages');
    return { status: response.status, body: await response.text() };
  });
  expect(answer.status, answer.body).toBe(200);
  return (JSON.parse(answer.body) as { data: AdminPageLine[] }).data;
}

/**
 * Every field of the editor still holding a blank gets the owner's text instead; answers the
 * texts typed (what the customer will read).
 */
async function fillBlanks(editor: Locator): Promise<string[]> {
  const typed: string[] = [];
  const fields = [editor.getByLabel('タイトル', { exact: true })];
  const items = editor.getByRole('group', { name: /^項目\d+$/ });
  const count = await items.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index += 1) {
    const item = items.nth(index);
    fields.push(item.getByLabel('見出し', { exact: true }), item.getByLabel('本文', { exact: true }));
  }
  for (const field of fields) {
    const value = await field.inputValue();
    if (!value.includes('【要入力：')) continue;
    const filled = value.replace(BLANK, (_blank, what: string) => {
      const answer = answerFor(what);
      typed.push(answer);
      return answer;
    });
    await field.fill(filled);
    await expect(field).not.toHaveAccessibleDescription(new RegExp(REWRITE.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  }
  expect(await editor.getByText(REWRITE).count()).toBe(0);
  return [...new Set(typed)];
}

/** ページ → the page's 編集, from the list. */
async function openEditor(page: Page, title: string): Promise<Locator> {
  await (await adminMenu(page)).getByRole('link', { name: 'ページ' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ページ管理' })).toBeVisible();
  const row = page.getByRole('table', { name: 'ページ一覧' }).getByRole('row').filter({ hasText: title });
  await row.getByRole('link', { name: `${title}を編集` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ページの編集' })).toBeVisible();
  const editor = page.getByRole('form', { name: 'ページの編集' });
  await expect(editor.getByLabel('タイトル', { exact: true })).toHaveValue(title);
  return editor;
}

/** A customer's own browser on the shop's host: no staff cookie, nothing cached from before. */
async function customerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
  return context.newPage();
}

test('a new shop’s legal drafts are filled in and published by its owner, and the footer links then answer', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const { code, host } = newShop();
  const tag = `${testInfo.project.name}-${Date.now()}`;
  const owner = createStaff({
    channel: code,
    email: `e2e-pages-owner-${tag}@example.jp`,
    name: `E2E ページオーナー ${tag}`,
    role: 'owner',
  });

  // (1) The drafts are not shown: /law is the storefront's not-found page.
  await page.goto(onHost(host, '/law'));
  await expect(page.getByRole('heading', { level: 1, name: '404 Not Found' })).toBeVisible();
  await expect(page.getByText('お探しのページが見つかりませんでした。')).toBeVisible();

  // (2) The owner signs in on the shop's host and opens ページ: three drafts, each 要入力あり.
  await page.goto(onHost(host, '/admin/inquiries'));
  await expect(page.getByRole('heading', { name: '管理画面ログイン' })).toBeVisible();
  await signInStaff(page, owner);
  await expect(page.getByRole('heading', { level: 1, name: '受信箱' })).toBeVisible();
  await (await adminMenu(page)).getByRole('link', { name: 'ページ' }).click();
  await expect(page).toHaveURL(/\/admin\/content\/pages$/);
  await expect(page.getByRole('heading', { level: 1, name: 'ページ管理' })).toBeVisible();
  await expect(page.getByText(DRAFT_NOTICE)).toBeVisible();
  const table = page.getByRole('table', { name: 'ページ一覧' });
  await expect(table.getByRole('row')).toHaveCount(1 + LEGAL.length);
  for (const { url, title } of LEGAL) {
    const row = table.getByRole('row').filter({ hasText: title });
    await expect(row.locator('td[data-label="URL"]')).toHaveText(url);
    await expect(row.locator('td[data-label="状態"]')).toContainText('下書き');
    await expect(row.locator('td[data-label="状態"]')).toContainText('要入力あり');
  }
  expect(await seriousViolations(page, { underCsp: true })).toEqual([]);
  await keepScreenshot(page, testInfo, 'pages-desk-list');

  // (3) 特定商取引法に基づく表記 published with its blanks left: refused beside the checkbox, nothing saved.
  const typedByUrl = new Map<string, string[]>();
  const [law, ...others] = LEGAL;
  let editor = await openEditor(page, law.title);
  await expect(editor.getByText(REWRITE).first()).toBeVisible();
  expect(await seriousViolations(page, { underCsp: true })).toEqual([]);
  await keepScreenshot(page, testInfo, 'pages-desk-editor');
  const publish = editor.getByRole('checkbox', { name: PUBLISH_LABEL });
  await publish.check();
  await editor.getByRole('button', { name: '保存する' }).click();
  await expect(editor.getByRole('alert')).toContainText('入力内容を確認してください。');
  await expect(publish).toHaveAttribute('aria-invalid', 'true');
  await expect(publish).toHaveAccessibleDescription(PUBLISH_REFUSED);
  await expect(editor.getByText(PUBLISH_REFUSED, { exact: true })).toBeVisible();
  await expect(
    editor.getByRole('group', { name: '項目1', exact: true }).getByLabel('本文', { exact: true }),
  ).toHaveAttribute('aria-invalid', 'true');
  await keepScreenshot(page, testInfo, 'pages-desk-refused');
  expect((await listPages(page, host)).find((line) => line.url === law.url)).toMatchObject({
    is_published: false,
    needs_input: true,
  });

  // (4) Every blank rewritten, still 公開する: saved and published.
  typedByUrl.set(law.url, await fillBlanks(editor));
  await editor.getByRole('button', { name: '保存する' }).click();
  const status = page.getByRole('status').filter({ hasText: SAVED });
  await expect(status).toBeVisible();
  await expect(status).toContainText(PUBLISHED);
  await expect(editor.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^お店で見る/ })).toHaveAttribute('href', law.url);
  expect((await listPages(page, host)).find((line) => line.url === law.url)).toMatchObject({
    is_published: true,
    needs_input: false,
  });

  // (5) プライバシーポリシー and 利用規約, the same way (ticked and filled in one save).
  for (const { url, title } of others) {
    editor = await openEditor(page, title);
    typedByUrl.set(url, await fillBlanks(editor));
    await editor.getByRole('checkbox', { name: PUBLISH_LABEL }).check();
    await editor.getByRole('button', { name: '保存する' }).click();
    await expect(page.getByRole('status').filter({ hasText: SAVED })).toContainText(PUBLISHED);
  }

  // The list: all three 公開中, none 要入力あり, no draft notice.
  await page.getByRole('link', { name: 'ページ一覧へ戻る' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ページ管理' })).toBeVisible();
  for (const { title } of LEGAL) {
    const state = table.getByRole('row').filter({ hasText: title }).locator('td[data-label="状態"]');
    await expect(state).toHaveText('公開中');
  }
  await expect(page.getByText(DRAFT_NOTICE)).toHaveCount(0);
  await keepScreenshot(page, testInfo, 'pages-desk-published');
  expect((await listPages(page, host)).filter((line) => line.is_published)).toHaveLength(LEGAL.length);

  // (6) A customer on the shop's host follows each footer link: the page, with what the owner typed.
  const customer = await customerPage(browser);
  try {
    for (const { url, title } of LEGAL) {
      await customer.goto(onHost(host, '/'));
      await customer.getByRole('contentinfo').getByRole('link', { name: title, exact: true }).click();
      await expect(customer).toHaveURL(new RegExp(`${url}$`));
      await expect(customer.getByRole('heading', { level: 1, name: title })).toBeVisible();
      const main = customer.getByRole('main');
      for (const text of typedByUrl.get(url) ?? []) {
        await expect(main.getByText(text).first()).toBeVisible();
      }
      await expect(main).not.toContainText('【要入力：');
      await expect(customer.getByText(/見つかりません/)).toHaveCount(0);
      await expect(customer.getByRole('heading', { name: '404 Not Found' })).toHaveCount(0);
      await keepScreenshot(customer, testInfo, `pages-desk-storefront${url.replace('/', '-')}`);
    }
  } finally {
    await customer.context().close();
  }
});
