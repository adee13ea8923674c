/**
 * The back office (/admin) in real Chromium against the real server: a guest sends an inquiry
 * through the API (solving the bot check as the contact form does), a staff member signs in with
 * the password and the TOTP code of the account scripts/e2e.sh created, finds the inquiry, sees
 * its image, replies with a PDF, closes it, leaves a note, and sends a system message to the demo
 * member after previewing it. The page is noindex, has the strict CSP, and no CSP report fires.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { APIRequestContext, Page } from '@playwright/test';
import { adminMenu, signInStaff, staffAccount, totp } from './staff-session';
import { expect, keepScreenshot, readMail, test } from './support';

const DEMO_MEMBER_EMAIL = 'member@example.com';

/** The bot check as the contact form solves it: GET a challenge, find the number, send the proof. */
async function botCheckProof(request: APIRequestContext): Promise<string> {
  const answer = await request.get('/v1/bot-check');
  expect(answer.ok()).toBe(true);
  const body = (await answer.json()) as {
    kind: string;
    challenge: { algorithm: string; challenge: string; salt: string; signature: string; maxnumber: number };
  };
  expect(body.kind).toBe('altcha');
  const { algorithm, challenge, salt, signature, maxnumber } = body.challenge;
  for (let number = 0; number <= maxnumber; number += 1) {
    if (createHash('sha256').update(`${salt}${number}`).digest('hex') === challenge) {
      return Buffer.from(JSON.stringify({ algorithm, challenge, number, salt, signature })).toString('base64');
    }
  }
  throw new Error('no number solves the bot check');
}

// A 1×1 PNG, and a PDF the server's type sniffing accepts.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYPj/HwADAgH/x8v0WAAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

interface SentInquiry {
  key: string;
  number: string;
  email: string;
}

