import { SYSTEM_PATHS } from '@monitoring/contracts';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8181);
// E2E_BASE_URL runs the specs against a server that is already up (e.g. `npm run dev`'s http://localhost:5173)
// instead of starting a fresh one: for a developer iterating on one spec. CI never sets it.
const BASE_URL = process.env.E2E_BASE_URL ?? `http://localhost:${PORT}`;
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The real server on a fresh embedded database with a small demo set, serving
 * the built web app; Debian's Chromium drives it (no browser download).
 */
export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    locale: 'ru-RU',
    timezoneId: 'UTC',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
      ],
    },
  },
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        command: 'node ./serve.mjs',
        // Readiness: 503 while the server migrates and seeds its demo data, 200 once it serves.
        url: `http://localhost:${PORT}${SYSTEM_PATHS.ready}`,
        timeout: 240_000,
        reuseExistingServer: false,
        stdout: 'pipe',
        env: { E2E_PORT: String(PORT) },
      },
});
