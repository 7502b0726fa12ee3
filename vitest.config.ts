import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts', 'test/sandbox/**/*.test.ts', 'test/keychain/**/*.test.ts', 'test/relay/**/*.test.ts', 'test/install/**/*.test.ts'],
    environment: 'node',
    // The page's word tables load with their screens; the renderer's pure functions are tested with all of them.
    setupFiles: ['test/support/all-strings.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    // Vitest's default leaves a core free, which is one worker on a 2-core CI machine; most files wait on sockets,
    // child processes and databases rather than the CPU, so two workers there take about 6½ minutes instead of 8.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Processed by Vitest rather than loaded by Node, so a test's stand-in for `electron` reaches electron-store.
    server: { deps: { inline: ['electron-store'] } },
  },
});
