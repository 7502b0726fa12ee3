// The list of slow test files that Vitest starts first (vitest.config.ts) names files that exist: a
// renamed or deleted file would otherwise drop out of the list silently and run last again on a fresh clone.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SLOWEST_FILES } from '../../vitest.config';

const repo = fileURLToPath(new URL('../..', import.meta.url));

describe('the slow files started first', () => {
  it('are test files of the repository, each named once', () => {
    const missing = SLOWEST_FILES.filter((file) => !existsSync(`${repo}${file}`));
    expect(missing).toEqual([]);
    expect(new Set(SLOWEST_FILES).size).toBe(SLOWEST_FILES.length);
    for (const file of SLOWEST_FILES) expect(file).toMatch(/^test\/.+\.test\.ts$/);
  });
});
