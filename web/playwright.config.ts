/**
 * Browser journeys in the system Chromium (never a downloaded one) against the real server
 * that scripts/e2e.sh starts with demo data. Every journey runs at desktop width; those tagged
 * `@phone` run at phone width (375 px) too — see the `phone` project below.
 */
import { defineConfig, devices } from '@playwright/test';

const port = process.env.E2E_BASE_PORT ?? '18080';

export default defineConfig({
  testDir: './e2e',
  outputDir: './e2e/artifacts/results',
  // The maintenance journey switches a whole shop off: journeys run one at a time.
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    /*
     * At 375 px, only the journeys whose title ends in `@phone` (a Playwright tag), each with a
     * comment above it saying why. A journey earns a phone run when that run can fail where the
     * desktop one passes:
     * - it asserts the phone layout: a branch on the width, an element only a phone gets, or
     *   nothing wider than the screen (expectNoSidewaysScroll, themes.spec.ts's look);
     * - it walks a screen built differently for a phone: by script (the product list's 絞り込み
     *   drawer, the home page's phone blocks and missing sidebar, まとめて注文 as a list, the flip
     *   book's single page), or by a stylesheet that turns one thing into another (the header's
     *   rows, the mypage menu and the sort links as rows that scroll sideways, tables read as
     *   cards, the back office's menu and thread);
     * - it is the checkout a customer walks on a phone (cart.spec.ts's guest order);
     * and no other @phone journey checks the same screens at 375 px already (themes.spec.ts buys
     * at phone width on one shop, not on all seven: only the header and footer differ).
     * Rules, mails, PDFs, redirects and API answers are the same at any width: those journeys
     * run at desktop width only. (A command line's --grep applies on top of this one: to try an
     * untagged journey at phone width, tag it.)
     */
    { name: 'phone', grep: /@phone/, use: { ...devices['Pixel 7'], viewport: { width: 375, height: 740 } } },
  ],
});
