/**
 * The staff accounts scripts/e2e.sh creates and their TOTP codes, for the journeys that sign a
 * staff member in: admin.spec.ts, corporate.spec.ts and the desks' journeys (order-desk.spec.ts,
 * stock-desk.spec.ts, product-desk.spec.ts, product-photos.spec.ts, catalog-csv.spec.ts, …) in the
 * browser, contact.spec.ts through the API.
 *
 * The server takes each TOTP time step (30 s) once per account, so a second sign-in of the same
 * account within a step would have to wait for the next one. Every journey that signs in
 * therefore has its own owner at each width (E2E_STAFF_<JOURNEY>_<WIDTH>_EMAIL, _PASSWORD and
 * _TOTP_SECRET): a run never waits, and `freshCode` only waits when a journey signs the same
 * account in twice within a step (a retry right after a failure). A journey about the accounts
 * themselves (staff-desk.spec.ts) makes its own with `createStaff`, the same command.
 */
import { execFileSync } from 'node:child_process';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';

/** The journeys that sign a staff member in; each has its own owner per width. */
export type StaffJourney =
  /** admin.spec.ts: the demo shop's back office in the browser (the real password + TOTP login). */
  | 'admin'
  /** contact.spec.ts: the demo shop's system message, sent through the API. */
  | 'message'
  /** corporate.spec.ts: the corporate shop's 法人会員 screen in the browser. */
  | 'corporate'
  /** order-desk.spec.ts: the demo shop's 受注管理 (payment, carrier file, tracking numbers). */
  | 'orders'
  /** stock-desk.spec.ts: the demo shop's 在庫管理 (入荷, the ledger, 棚卸). */
  | 'stock'
  /** product-desk.spec.ts: the demo shop's 商品管理 (a product made, stocked and bought). */
  | 'products'
  /** taxonomy-desk.spec.ts: the demo shop's 分類管理 (categories, makers, brands, tags). */
  | 'taxonomy'
  /** review-desk.spec.ts: the demo shop's レビュー管理 (a review hidden and published again). */
  | 'reviews'
  /** product-photos.spec.ts: the demo shop's 商品画像 (photos uploaded, ordered and shown in the shop). */
  | 'photos'
  /** catalog-csv.spec.ts: the demo shop's CSV入出力 (the products and inventory CSVs). */
  | 'csv'
  /** catalog-grid.spec.ts: 一括編集 (price, publication and stock across products). */
  | 'grid'
  /** settings-carriage.spec.ts: the demo shop's 送料設定 (沖縄県's carriage changed, seen in a cart, put back). */
  | 'settings'
  /** bank-reconciliation.spec.ts: the demo shop's 入金消込（CSV） (a bank statement matched and confirmed). */
  | 'bank'
  /** settings-points.spec.ts: the demo shop's ポイント設定 (the earn rate changed, seen on a member's points page, put back). */
  | 'points'
  /** staff-invite.spec.ts: the demo shop's スタッフ管理 (an order clerk invited by mail, enrolled, then made 店長). */
  | 'invite'
  /** ip-allowlist.spec.ts: the demo shop's IPアドレス制限 (a list that would shut the owner out refused, one with 127.0.0.1 saved, emptied again). */
  | 'ip';

/** The owner scripts/e2e.sh made for `journey` at the running test's width (its project). */
export function staffAccount(journey: StaffJourney) {
  const prefix = `E2E_STAFF_${journey}_${test.info().project.name}`.toUpperCase();
  const email = process.env[`${prefix}_EMAIL`];
  const password = process.env[`${prefix}_PASSWORD`];
  const secret = process.env[`${prefix}_TOTP_SECRET`];
  if (!email || !password || !secret) {
    throw new Error(`${prefix}_EMAIL, ${prefix}_PASSWORD and ${prefix}_TOTP_SECRET: run through scripts/e2e.sh`);
  }
  return { email, password, secret };
}

