import { appendFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findImportCircles } from '../support/import-circles';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');

const trees: string[] = [];
afterAll(() => trees.forEach((root) => rmSync(root, { recursive: true, force: true })));

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'circles-'));
  trees.push(root);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  return root;
}

describe('import circles inside electron/', () => {
  it('this repository has none', () => {
    expect(findImportCircles(repoRoot)).toEqual([]);
  });

  it('finds files that import each other directly or through others, type-only imports and re-exports included', () => {
    const root = tree({
      'electron/ipc/contract.ts': "import type { ConsentView } from '../services/consents';\nexport const x = 1;",
      'electron/services/consents.ts': "import { emit } from './engine';\nexport interface ConsentView {}",
      'electron/services/engine.ts': "import type { EventPayloads } from '../ipc/contract';\nexport const emit = 1;",
      'electron/store/a.ts': "export * from './b';",
      'electron/store/b.ts': "export type { A } from './a';",
      'electron/store/ok.ts': "import { x } from '../ipc/contract'; import { z } from 'zod';",
      'electron/shared/self.ts': "import type { Me } from './self';\nexport interface Me {}",
    });
    expect(findImportCircles(root)).toEqual([
      { files: ['electron/ipc/contract.ts', 'electron/services/consents.ts', 'electron/services/engine.ts'], knot: 3 },
      { files: ['electron/shared/self.ts'], knot: 1 },
      { files: ['electron/store/a.ts', 'electron/store/b.ts'], knot: 2 },
    ]);
  });

  it('reads Svelte scripts, folder index files and imports written with an extension', () => {
    const root = tree({
      'electron/a/index.ts': "import { b } from '../b.ts';",
      'electron/b.ts': "import { c } from './c.svelte';",
      'electron/c.svelte': "<script lang=\"ts\">import { a } from './a';</script>",
    });
    expect(findImportCircles(root)).toEqual([{ files: ['electron/a/index.ts', 'electron/b.ts', 'electron/c.svelte'], knot: 3 }]);
  });

  it('finds the circle the contract and the services had, put back into a copy of this repository', () => {
    const copy = mkdtempSync(path.join(os.tmpdir(), 'circles-copy-'));
    trees.push(copy);
    cpSync(path.join(repoRoot, 'electron'), path.join(copy, 'electron'), { recursive: true });
    expect(findImportCircles(copy)).toEqual([]);
    appendFileSync(path.join(copy, 'electron/services/hiu/hiu-context.ts'), "\nimport type { AppInfo } from '../../ipc/contract';\n");
    const circles = findImportCircles(copy);
    expect(circles).toHaveLength(1);
    expect(circles[0]!.files).toContain('electron/ipc/contract.ts');
    expect(circles[0]!.files).toContain('electron/services/hiu/hiu-context.ts');
  });
});
