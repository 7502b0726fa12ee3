import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './test/e2e/chromium-launch';
import type { WebModeOptions } from './test/e2e/web-mode';

// Debian's Chromium (test/e2e/chromium-launch.ts).
// One browser context per worker, reset between tests (storage, pages, clock, viewport): a fresh context and its
// renderer cost about 0.3 s of a core per test. Each test still gets its own web-mode server on a new port, so its page
// is a new origin with empty storage; what a test adds to the page itself it takes off again (web-mode.ts).
const chromium = {
  browserName: 'chromium' as const,
  viewport: { width: 1280, height: 800 },
  launchOptions: CHROMIUM_LAUNCH,
  reuseContext: true,
};

// Each project keeps its own output folder: Playwright empties a project's folder when it starts,
// and test-results/ also holds the other test steps' reports.
/**
 * The specs that run on both ABDM API generations: the front desk (enrol, verify, cards) and the records of
 * real-world bundles through consent, the HIE-CM and the Fidelius push, and training mode through the clinic's relay.
 */
const BOTH_API_SPECS = /(front-desk-.*|records-real-world|relay-training|abha-qr-scan|counter|hip-documents)\.spec\.ts/;

/**
 * The specs run again in a real window: what a window changes (focus and the keyboard, the fonts as drawn, the print
 * page and downloads, the sticky banner while a page scrolls, the PDF viewer). The rest is the same logic either way,
 * and a second pass of every spec would take the full run past 20 minutes on a 2-core machine.
 */
const REAL_WINDOW_SPECS = /(shell|language|front-desk-(enrol|navigation)|cards-out|today-day|records-real-world)\.spec\.ts/;

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
      use: { ...chromium, headless: true },
    },
    {
      // Those specs with the desk set to ABDM's current API (ABHA v3, HIE-CM v3); every spec runs on v1 in 'headless'.
      name: 'headless-v3',
      testMatch: BOTH_API_SPECS,
      outputDir: 'test-results/e2e-headless-v3',
      use: { ...chromium, headless: true, abdmApi: 'v3' },
    },
    {
      // Run under xvfb-run: a real Chromium window, as an operator would see it.
      name: 'headful',
      testMatch: REAL_WINDOW_SPECS,
      outputDir: 'test-results/e2e-headful',
      use: { ...chromium, headless: false },
    },
    {
      // The real Electron app; the specs skip, with the reason, where no Electron binary is installed.
      name: 'electron',
      testDir: 'test/electron',
      outputDir: 'test-results/electron',
    },
  ],
});
