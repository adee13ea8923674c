/**
 * Contact, inquiries and the message centre (issue 14; docs/inquiries-api.md), in real Chromium
 * against the real server, at phone (390 px) and desktop widths, each screen checked with axe:
 * - a guest sends the contact form with a photo through 確認 to 完了 and gets the number, then
 *   follows the receipt mail's link to the thread, downloads the photo and replies;
 * - a member's form starts from the profile; the inquiry is in お問い合わせ履歴, opens as a
 *   conversation and takes a reply with an attachment;
 * - a system message sent by staff shows unread in the header badge and the list, and read
 *   after it is opened.
 * The forms solve the bot check in the browser (ALTCHA in WebCrypto); the staff side uses the
 * owner scripts/e2e.sh creates for it (E2E_STAFF_MESSAGE_<WIDTH>_*; e2e/staff-session.ts).
 */
import { deflateSync } from 'node:zlib';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expectNoSidewaysScroll, freshMember, logIn } from './member-session';
import { freshCode, staffAccount } from './staff-session';
import { expect, keepScreenshot, mailLink, readMail, seriousViolations, test } from './support';

// seriousViolations adds axe as a script, which the shop's CSP refuses.
test.use({ bypassCSP: true });

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name === 'phone') await page.setViewportSize({ width: 390, height: 844 });
});

// ---- a PNG made here: 8×8 pixels of the shop's grey, so the server's type sniffing has real bytes ----

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

