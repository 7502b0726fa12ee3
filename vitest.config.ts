import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { SlowestFirst } from './test/support/slowest-first';

const ALL_TESTS = ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts', 'test/sandbox/**/*.test.ts', 'test/keychain/**/*.test.ts', 'test/relay/**/*.test.ts', 'test/install/**/*.test.ts'];

/**
 * The files that change what the next file in the same worker would see: module mocks (vi.mock), stubbed globals or
 * environment, fake timers, spies on shared modules, process.env.TZ. Each gets a fresh worker of its own; every other
 * file shares its worker with the files before it, which saves the ~0.35 s (more on a busy machine) of starting a worker
 * and loading the app's modules again per file (docs/performance.md, "npm test").
 */
const NEEDS_OWN_WORKER = [
  'test/integration/hiu-privacy.test.ts',
  'test/integration/hiu-relay.test.ts',
  'test/integration/insecure-url.test.ts',
  'test/integration/privacy.test.ts',
  'test/unit/bridge/callback-bridge.test.ts',
  'test/unit/ipc/log-error.test.ts',
  'test/unit/platform/safe-storage.test.ts',
  'test/unit/platform/settings-backend.test.ts',
  'test/unit/renderer/abha-scan.test.ts',
  'test/unit/renderer/day-table.test.ts',
  'test/unit/renderer/idle-close.test.ts',
  'test/unit/shared/dates.test.ts',
  'test/unit/store/keytar-driver.test.ts',
  'test/unit/store/vault.test.ts',
];

export default defineConfig({
  test: {
    environment: 'node',
    // The page's word tables load with their screens; the renderer's pure functions are tested with all of them.
    setupFiles: ['test/support/all-strings.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    // Vitest's default leaves a core free, which is one worker on a 2-core CI machine; most files wait on sockets,
    // child processes and databases rather than the CPU, so two workers there take about 6½ minutes instead of 8.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The files that wait longest start first, also on a fresh clone (test/support/slowest-first.ts).
    sequence: { sequencer: SlowestFirst },
    // Processed by Vitest rather than loaded by Node, so a test's stand-in for `electron` reaches electron-store.
    server: { deps: { inline: ['electron-store'] } },
    projects: [
      { extends: true, test: { name: 'own-worker', include: NEEDS_OWN_WORKER } },
      { extends: true, test: { name: 'shared-worker', include: ALL_TESTS, exclude: NEEDS_OWN_WORKER, isolate: false } },
    ],
  },
});