/** What signing a staff member in takes: the e-mail, the password and the authenticator's secret. */
export interface StaffLogin {
  email: string;
  password: string;
  /** The TOTP secret in base32. */
  secret: string;
}

/** A role as `shop staff create --role` names it. */
export type StaffRoleArg = 'owner' | 'manager' | 'order-clerk' | 'shipping-clerk' | 'viewer';

/**
 * A staff member made as scripts/e2e.sh makes the journeys' owners: `shop staff create` (with the
 * password on stdin) on the database the running server uses, its TOTP secret read from what it
 * prints.
 */
export function createStaff({
  channel = 'demo',
  email,
  name,
  role,
}: {
  channel?: string;
  email: string;
  name: string;
  role: StaffRoleArg;
}): StaffLogin {
  const bin = process.env.SHOP_BIN;
  if (!bin) throw new Error('SHOP_BIN is not set: run the journeys through scripts/e2e.sh');
  const password = `e2e-${randomBytes(12).toString('hex')}`;
  const printed = execFileSync(
    bin,
    ['staff', 'create', '--channel', channel, '--email', email, '--name', name, '--role', role, '--password-stdin'],
    { input: `${password}\n`, encoding: 'utf8', env: { ...process.env, RUST_LOG: 'warn' } },
  );
  const secret = /^TOTP secret \(base32\): (\S+)/m.exec(printed)?.[1];
  if (!secret) throw new Error(`no TOTP secret in: ${printed}`);
  return { email, password, secret };
}

/**
 * Signs in on the back office's login page, which `page` shows: the password, then a code. The
 * account is the journey's owner, or one the journey made (`createStaff`).
 */
export async function signInStaff(page: Page, journey: StaffJourney | StaffLogin): Promise<void> {
  const staff = typeof journey === 'string' ? staffAccount(journey) : journey;
  await page.getByLabel('メールアドレス').fill(staff.email);
  await page.getByLabel('パスワード').fill(staff.password);
  await page.getByRole('button', { name: '次へ' }).click();
  const code = page.getByLabel('確認コード（6桁）');
  await expect(code).toBeVisible();
  await code.fill(await freshCode(staff.secret));
  await page.getByRole('button', { name: 'ログイン' }).click();
}

/** RFC 4648 base32 (the TOTP secret's encoding), padding and case ignored. */
function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text.toUpperCase().replace(/[\s=]/g, '')) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** RFC 6238 TOTP (HMAC-SHA1, 30 s steps, 6 digits) for the time step `step`. */
export function totp(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const digest = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

/**
 * A time step is accepted once per account: a sign-in waits for a step its account has not used
 * yet (with an account per journey and width, only a retry within the same step waits). The
 * last used step is kept in a file named after the secret (a new one every e2e run), so that
 * worker processes (each project, a retry) agree.
 */
function usedStepFile(secret: string): string {
  return join(tmpdir(), `shop-e2e-totp-${createHash('sha256').update(secret).digest('hex').slice(0, 16)}`);
}

/** A TOTP code of a time step no sign-in of this run has used. */
export async function freshCode(secret: string): Promise<string> {
  const file = usedStepFile(secret);
  const lastStep = existsSync(file) ? Number(readFileSync(file, 'utf8')) : -1;
  for (;;) {
    const step = Math.floor(Date.now() / 30_000);
    // Not in the last 2 s of a step either: the server must still see the same step.
    if (step > lastStep && Date.now() % 30_000 < 28_000) {
      writeFileSync(file, String(step));
      return totp(secret, step);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * The back office's menu, opened first where it is folded behind 「メニュー」 (at phone width), so
 * that its links can be clicked or counted at any width.
 */
export async function adminMenu(page: Page) {
  const menu = page.getByRole('navigation', { name: '管理メニュー' });
  await expect(menu).toBeVisible();
  const toggle = menu.getByRole('button', { name: 'メニュー' });
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  return menu;
}
