/** Helpers shared by the journeys: screenshots kept as artefacts, the shop CLI, other hosts. */
import { execFileSync } from 'node:child_process';
import { test as base, type Page, type TestInfo } from '@playwright/test';

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
      const answer = await request.get('/v1/popups');
      const ids = answer.ok() ? ((await answer.json()) as { data: { id: string }[] }).data.map((p) => p.id) : [];
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
