/** Helpers shared by the journeys: screenshots kept as artefacts, the shop CLI, other hosts, mail. */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { test as base, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';

/** The storefront's memory of popups already shown (features/popup/popup-memory.ts). */
export const POPUP_SEEN_KEY = 'shop.popupsSeen';

/**
 * Every journey is a returning visitor who has already seen the shop's current popups, so the
 * modal does not cover the screens under test — the same state a real visitor is in after closing
 * it once. Journeys about the popup itself opt out with `test.use({ popupsSeen: false })`.
 * (Only `display: once` popups are remembered; the demo shop has no `always` popup.)
 */
export const test = base.extend<{ popupsSeen: boolean }>({
  popupsSeen: [true, { option: true }],
  page: async ({ page, request, popupsSeen }, use) => {
    if (popupsSeen) {
      // The popups over pages, and those an ecommerce event answers (the purchase's).
      const ids: string[] = [];
      for (const path of ['/v1/popups', '/v1/popups?event=purchase', '/v1/popups?event=add_to_cart']) {
        const answer = await request.get(path);
        if (answer.ok()) ids.push(...((await answer.json()) as { data: { id: string }[] }).data.map((p) => p.id));
      }
      await page.addInitScript(
        ([key, value]) => {
          if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, value);
        },
        [POPUP_SEEN_KEY, JSON.stringify(ids)] as const,
      );
    }
    await use(page);
  },
});

export { expect } from '@playwright/test';

// axe-core as a script of the test (the shop's CSP stays as it is for the shop's own code).
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The serious and critical axe violations of the page, each with up to 3 of its elements. With
 * `underCsp`, axe is evaluated through the DevTools protocol instead of added as a <script>, so a
 * page under a strict CSP (the back office) keeps it enforced.
 */
export async function seriousViolations(page: Page, { underCsp = false } = {}): Promise<string[]> {
  if (underCsp) await page.evaluate(axeSource);
  else await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    type Result = { violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<Result> } }).axe;
    return (await axe.run(document)).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}

/** Saves a full-page screenshot under e2e/artifacts/screens/<project>/<name>.png. */
export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: `e2e/artifacts/screens/${testInfo.project.name}/${name}.png`, fullPage: true });
}

/** Runs the real `shop` command against the server's database (same environment). */
export function shopCommand(...args: string[]): void {
  const bin = process.env.SHOP_BIN;
  if (!bin) throw new Error('SHOP_BIN is not set: run the journeys through scripts/e2e.sh');
  execFileSync(bin, args, { stdio: 'pipe', env: process.env });
}

/** The same server under another host name (Chromium resolves *.localhost to this machine). */
export function onHost(host: string, path = '/'): string {
  const port = process.env.E2E_BASE_PORT ?? '18080';
  return `http://${host}:${port}${path}`;
}

/** One mail the server wrote to E2E_OUTBOX_DIR, decoded. */
export interface Mail {
  file: string;
  /** Modification time of the .eml file (epoch ms). */
  time: number;
  to: string;
  subject: string;
  /** The text/plain part (or the HTML part without tags), decoded to a string. */
  text: string;
}

