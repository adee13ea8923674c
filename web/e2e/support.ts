/** Helpers shared by the journeys: screenshots kept as artefacts, the shop CLI, other hosts. */
import { execFileSync } from 'node:child_process';
import type { Page, TestInfo } from '@playwright/test';

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
