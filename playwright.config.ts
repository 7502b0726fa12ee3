import { defineConfig } from '@playwright/test';
import { chromiumLaunch } from './test/e2e/chromium-launch';
import type { WebModeOptions } from './test/e2e/web-mode';

// Debian's Chromium: its headless shell for the headless projects, the browser for a window (test/e2e/chromium-launch.ts).
// One browser context per worker, reset between tests (storage, pages, clock, viewport): a fresh context and its
// renderer cost about 0.3 s of a core per test. Each test still gets its own web-mode server on a new port, so its page
// is a new origin with empty storage; what a test adds to the page itself it takes off again (web-mode.ts).
const chromium = {
  browserName: 'chromium' as const,
  viewport: { width: 1280, height: 800 },
  reuseContext: true,
};

// Each project keeps its own output folder: Playwright empties a project's folder when it starts,
// and test-results/ also holds the other test steps' reports.
/**
 * The tests that run again on ABDM's current API (ABHA v3, HIE-CM v3) are tagged @both-apis: those whose screens
 * differ between the two generations (ABDM's codes, v3's address suggestions and mobile login, a family's shared
 * mobile) and the whole flows whose callbacks take another path (records, the relay, the HIP, the counter's share).
 * The rest see the same screens on both: the renderer does not know the API, and the main process's two clients are
 * tested on both generations at the IPC boundary (test/integration/). Every test runs on v1 in 'headless'.
 */
const BOTH_APIS = /@both-apis/;

/**
 * The tests run again in a real window are tagged @real-window: those a window changes (focus and the keyboard, the
 * fonts as drawn, the print page and downloads, the sticky banner while a page scrolls, the PDF viewer). The rest are
 * the same logic either way, and a second pass of each would cost minutes of a 2-core machine's npm test.
 */
const REAL_WINDOW = /@real-window/;

export default defineConfig<WebModeOptions>({
  testDir: 'test/e2e',
  globalSetup: './test/e2e/global-setup.ts',
  fullyParallel: false,
  // Two workers, each with its own browser: on 2 cores the browser tests alone are bound by the CPU, and beside Vitest
  // one worker left a core idle for the last minutes of npm test (docs/performance.md, "npm test").
  workers: 2,
  retries: 0,
  reporter: [['list']],
  // Generous limits for a busy 2-core machine: a passing test never waits for them, a failing one says so later.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    screenshot: 'only-on-failure',
    // Recording a trace costs every test a tenth of its CPU (DOM snapshots, screencast frames) to keep the failing
    // ones; PW_TRACE=1 turns it on when a failure needs one.
    trace: process.env.PW_TRACE === '1' ? 'retain-on-failure' : 'off',
  },
  projects: [
    {
      name: 'headless',
      outputDir: 'test-results/e2e-headless',
      use: { ...chromium, headless: true, launchOptions: chromiumLaunch(true) },
    },
    {
      // The tests tagged @both-apis with the desk set to ABDM's current API; every test runs on v1 in 'headless'.
      name: 'headless-v3',
      grep: BOTH_APIS,
      outputDir: 'test-results/e2e-headless-v3',
      use: { ...chromium, headless: true, launchOptions: chromiumLaunch(true), abdmApi: 'v3' },
    },
    {
      // Run under xvfb-run: a real Chromium window, as an operator would see it.
      name: 'headful',
      grep: REAL_WINDOW,
      outputDir: 'test-results/e2e-headful',
      use: { ...chromium, headless: false, launchOptions: chromiumLaunch(false) },
    },
    {
      // The real Electron app; the specs skip, with the reason, where no Electron binary is installed.
      name: 'electron',
      testDir: 'test/electron',
      outputDir: 'test-results/electron',
    },
  ],
});
