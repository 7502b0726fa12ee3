import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

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

/**
 * The order files start in. Vitest starts the files that took longest last time first, from its results cache in
 * node_modules/.vite; a fresh clone (CI) has no cache, so it falls back to the largest files first, and the longest
 * files here are small ones that wait on timers, child processes, PostgreSQL and npm. They then ran last, and in CI's
 * npm test Vitest's final 100 s ran beside no browser test with a core mostly idle (docs/performance.md, "npm test").
 * These go first, longest first, then Vitest's own order. Each file's time alone on the 2-core machine (2026-11-29,
 * `vitest run`, two workers); test/unit/slowest-first.test.ts keeps the list to files that exist.
 */
export const SLOWEST_FILES = [
  'test/integration/hiu-answer-timeout.test.ts', // 56 s
  'test/integration/front-desk.test.ts', // 35 s
  'test/install/npm-ci-without-libsecret.test.ts', // 29 s
  'test/integration/hiu-page-crash.test.ts', // 29 s
  'test/relay/relay-crash.test.ts', // 25 s
  'test/integration/relay-counter.test.ts', // 21 s
  'test/unit/services/hiu/subscriptions.test.ts', // 20 s
  'test/unit/store/wal-checkpointer.test.ts', // 18 s
  'test/relay/relay-scale-out.test.ts', // 18 s
  'test/integration/hiu-consent-outcomes.test.ts', // 17 s
  'test/relay/relay-store.test.ts', // 15 s
  'test/integration/hiu-crash.test.ts', // 15 s
  'test/relay/relay-cli.test.ts', // 14 s
  'test/integration/hip-documents.test.ts', // 11 s
  'test/integration/front-desk-resume.test.ts', // 11 s
  'test/integration/hip-push-crash.test.ts', // 9 s
  'test/relay/relay-server.test.ts', // 9 s
];

class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Vitest runs one project's files before the next project's; that order stays.
    const projectOrder = new Map<string, number>();
    for (const spec of sorted) if (!projectOrder.has(spec.project.name)) projectOrder.set(spec.project.name, projectOrder.size);
    const rank = (spec: TestSpecification) => {
      const index = SLOWEST_FILES.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
      return index === -1 ? SLOWEST_FILES.length : index;
    };
    return sorted
      .map((spec, position) => ({ spec, position }))
      .sort((a, b) => projectOrder.get(a.spec.project.name)! - projectOrder.get(b.spec.project.name)! || rank(a.spec) - rank(b.spec) || a.position - b.position)
      .map(({ spec }) => spec);
  }
}

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
    // The files that wait longest start first, also on a fresh clone (SLOWEST_FILES above).
    sequence: { sequencer: SlowestFirst },
    // Processed by Vitest rather than loaded by Node, so a test's stand-in for `electron` reaches electron-store.
    server: { deps: { inline: ['electron-store'] } },
    projects: [
      { extends: true, test: { name: 'own-worker', include: NEEDS_OWN_WORKER } },
      { extends: true, test: { name: 'shared-worker', include: ALL_TESTS, exclude: NEEDS_OWN_WORKER, isolate: false } },
    ],
  },
});
