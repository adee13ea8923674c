/**
 * IPアドレス制限 (issue 33, docs/contracts/ip-allowlist.md) in real Chromium against the real
 * server: the journey's owner (scripts/e2e.sh's E2E_STAFF_IP_*) opens スタッフ → IPアドレス制限 and
 * reads 現在: 制限なし and the address the server sees (127.0.0.1: every journey comes from this
 * machine). A list of only 192.0.2.0/24 is refused, the message naming 127.0.0.1 (saved, it would
 * shut the owner out); 「この接続元を追加」 adds 127.0.0.1 and the list saves: 現在: 2件. The page
 * still opens after a reload (127.0.0.1 is on the list). Emptied and saved, nothing is restricted
 * again. Whatever happens on the way, the list is emptied through the API at the end, so that no
 * other journey is ever shut out of the back office. Desktop only: one textarea, nothing laid out
 * per width.
 */
import type { APIRequestContext } from '@playwright/test';
import { adminMenu, signInStaff } from './staff-session';
import { expect, keepScreenshot, seriousViolations, test } from './support';

const PATH = '/v1/admin/settings/ip-allowlist';
/** Where every journey comes from (scripts/e2e.sh serves on 127.0.0.1, with no proxy in front). */
const HERE = '127.0.0.1';
/** A documentation network (RFC 5737): never this machine. */
const ELSEWHERE = '192.0.2.0/24';
const LOCKED_OUT = `いまお使いの接続元（${HERE}）が含まれていないため、保存すると管理画面に入れなくなります。この接続元を加えてください。`;
const SAVED = 'IPアドレス制限を保存しました。';

interface IpAllowlist {
  version: number;
  entries: string[];
  current_ip: string;
}

/** The list as the server has it (the page's staff cookie goes along). */
async function readList(request: APIRequestContext): Promise<IpAllowlist> {
  const answer = await request.get(PATH);
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as IpAllowlist;
}

/** The list emptied over whatever the journey left (nothing when it is already empty). */
async function empty(request: APIRequestContext): Promise<void> {
  const now = await readList(request);
  if (now.entries.length === 0) return;
  const answer = await request.put(PATH, { data: { version: now.version, entries: [] } });
  expect(answer.status(), await answer.text()).toBe(200);
}

test('an owner is refused a list that would shut them out, saves one with their own address, then empties it', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);

  // (1) The owner signs in.
  await page.goto('/admin/inquiries');
  await expect(page.getByRole('heading', { name: '管理画面ログイン' })).toBeVisible();
  await signInStaff(page, 'ip');
  await expect(page.getByRole('heading', { level: 1, name: '受信箱' })).toBeVisible();

  try {
    const before = await readList(page.request);
    expect(before.entries).toEqual([]);
    expect(before.current_ip).toBe(HERE);

    // (2) スタッフ → IPアドレス制限.
    await (await adminMenu(page)).getByRole('link', { name: 'スタッフ' }).click();
    await expect(page).toHaveURL(/\/admin\/staff$/);
    await expect(page.getByRole('heading', { level: 1, name: 'スタッフ管理' })).toBeVisible();
    await page.getByRole('link', { name: 'IPアドレス制限' }).click();
    await expect(page).toHaveURL(/\/admin\/staff\/ip-allowlist$/);
    await expect(page.getByRole('heading', { level: 1, name: 'IPアドレス制限' })).toBeVisible();

    const form = page.getByRole('form', { name: 'IPアドレス制限' });
    const entries = form.getByLabel('許可する接続元（1行に1つ）');
    const save = form.getByRole('button', { name: '保存する' });
    await expect(form.getByText('現在: 制限なし', { exact: true })).toBeVisible();
    await expect(form).toContainText(`いまお使いの接続元: ${HERE}`);
    await expect(entries).toHaveValue('');
    expect(await seriousViolations(page, { underCsp: true })).toEqual([]);
    await keepScreenshot(page, testInfo, 'ip-allowlist');

    // (3) Only a network elsewhere: refused, the message under the textarea naming this address.
    await entries.fill(ELSEWHERE);
    await save.click();
    await expect(form.getByText(LOCKED_OUT, { exact: true })).toBeVisible();
    await expect(form.getByRole('alert')).toContainText('入力内容を確認してください。');
    await expect(entries).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText('現在: 制限なし', { exact: true })).toBeVisible();
    await keepScreenshot(page, testInfo, 'ip-allowlist-refused');
    expect(await readList(page.request)).toEqual(before);
    // The server says the same to the API.
    const refused = await page.request.put(PATH, { data: { version: before.version, entries: [ELSEWHERE] } });
    expect(refused.status()).toBe(422);
    expect(((await refused.json()) as { errors: Record<string, string[]> }).errors.entries).toEqual([LOCKED_OUT]);

    // (4) 「この接続元を追加」, and the list saves.
    await form.getByRole('button', { name: 'この接続元を追加' }).click();
    await expect(entries).toHaveValue(`${ELSEWHERE}\n${HERE}`);
    await save.click();
    await expect(page.getByRole('status').filter({ hasText: SAVED })).toBeVisible();
    await expect(form.getByText('現在: 2件の接続元に制限中', { exact: true })).toBeVisible();
    await expect(entries).toHaveValue(`${ELSEWHERE}\n${HERE}`);
    await expect(form.getByRole('alert')).toHaveCount(0);
    expect(await readList(page.request)).toEqual({
      version: before.version + 1,
      entries: [ELSEWHERE, HERE],
      current_ip: HERE,
    });

    // (5) Still allowed from here: the page opens again after a reload.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'IPアドレス制限' })).toBeVisible();
    await expect(form.getByText('現在: 2件の接続元に制限中', { exact: true })).toBeVisible();
    await expect(entries).toHaveValue(`${ELSEWHERE}\n${HERE}`);

    // (6) Emptied and saved: nothing is restricted.
    await entries.fill('');
    await save.click();
    await expect(page.getByRole('status').filter({ hasText: SAVED })).toBeVisible();
    await expect(form.getByText('現在: 制限なし', { exact: true })).toBeVisible();
    await expect(entries).toHaveValue('');
    expect(await readList(page.request)).toEqual({ version: before.version + 2, entries: [], current_ip: HERE });
  } finally {
    // Whatever happened above, no other journey meets a list.
    await empty(page.request);
  }
});