/** A guest's inquiry with a photo, sent through the storefront's API. */
async function sendInquiry(request: APIRequestContext, tag: string): Promise<SentInquiry> {
  const topics = await request.get('/v1/categories/hierarchy?table=inquiries');
  expect(topics.ok()).toBe(true);
  const topic = ((await topics.json()) as { data: { id: string; key?: string; name: string }[] }).data.find(
    (t) => t.key !== 'catalog',
  );
  if (!topic) throw new Error('the demo shop has no inquiry topic');

  const upload = await request.post('/v1/upload-files', {
    multipart: { dir: 'inquiries', file: { name: 'broken-part.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(upload.status()).toBe(201);
  const file = (await upload.json()) as { key: string };

  const email = `e2e-inquiry-${tag}-${Date.now()}@example.com`;
  const created = await request.post('/v1/inquiries', {
    headers: { 'X-Bot-Check': await botCheckProof(request) },
    data: {
      topic_id: topic.id,
      name: '問合 太郎',
      email,
      body: `ミラーの取付部品が割れて届きました（${tag}）。\n写真を添付します。`,
      files: [file.key],
    },
  });
  expect(created.status()).toBe(201);
  const { key, number } = (await created.json()) as { key: string; number: string };
  return { key, number, email };
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * No serious or critical axe violation. axe is evaluated through the DevTools protocol, not added
 * as a <script> (support.ts's way): the back office's CSP stays enforced in this journey, so a
 * CSP violation of its own code would show.
 */
async function expectAccessible(page: Page) {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    type Result = { violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<Result> } }).axe;
    return (await axe.run(document)).violations;
  });
  expect(
    violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id}: ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(', ')}`,
      ),
  ).toEqual([]);
}

test.describe('back office', () => {
  test.setTimeout(120_000);

  // @phone: the back office's menu wraps, its tables read as cards and the thread is one column.
  test('staff sign in with TOTP, answer a guest’s inquiry, close it, note it, and message a member @phone', async ({
    page,
    request,
  }, testInfo) => {
    const cspProblems: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspProblems.push(message.text());
    });
    const inquiry = await sendInquiry(request, testInfo.project.name);

    // Signed out, a back-office address leads to the login, which is noindex under its own CSP.
    const response = await page.goto(`/admin/inquiries/${inquiry.key}`);
    expect(response?.status()).toBe(200);
    const headers = response?.headers() ?? {};
    const csp = headers['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toMatch(/style-src 'self'(;|$)/);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers['x-robots-tag'] ?? '').toContain('noindex');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(page.getByRole('heading', { name: '管理画面ログイン' })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login\?next=/);
    await expectAccessible(page);

    // A wrong code is refused with the server's message (one failure, far from the lockout).
    const staff = staffAccount('admin');
    await page.getByLabel('メールアドレス').fill(staff.email);
    await page.getByLabel('パスワード').fill(staff.password);
    await page.getByRole('button', { name: '次へ' }).click();
    const wrong = String((Number(totp(staff.secret, Math.floor(Date.now() / 30_000))) + 500_000) % 1_000_000).padStart(
      6,
      '0',
    );
    await page.getByLabel('確認コード（6桁）').fill(wrong);
    await page.getByRole('button', { name: 'ログイン' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login/);
    await page.getByRole('button', { name: 'メールアドレスとパスワードの入力に戻る' }).click();

    await signInStaff(page, 'admin');
    // Back where the staff member was going: the thread.
    await expect(page).toHaveURL(new RegExp(`/admin/inquiries/${inquiry.key}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(inquiry.number);
    // The signed-in role's label (the menu's 「スタッフ」 link is not it).
    const role = page.getByRole('banner').getByText(/^(オーナー|店長|受注担当|出荷担当|閲覧のみ)$/);
    await expect(role).toBeVisible();

    // The inbox finds it by its number among the open inquiries.
    await (await adminMenu(page)).getByRole('link', { name: '受信箱' }).click();
    await expect(page.getByRole('link', { name: /^未対応/ })).toHaveAttribute('aria-current', 'page');
    await page.getByLabel('キーワード').fill(inquiry.number);
    await page.getByRole('button', { name: '検索' }).click();
    const link = page.getByRole('link', { name: inquiry.number });
    await expect(link).toBeVisible();
    await expect(page.getByRole('row').filter({ has: link })).toContainText('ゲスト');
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'admin-inbox');
    await link.click();

    // The customer's photo is shown inline (fetched with the session, through a blob URL).
    const customer = page.getByRole('article', { name: 'お客様のメッセージ' });
    await expect(customer).toContainText('ミラーの取付部品が割れて届きました');
    const photo = customer.getByRole('img', { name: 'broken-part.png' });
    await expect(photo).toBeVisible();
    await expect(photo).toHaveAttribute('src', /^blob:/);
    expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

    // Reply with a PDF.
    const repliedAfter = Date.now();
    const reply = page.getByRole('form', { name: '返信' });
    await reply.getByLabel('返信内容').fill('ご不便をおかけし申し訳ございません。交換部品を本日発送いたします。');
    await reply
      .getByLabel('ファイルを添付')
      .setInputFiles({ name: '発送のご案内.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(reply.getByRole('list', { name: '添付するファイル' })).toContainText('発送のご案内.pdf');
    await reply.getByRole('button', { name: '返信を送信' }).click();
    await expect(page.getByText('返信を送信しました。お客様にメールでお知らせしました。')).toBeVisible();
    const shop = page.getByRole('article', { name: 'ショップのメッセージ' });
    await expect(shop).toContainText('交換部品を本日発送いたします。');
    await expect(shop.getByRole('button', { name: /発送のご案内\.pdf をダウンロード/ })).toBeVisible();
    // Replying moved it to 対応中; the guest was mailed.
    await expect(page.getByRole('combobox', { name: 'ステータス' })).toHaveValue('in_progress');
    const mail = await readMail(inquiry.email, { after: repliedAfter });
    expect(mail.text).toContain('交換部品を本日発送いたします。');

    // The PDF downloads under its name.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      shop.getByRole('button', { name: /発送のご案内\.pdf をダウンロード/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('発送のご案内.pdf');

    // Close it and leave a note for the other staff.
    await page.getByRole('combobox', { name: 'ステータス' }).selectOption('closed');
    await expect(page.getByText('ステータスを「完了」に変更しました。')).toBeVisible();
    const notes = page.getByRole('region', { name: /社内メモ/ });
    await expect(notes.getByText('お客様には表示されません')).toBeVisible();
    await notes.getByLabel('社内メモを追加').fill('交換部品は佐川で発送済み');
    await notes.getByRole('button', { name: 'メモを保存' }).click();
    await expect(notes.getByText('交換部品は佐川で発送済み')).toBeVisible();
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'admin-thread');

    // After a reload (the session is the cookie) it is 完了, with the note.
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'ステータス' })).toHaveValue('closed');
    await expect(page.getByRole('region', { name: /社内メモ/ })).toContainText('交換部品は佐川で発送済み');

    // A system message to the demo member, previewed first.
    await page.goto('/admin/messages/new');
    await page.getByRole('radio', { name: '一人の会員' }).check();
    await page.getByLabel('会員のメールアドレス').fill(DEMO_MEMBER_EMAIL);
    const title = `冬季休業のお知らせ（${testInfo.project.name}）`;
    await page.getByLabel('件名').fill(title);
    await page.getByLabel('本文').fill('12月29日から1月3日まで休業いたします。\nご注文は休業中も承ります。');
    await page.getByRole('button', { name: 'プレビュー' }).click();
    const preview = page.getByRole('region', { name: 'プレビュー' });
    await expect(preview.getByRole('status')).toContainText(`会員（${DEMO_MEMBER_EMAIL}）`);
    await expect(preview.getByRole('status')).toContainText('1人');
    await expect(preview.getByRole('article', { name: '会員の画面での表示' })).toContainText(
      'ご注文は休業中も承ります。',
    );
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'admin-compose');
    await preview.getByRole('button', { name: '1人に送信' }).click();
    await expect(page).toHaveURL(/\/admin\/messages$/);
    await expect(page.getByText('お知らせを1人に送信しました。')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: title })).toBeVisible();
    await expectAccessible(page);

    // An owner finds every change in the audit log; staff have no such menu entry.
    const menu = await adminMenu(page);
    if ((await role.textContent()) === 'オーナー') {
      await menu.getByRole('link', { name: '操作履歴' }).click();
      for (const action of ['返信', 'ステータス変更', '社内メモ追加']) {
        await expect(
          page.getByRole('row').filter({ hasText: inquiry.number }).filter({ hasText: action }).first(),
        ).toBeVisible();
      }
      await expect(page.getByRole('row').filter({ hasText: title }).filter({ hasText: 'お知らせ送信' })).toBeVisible();
      await expectAccessible(page);
    } else {
      await expect(menu.getByRole('link', { name: '操作履歴' })).toHaveCount(0);
    }

    // Logout ends the session: the back office asks to sign in again.
    await page.getByRole('button', { name: 'ログアウト' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.goto('/admin/inquiries');
    await expect(page).toHaveURL(/\/admin\/login\?next=/);

    expect(cspProblems).toEqual([]);
  });
});
