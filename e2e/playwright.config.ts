import { defineConfig } from '@playwright/test';
import { chromiumArgs, testChromiumPath } from '../scripts/chromium.ts';

const port = Number(process.env.E2E_PORT ?? 3100);
// Set once here so the workers, which load this file again, share the server's data folder.
process.env.E2E_DATA_DIR ??= `e2e/.artifacts/data-${Date.now()}`;
const dataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '.artifacts/results',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: '.artifacts/report.json' }]] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: { executablePath: testChromiumPath, args: chromiumArgs },
    // A failed test keeps a screenshot of its last moment. Its trace (each step's DOM snapshot,
    // network log and console) only with E2E_TRACE=1: recording one for every test and dropping it
    // when the test passed cost a sixth to a quarter of the CPU of the specs measured (decision 0041).
    trace: process.env.E2E_TRACE ? { mode: 'retain-on-failure', screenshots: false } : 'off',
    screenshot: 'only-on-failure',
    // Every browser starts as a visitor who chose "Essential only" (consent cookie pcg, version 1,
    // mask 2), so the consent banner stays out of the way; consent.spec.ts starts without it.
    storageState: {
      cookies: [
        {
          name: 'pcg',
          value: '1.2',
          domain: '127.0.0.1',
          path: '/',
          expires: -1,
          httpOnly: false,
          secure: false,
          sameSite: 'Lax',
        },
      ],
      origins: [],
    },
  },
  webServer: {
    command: 'node apps/server/src/main.ts',
    cwd: '..',
    url: `http://127.0.0.1:${port}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PLAZA_DATA_DIR: dataDir,
      PLAZA_DEMO: '1',
      NODE_ENV: 'production',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      // Each test may pose as a visitor from its own address (support/accounts.ts fromOwnAddress).
      TRUST_PROXY: '1',
      // Cities of 100,000+ people load in seconds: enough for the place search (decision 0010).
      PLAZA_CITIES_MIN_POPULATION: '100000',
      // The moderation area's administrator (moderation.spec.ts), once that address is verified.
      PLAZA_ADMINS: 'e2e-moderator@example.org',
    },
  },
});
