import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findLayeringViolations } from '../support/layering';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'layering-'));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  return root;
}

describe('layering', () => {
  it('this repository keeps electron imports in main.ts, preload.ts and platform/', () => {
    expect(findLayeringViolations(repoRoot)).toEqual([]);
  });

  it('flags an electron import anywhere else, in any form', () => {
    const root = tree({
      'electron/main.ts': "import { app } from 'electron';",
      'electron/platform/print.ts': "import { BrowserWindow } from 'electron';",
      'electron/services/cards.ts': "import { shell } from 'electron';",
      'electron/abdm/http.ts': "const { net } = require('electron');",
      'sandbox/x.ts': "const e = await import('electron/main');",
      'electron/ipc/ok.ts': "import type { Foo } from './contract';",
    });
    const files = findLayeringViolations(root).map((v) => v.file).sort();
    expect(files).toEqual(['electron/abdm/http.ts', 'electron/services/cards.ts', 'sandbox/x.ts']);
  });

  it('lets the renderer take types, but not code, from the main process or Node', () => {
    const root = tree({
      'renderer/lib/api.ts': "import type { AbhaDeskApi } from '../../electron/ipc/contract';",
      'renderer/lib/bad.ts': "import { contract } from '../../electron/ipc/contract';",
      'renderer/lib/ok.ts': "import { maskAadhaar } from '../../electron/shared/aadhaar';",
      'renderer/App.svelte': "<script lang=\"ts\">import fs from 'node:fs';</script><p>hi</p>",
      'electron/shared/aadhaar.ts': "import { x } from './abha';",
      'electron/shared/bad.ts': "import { createHash } from 'node:crypto';",
    });
    const files = findLayeringViolations(root).map((v) => v.file).sort();
    expect(files).toEqual(['electron/shared/bad.ts', 'renderer/App.svelte', 'renderer/lib/bad.ts']);
  });
});