function png(size: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, 0x77)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const PHOTO = { name: 'mirror-part.png', mimeType: 'image/png', buffer: png(8) };
/** The name as a pattern (the dot is a dot). */
const PHOTO_NAME = PHOTO.name.replace(/[.]/g, '\\.');
/** マイページ with its badge: Chromium puts a space before the badge's hidden words. */
const unreadBadge = (count: number) => new RegExp(`^マイページ\\s*（未読メッセージ${count}件）$`);
/** A message's link in the list, with its hidden （未読） or （既読） (after a space in Chromium too). */
const messageLink = (title: string, state: '未読' | '既読') =>
  new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*（${state}）$`);

// ---- the staff side (for the system message), as e2e/admin.spec.ts signs in ----

/** Signs the staff member in through the API (the session cookie stays in `request`). */
async function staffSignIn(request: APIRequestContext): Promise<void> {
  const staff = staffAccount('message');
  const login = await request.post('/v1/admin/auth/login', { data: { email: staff.email, password: staff.password } });
  expect(login.status(), await login.text()).toBe(200);
  const { pending } = (await login.json()) as { pending: string };
  const answer = await request.post('/v1/admin/auth/totp', { data: { pending, code: await freshCode(staff.secret) } });
  expect(answer.status(), await answer.text()).toBe(200);
}

async function sendSystemMessage(request: APIRequestContext, email: string, title: string, body: string) {
  await staffSignIn(request);
  const sent = await request.post('/v1/admin/system-messages', {
    data: { audience: 'member', member_email: email, title, body },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  expect(((await sent.json()) as { recipients: number }).recipients).toBe(1);
  await request.post('/v1/admin/auth/logout');
}

// ---- helpers of the journeys ----

async function expectAccessible(page: Page): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
  await expectNoSidewaysScroll(page);
}

/**
 * The toast saying `text`, once it has faded in: axe checks it then (half-transparent, its text
 * would fail the contrast rule only because it is still appearing).
 */
async function expectToast(page: Page, text: string): Promise<void> {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: text });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveCSS('opacity', '1');
}

/** Topic, message and the required sender fields of /contact. */
async function fillContact(page: Page, fields: { body: string; name?: string; email?: string }) {
  await page.getByLabel(/^お問い合わせ種別/).selectOption({ label: '商品について' });
  await page.getByLabel(/^お問い合わせ内容/).fill(fields.body);
  if (fields.name !== undefined) await page.getByLabel(/^お名前/).fill(fields.name);
  if (fields.email !== undefined) await page.getByLabel(/^メールアドレス/).fill(fields.email);
}

async function attach(scope: Page | Locator) {
  await scope.getByLabel(/^添付ファイル/).setInputFiles(PHOTO);
  await expect(scope.getByRole('list', { name: '添付ファイル一覧' })).toContainText(PHOTO.name);
}

/** 確認画面へ → the confirm page → 送信する → the complete page; the inquiry's number. */
async function confirmAndSend(page: Page, testInfo: Parameters<typeof keepScreenshot>[1], tag: string) {
  await page.getByRole('button', { name: '確認画面へ' }).click();
  await expect(page).toHaveURL(/\/contact\/confirm$/);
  await expect(page.getByRole('heading', { level: 1, name: 'お問い合わせ内容の確認' })).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, `${tag}-confirm`);
  await page.getByRole('button', { name: '送信する' }).click();
  await expect(page).toHaveURL(/\/contact\/complete$/);
  await expect(page.getByRole('heading', { level: 1, name: 'お問い合わせを受け付けました' })).toBeVisible();
  const number = (await page.locator('dt', { hasText: 'お問い合わせ番号' }).locator('+ dd').textContent()) ?? '';
  expect(number).toMatch(/^Q-\d{8}-\d{4}$/);
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, `${tag}-complete`);
  return number;
}

// @phone: the form's rows are one column on a phone; the screens are checked for sideways
// scrolling, which only a phone's width can show.
test('a guest sends the contact form with a photo, gets the number, and replies from the mailed link @phone', async ({
  page,
}, testInfo) => {
  const email = `e2e-contact-${testInfo.project.name}-${Date.now()}@example.com`;
  const body = `ミラーの取付部品について教えてください（${testInfo.project.name}）。\n写真を添付します。`;

  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'お問い合わせ' })).toBeVisible();
  await expect(page.getByLabel(/^お問い合わせ内容/)).toHaveAttribute(
    'placeholder',
    'お問い合わせ内容をご記入ください。',
  );
  await expectAccessible(page);

  await fillContact(page, { body, name: '問合 花子', email });
  await page.getByLabel(/^フリガナ/).fill('トイアワセ ハナコ');
  await page.getByLabel(/^電話番号/).fill('03-1234-5678');
  await attach(page);
  await keepScreenshot(page, testInfo, 'contact-form');

  // 戻る from the confirm page finds the form as it was.
  await page.getByRole('button', { name: '確認画面へ' }).click();
  await expect(page.getByText(`${PHOTO.name}（`)).toBeVisible();
  await expect(page.getByText('トイアワセ ハナコ')).toBeVisible();
  await page.getByRole('link', { name: '戻る' }).click();
  await expect(page.getByLabel(/^お名前/)).toHaveValue('問合 花子');
  await expect(page.getByRole('list', { name: '添付ファイル一覧' })).toContainText(PHOTO.name);

  const sentAfter = Date.now();
  const number = await confirmAndSend(page, testInfo, 'contact');

  // The receipt mail carries the thread's link; the thread shows the message and the photo.
  const mail = await readMail(email, { after: sentAfter, subject: /お問い合わせを受け付けました/ });
  expect(mail.text).toContain(number);
  await page.goto(mailLink(mail, '/contact/thread/'));
  await expect(page.getByRole('heading', { level: 1, name: 'お問い合わせ内容' })).toBeVisible();
  await expect(page.getByText(number)).toBeVisible();
  const conversation = page.getByRole('list', { name: 'やりとり' });
  const mine = conversation.getByRole('article', { name: 'お客様のメッセージ' });
  await expect(mine).toContainText('ミラーの取付部品について教えてください');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    mine.getByRole('button', { name: new RegExp(`^${PHOTO_NAME}.*をダウンロード$`) }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(PHOTO.name);

  await page.getByLabel(/^返信内容/).fill('追加の写真はありません。よろしくお願いします。');
  await page.getByRole('button', { name: '返信を送信する' }).click();
  await expectToast(page, '返信を送信しました');
  await expect(conversation.getByRole('article')).toHaveCount(2);
  await expect(conversation).toContainText('追加の写真はありません。');
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'contact-guest-thread');
});

// @phone: the screens are checked for sideways scrolling, which only a phone's width can show.
test('a member’s form starts from the profile; the inquiry is in お問い合わせ履歴 and takes a reply @phone', async ({
  page,
}, testInfo) => {
  const member = await freshMember(page, testInfo, 'inquiry');
  await logIn(page, member);
  await expect(page).toHaveURL(/\/mypage$/);

  await page.goto('/contact');
  await expect(page.getByLabel(/^お名前/)).toHaveValue('試験 花子');
  await expect(page.getByLabel(/^メールアドレス/)).toHaveValue(member.email);
  await expect(page.getByLabel(/^電話番号/)).toHaveValue('03-1234-5678');
  await fillContact(page, { body: `ヘルメットのサイズ交換はできますか（${testInfo.project.name}）。` });
  const number = await confirmAndSend(page, testInfo, 'contact-member');
  await page.getByRole('link', { name: 'マイページのお問い合わせ履歴' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'お問い合わせ履歴' })).toBeVisible();
  const list = page.getByRole('list', { name: 'お問い合わせ一覧' });
  const row = list.getByRole('listitem').filter({ hasText: number });
  await expect(row).toContainText('未対応');
  await expect(row).toContainText('商品について');
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'inquiry-history');

  await row.getByRole('link', { name: /ヘルメットのサイズ交換はできますか/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'お問い合わせ詳細' })).toBeVisible();
  const conversation = page.getByRole('list', { name: 'やりとり' });
  await expect(conversation.getByRole('article')).toHaveCount(1);

  const reply = page.getByRole('form', { name: '返信する' });
  await reply.getByLabel(/^返信内容/).fill('サイズはMからLへの交換を希望します。');
  await attach(reply);
  await reply.getByRole('button', { name: '返信を送信する' }).click();
  await expectToast(page, '返信を送信しました');
  await expect(conversation.getByRole('article')).toHaveCount(2);
  const second = conversation.getByRole('article').nth(1);
  await expect(second).toContainText('サイズはMからLへの交換を希望します。');
  await expect(second.getByRole('button', { name: new RegExp(`^${PHOTO_NAME}.*をダウンロード$`) })).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'inquiry-thread');
});

// @phone: the badge sits in the phone header's own row of tools; the screens are checked for
// sideways scrolling, which only a phone's width can show.
test('a system message shows unread in the header badge and the list, and read once opened @phone', async ({
  page,
  request,
}, testInfo) => {
  const member = await freshMember(page, testInfo, 'message');
  const title = `年末年始の営業のお知らせ（${testInfo.project.name}）`;
  await sendSystemMessage(
    request,
    member.email,
    title,
    '12月29日から1月3日まで休業いたします。\n\nご注文は休業中も承ります。',
  );

  await logIn(page, member);
  await expect(page).toHaveURL(/\/mypage$/);
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: unreadBadge(1) })).toBeVisible();

  await page
    .getByRole('navigation', { name: 'マイページメニュー' })
    .getByRole('link', { name: 'メッセージセンター' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'メッセージセンター' })).toBeVisible();
  const list = page.getByRole('list', { name: 'メッセージ一覧' });
  await expect(list.getByRole('link', { name: messageLink(title, '未読') })).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'message-center-unread');

  await list.getByRole('link', { name: messageLink(title, '未読') }).click();
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(page.getByText('ご注文は休業中も承ります。')).toBeVisible();
  await expect(header.getByRole('link', { name: 'マイページ', exact: true })).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'message-center-message');

  await page.getByRole('link', { name: 'メッセージセンターへ戻る' }).click();
  await expect(list.getByRole('link', { name: messageLink(title, '既読') })).toBeVisible();
  // Still read after a reload: the server keeps it.
  await page.reload();
  await expect(list.getByRole('link', { name: messageLink(title, '既読') })).toBeVisible();
  await expect(header.getByRole('link', { name: 'マイページ', exact: true })).toBeVisible();
});
