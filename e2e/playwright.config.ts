import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/** E2E_PORT lets two runs on one machine (a check beside CI) keep apart. */
const port = Number(process.env.E2E_PORT ?? 3100);
export const e2eDataDir = path.join(os.tmpdir(), `gatefold-e2e-${port}`);

/** Drives the built app (npm run build) in Debian's Chromium; the server gets a fresh data folder. */
export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  // One retry in CI only: on a two-core machine running server, browser and two workers, a rare
  // timing miss should not sink the run; Playwright still reports such a test as flaky.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  // Axe scans of several screens in one test take 20 s on a busy two-core machine.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'node ../server/dist/main.js',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    // The whole suite comes from one address, far faster than a person; the limit is tested in the API tests.
    env: {
      PORT: String(port),
      DATA_DIR: e2eDataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '1000000',
      SIGN_INS_PER_MINUTE: '100000',
    },
  },
});
