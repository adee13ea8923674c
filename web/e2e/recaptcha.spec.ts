/**
 * A shop that checks its forms with reCAPTCHA v3 (issue 32): made with `shop channel create` and
 * the setting RECAPTCHA.SITE_KEY, against the local stand-in for Google that scripts/e2e.sh starts
 * (e2e/fixtures/recaptcha-stand-in.mjs: a script from another origin that opens a frame from it,
 * as Google's does). The shop's CSP must let both through — before, `script-src 'self'` blocked
 * the script and every login failed. A customer registers and logs in; the stand-in confirms the
 * server verified a token for each form, and the browser reports no CSP violation.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect, keepScreenshot, mailCode, onHost, readMail, shopCommand, test } from './support';

interface StandInStats {
  scripts: number;
  frames: number;
  issued: number;
  verified: number;
  refused: number;
}

function standInOrigin(): string {
  const origin = process.env.E2E_RECAPTCHA_STAND_IN;
  if (!origin) throw new Error('E2E_RECAPTCHA_STAND_IN is not set: run the journeys through scripts/e2e.sh');
  return origin;
}

async function standInStats(request: APIRequestContext): Promise<StandInStats> {
  return (await (await request.get(`${standInOrigin()}/stats`)).json()) as StandInStats;
}

/** A new shop answering on <code>.localhost, checking its forms with reCAPTCHA. */
function recaptchaShop(): string {
  const code = `captcha-${Date.now().toString(36)}`;
  const settings = join(mkdtempSync(join(tmpdir(), 'e2e-recaptcha-')), 'settings.json');
  writeFileSync(settings, JSON.stringify({ 'RECAPTCHA.SITE_KEY': '6LcE2EStandInSiteKey' }));
  shopCommand(
    'channel',
    'create',
    '--code',
    code,
    '--name',
    'キャプチャ確認店',
    '--host',
    `${code}.localhost`,
    '--settings',
    settings,
  );
  return `${code}.localhost`;
}

test('a reCAPTCHA shop lets a customer register and log in, its CSP allowing exactly the script and frame', async ({
  page,
  request,
}, testInfo) => {
  const host = recaptchaShop();
  const origin = standInOrigin();
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
  });
  const before = await standInStats(request);

  const opened = await page.goto(onHost(host, '/register'));
  const csp = opened?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain(`script-src 'self' ${origin};`);
  expect(csp).toContain(`frame-src 'self' ${origin}`);
  expect(csp).toContain("connect-src 'self';");

  // Registration: the form's token is made by the stand-in's script through its frame.
  const email = `e2e-recaptcha-${testInfo.project.name}-${Date.now()}@example.com`;
  const form = page.getByRole('form', { name: '会員登録' });
  await form.getByLabel(/^メールアドレス/).fill(email);
  await form.getByLabel(/^パスワード\s*必須/).fill('abcd1234');
  await form.getByLabel(/^パスワード（確認）/).fill('abcd1234');
  await form.getByLabel(/^お名前（姓）/).fill('山田');
  await form.getByLabel(/^お名前（名）/).fill('花子');
  await form.getByLabel(/^フリガナ（セイ）/).fill('ヤマダ');
  await form.getByLabel(/^フリガナ（メイ）/).fill('ハナコ');
  await form.getByLabel(/^郵便番号/).fill('100-0001');
  await expect(form.getByLabel(/^市区町村/)).not.toHaveValue('');
  await form.getByLabel(/^町名・番地/).fill('1-1');
  await form.getByLabel(/^電話番号/).fill('03-1234-5678');
  const sentAfter = Date.now();
  await form.getByRole('button', { name: '会員登録する' }).click();
  await expect(page).toHaveURL(/\/verify\?from=register$/);
  await page.getByRole('textbox', { name: /^確認コード/ }).fill(mailCode(await readMail(email, { after: sentAfter })));
  await page.getByRole('button', { name: '認証する' }).click();
  await expect(page.getByText('会員登録が完了しました。')).toBeVisible();

  // A new visit (no session), and the login form with its own token.
  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await page.goto(onHost(host, '/login'));
  await expect(page.getByRole('heading', { level: 1, name: 'ログイン' })).toBeVisible();
  await page.getByLabel(/^メールアドレスまたはユーザー名/).fill(email);
  await page.getByLabel(/^パスワード/).fill('abcd1234');
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'マイページ' })).toBeVisible();
  await expect(page.getByText('ようこそ、山田 花子 様')).toBeVisible();
  await keepScreenshot(page, testInfo, 'recaptcha-logged-in');

  const after = await standInStats(request);
  expect(after.scripts).toBeGreaterThan(before.scripts);
  expect(after.frames).toBeGreaterThan(before.frames);
  expect(
    after.verified - before.verified,
    'the server verified one token for the registration and one for the login',
  ).toBe(2);
  expect(after.refused - before.refused).toBe(0);
  expect(violations).toEqual([]);
});