/** `=?UTF-8?B?…?=` / `=?UTF-8?Q?…?=` words in a header. */
function decodeWords(value: string): string {
  return value.replace(
    /=\?([^?]+)\?([BbQq])\?([^?]*)\?=(\s+(?==\?))?/g,
    (_m, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const source = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < source.length; i += 1) {
    const hex = source.slice(i + 1, i + 3);
    if (source[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(source[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const match = /\r?\n\r?\n/.exec(raw);
  const head = match ? raw.slice(0, match.index) : raw;
  const body = match ? raw.slice(match.index + match[0].length) : '';
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  return part.body;
}

/** The readable text of a MIME entity: text/plain preferred, HTML stripped of tags otherwise. */
function textOf(part: Part): { plain: string | null; html: string | null } {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    let plain: string | null = null;
    let html: string | null = null;
    for (const chunk of part.body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const inner = textOf(splitPart(chunk.replace(/^\r?\n/, '')));
      plain ??= inner.plain;
      html ??= inner.html;
    }
    return { plain, html };
  }
  const text = decodeBody(part);
  return /^text\/html/i.test(type) ? { plain: null, html: text } : { plain: text, html: null };
}

export function parseMail(raw: string, file = '', time = 0): Mail {
  const part = splitPart(raw);
  const { plain, html } = textOf(part);
  const text =
    plain ??
    (html ?? '')
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<[^>]+>/g, '')
      .replace(/&amp;/g, '&');
  return {
    file,
    time,
    to: decodeWords(part.headers.get('to') ?? ''),
    subject: decodeWords(part.headers.get('subject') ?? ''),
    text,
  };
}

function listMail(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const path = join(dir, name);
    const stat = statSync(path);
    if (stat.isDirectory()) return listMail(path);
    return name.endsWith('.eml') ? [path] : [];
  });
}

/**
 * The newest mail to `to` in the server's outbox (E2E_OUTBOX_DIR, set by scripts/e2e.sh), written
 * at or after `after` (epoch ms) when given; waits up to `timeout` ms for it to appear.
 */
export async function readMail(
  to: string,
  options: { after?: number; timeout?: number; subject?: RegExp } = {},
): Promise<Mail> {
  const dir = process.env.E2E_OUTBOX_DIR;
  if (!dir) throw new Error('E2E_OUTBOX_DIR is not set: run the journeys through scripts/e2e.sh');
  const deadline = Date.now() + (options.timeout ?? 10_000);
  const wanted = to.toLowerCase();
  for (;;) {
    const found = listMail(dir)
      .map((file) => ({ file, time: statSync(file).mtimeMs }))
      // File times can be coarser than the clock: allow a second's slack.
      .filter(({ time }) => options.after === undefined || time >= options.after - 1000)
      .map(({ file, time }) => parseMail(readFileSync(file, 'utf8'), file, time))
      .filter((mail) => mail.to.toLowerCase().includes(wanted))
      .filter((mail) => !options.subject || options.subject.test(mail.subject))
      .sort((a, b) => b.time - a.time || b.file.localeCompare(a.file));
    if (found[0]) return found[0];
    if (Date.now() > deadline) throw new Error(`no mail to ${to} in ${dir}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The 6-digit one-time code in a mail. */
export function mailCode(mail: Mail): string {
  const code = /(?<![0-9])([0-9]{6})(?![0-9])/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no 6-digit code in the mail "${mail.subject}"`);
  return code;
}

/** The first link in a mail whose path starts with `path` (e.g. `/verify/email`), as path + query. */
export function mailLink(mail: Mail, path: string): string {
  for (const match of mail.text.matchAll(/https?:\/\/[^\s"'<>]+/g)) {
    const url = new URL(match[0]);
    if (url.pathname.startsWith(path)) return `${url.pathname}${url.search}`;
  }
  throw new Error(`no ${path} link in the mail "${mail.subject}"`);
}

/**
 * The `X-Bot-Check` header a checked form's POST needs (login, registration, reminders, contact;
 * docs/inquiries-api.md): a fresh ALTCHA challenge from GET /v1/bot-check, solved here with
 * node:crypto as the browser does with WebCrypto. `headers` go with the challenge request too
 * (e.g. `X-Channel`).
 */
export async function botCheckHeaders(
  request: APIRequestContext,
  headers: Record<string, string> = {},
): Promise<Record<string, string>> {
  const answer = await request.get('/v1/bot-check', { headers });
  if (!answer.ok()) throw new Error(`GET /v1/bot-check answered ${answer.status()}: ${await answer.text()}`);
  const check = (await answer.json()) as {
    kind: string;
    challenge?: { algorithm: string; challenge: string; salt: string; signature: string; maxnumber: number };
  };
  const challenge = check.challenge;
  if (check.kind !== 'altcha' || !challenge)
    throw new Error(`the journeys solve ALTCHA, the shop asks for ${check.kind}`);
  for (let number = 0; number <= challenge.maxnumber; number += 1) {
    if (createHash('sha256').update(`${challenge.salt}${number}`).digest('hex') === challenge.challenge) {
      const { algorithm, salt, signature } = challenge;
      const payload = { algorithm, challenge: challenge.challenge, number, salt, signature };
      return { ...headers, 'X-Bot-Check': Buffer.from(JSON.stringify(payload)).toString('base64') };
    }
  }
  throw new Error('the bot-check challenge has no solution up to maxnumber');
}
