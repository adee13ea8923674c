/**
 * Browser journeys in the system Chromium (never a downloaded one) against the real server
 * that scripts/e2e.sh starts with demo data. Runs at phone and desktop widths.
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
    { name: 'phone', use: { ...devices['Pixel 7'], viewport: { width: 375, height: 740 } } },
  ],
});
