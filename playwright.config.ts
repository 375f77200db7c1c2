import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './tests/e2e/chromium';
import { E2E_BASE_URL, E2E_WORKERS } from './tests/e2e/server-process';

const LONG_FILES = ['**/reliability.spec.ts', '**/demo.spec.ts'];

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  // Each worker has a server of its own (global-setup.ts); two suit the machine's 2 cores.
  workers: E2E_WORKERS,
  fullyParallel: false,
  retries: 0,
  // A scenario's budget, whole: several sign-ins and offline rounds take 15–25 s on a quiet 2-core host and
  // went past 30 s on one 2.6 times slower (two scenarios cut there, both passing alone in 15 s). One step
  // still waits 10 s at most (expect).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  outputDir: 'test-results/e2e',
  // The longest files first (minutes each), so they do not start last and leave one worker running alone.
  projects: [
    { name: 'long', testMatch: LONG_FILES },
    { name: 'browser', testIgnore: LONG_FILES },
  ],
  use: {
    baseURL: E2E_BASE_URL,
    locale: 'fr-FR',
    viewport: { width: 1280, height: 800 },
    serviceWorkers: 'allow',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    // Recording a trace of every test costs a sixth of the suite's CPU (most are thrown away, passed): a
    // failure still leaves its page's snapshot (error-context.md); E2E_TRACE=1 keeps a failed test's trace.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
  },
});
