import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts', 'test/sandbox/**/*.test.ts', 'test/keychain/**/*.test.ts', 'test/relay/**/*.test.ts', 'test/install/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    // Processed by Vitest rather than loaded by Node, so a test's stand-in for `electron` reaches electron-store.
    server: { deps: { inline: ['electron-store'] } },
  },
});
