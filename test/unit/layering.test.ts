import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLayeringViolations, layerTableMarkdown, staleAllowances } from '../support/layering';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');

/** [file, specifier] of each import that breaks a rule (once, however many rules it breaks), sorted. */
function flagged(root: string, options?: Parameters<typeof findLayeringViolations>[1]): string[][] {
  const pairs = new Set(findLayeringViolations(root, options).map((v) => `${v.file} ${v.specifier}`));
  return [...pairs].sort().map((pair) => pair.split(' '));
}

const trees: string[] = [];
afterAll(() => trees.forEach((root) => rmSync(root, { recursive: true, force: true })));

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'layering-'));
  trees.push(root);
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

  it('keeps the renderer off the simulator and web mode, even for types', () => {
    const root = tree({
      'renderer/lib/a.ts': "import type { RunningSandbox } from '../../sandbox/index';",
      'renderer/lib/b.ts': "import { SHIM_PATH } from '../../web-mode/protocol';",
      'renderer/lib/ok.ts': "import { mount } from 'svelte'; import './app.css';",
    });
    expect(flagged(root)).toEqual([
      ['renderer/lib/a.ts', '../../sandbox/index'],
      ['renderer/lib/b.ts', '../../web-mode/protocol'],
    ]);
  });

  it('keeps electron/shared/ to itself: no npm package, and no type from elsewhere either', () => {
    const root = tree({
      'electron/shared/a.ts': "import { z } from 'zod';",
      'electron/shared/b.ts': "import type { AppInfo } from '../ipc/contract';",
      'electron/shared/ok.ts': "import type { Language } from './language'; export * from './abha';",
    });
    expect(flagged(root)).toEqual([
      ['electron/shared/a.ts', 'zod'],
      ['electron/shared/b.ts', '../ipc/contract'],
    ]);
  });

  it('lets electron/abdm/ import only itself, electron/shared/, npm packages and Node', () => {
    const root = tree({
      'electron/abdm/a.ts': "import { AppFailure } from '../services/call-abdm';",
      'electron/abdm/b.ts': "import type { Result } from '../ipc/result';",
      'electron/abdm/c.ts': "import { x } from '../store/settings';",
      'electron/abdm/ok.ts': "import { z } from 'zod'; import { createHash } from 'node:crypto'; import { maskAadhaar } from '../shared/aadhaar'; import { GatewaySession } from './session';",
    });
    expect(flagged(root)).toEqual([
      ['electron/abdm/a.ts', '../services/call-abdm'],
      ['electron/abdm/b.ts', '../ipc/result'],
      ['electron/abdm/c.ts', '../store/settings'],
    ]);
  });

  it('keeps electron/crypto/ free of the rest of the repository, so app and simulator can share it', () => {
    const root = tree({
      'electron/crypto/a.ts': "import { maskAadhaar } from '../shared/aadhaar';",
      'electron/crypto/b.ts': "import type { Settings } from '../store/settings-schema';",
      'electron/crypto/ok.ts': "import { ecdh } from '@noble/curves/abstract/weierstrass.js'; import { hkdfSync } from 'node:crypto'; import { FideliusError } from './fidelius-error';",
    });
    expect(flagged(root)).toEqual([
      ['electron/crypto/a.ts', '../shared/aadhaar'],
      ['electron/crypto/b.ts', '../store/settings-schema'],
    ]);
  });

  it('keeps electron/store/ below IPC and the services, type-only imports included', () => {
    const root = tree({
      'electron/store/a.ts': "import { AppFailure } from '../ipc/result';",
      'electron/store/b.ts': "import type { AppInfo } from '../ipc/contract';",
      'electron/store/c.ts': "export { AuditLog } from '../services/audit';",
      'electron/store/ok.ts': "import Database from 'better-sqlite3-multiple-ciphers'; import { AppFailure } from '../shared/errors'; import { migrate } from './migrations';",
    });
    expect(flagged(root)).toEqual([
      ['electron/store/a.ts', '../ipc/result'],
      ['electron/store/b.ts', '../ipc/contract'],
      ['electron/store/c.ts', '../services/audit'],
    ]);
  });

  it('keeps a future electron/bridge/ away from IPC, services, platform and web mode', () => {
    const root = tree({
      'electron/bridge/a.ts': "import { createDispatcher } from '../ipc/dispatch';",
      'electron/bridge/b.ts': "import type { CardService } from '../services/cards';",
      'electron/bridge/c.ts': "import { electronDesktop } from '../platform/desktop';",
      'electron/bridge/d.ts': "import { startWebServer } from '../../web-mode/server';",
      'electron/bridge/ok.ts': "import { GatewaySession } from '../abdm/session'; import { openDatabase } from '../store/db'; import { decrypt } from '../crypto/fidelius';",
    });
    expect(flagged(root)).toEqual([
      ['electron/bridge/a.ts', '../ipc/dispatch'],
      ['electron/bridge/b.ts', '../services/cards'],
      ['electron/bridge/c.ts', '../platform/desktop'],
      ['electron/bridge/d.ts', '../../web-mode/server'],
    ]);
  });

  it('lets the simulator take only the neutral crypto from electron/', () => {
    const root = tree({
      'sandbox/gateway/a.ts': "import { maskAadhaar } from '../../electron/shared/aadhaar';",
      'sandbox/gateway/b.ts': "import type { AppInfo } from '../../electron/ipc/contract';",
      'sandbox/gateway/ok.ts': "import { encrypt } from '../../electron/crypto/fidelius'; import Fastify from 'fastify';",
    });
    expect(flagged(root)).toEqual([
      ['sandbox/gateway/a.ts', '../../electron/shared/aadhaar'],
      ['sandbox/gateway/b.ts', '../../electron/ipc/contract'],
    ]);
  });

  it('lets electron/ reach the simulator only through import() in electron/training/simulator.ts', () => {
    const root = tree({
      'electron/services/a.ts': "import { startSandbox } from '../../sandbox/index';",
      'electron/services/b.ts': "const { startSandbox } = await import('../../sandbox/index');",
      'electron/training/simulator.ts': [
        "import type { RunningSandbox } from '../../sandbox/index';",
        "const load = () => import('../../sandbox/index');",
        "import { TRAINING_IDENTITIES } from '../../sandbox/training-identities';",
      ].join('\n'),
    });
    expect(flagged(root)).toEqual([
      ['electron/services/a.ts', '../../sandbox/index'],
      ['electron/services/b.ts', '../../sandbox/index'],
      ['electron/training/simulator.ts', '../../sandbox/training-identities'],
    ]);
  });

  it('keeps development-only web mode out of electron/', () => {
    const root = tree({
      'electron/app-core.ts': "import type { WebServer } from '../web-mode/server';",
      'scripts/web.ts': "import { startWebServer } from '../web-mode/server';",
      'test/e2e/web-mode.ts': "import { startWebServer } from '../../web-mode/server';",
    });
    expect(flagged(root)).toEqual([['electron/app-core.ts', '../web-mode/server']]);
  });

  it('lets a temporary allowance through for exactly its file and import, and calls it stale once unused', () => {
    const root = tree({
      'electron/store/settings.ts': "import { AppFailure } from '../ipc/result'; import type { AppInfo } from '../ipc/contract';",
      'electron/store/other.ts': "import { AppFailure } from '../ipc/result';",
    });
    const allowed = [
      { file: 'electron/store/settings.ts', specifier: '../ipc/result', until: 'the error vocabulary moves to electron/shared/errors.ts' },
      { file: 'electron/store/gone.ts', specifier: '../ipc/result', until: 'already done' },
    ];
    expect(flagged(root, { allowed })).toEqual([
      ['electron/store/other.ts', '../ipc/result'],
      ['electron/store/settings.ts', '../ipc/contract'],
    ]);
    expect(staleAllowances(root, { allowed }).map((a) => a.file)).toEqual(['electron/store/gone.ts']);
  });

  it('has no stale temporary allowance in this repository', () => {
    expect(staleAllowances(repoRoot)).toEqual([]);
  });

  it('docs/architecture.md shows the same rule table under "Layers"', () => {
    const page = readFileSync(path.join(repoRoot, 'docs', 'architecture.md'), 'utf8');
    expect(page).toMatch(/^## Layers$/m);
    expect(page).toContain(layerTableMarkdown());
  });

  describe('each rule on a copy of this repository, with one violating import added', () => {
    let copy: string;
    beforeAll(() => {
      copy = mkdtempSync(path.join(os.tmpdir(), 'layering-copy-'));
      trees.push(copy);
      for (const dir of ['electron', 'renderer', 'sandbox', 'web-mode', 'relay', 'scripts']) {
        cpSync(path.join(repoRoot, dir), path.join(copy, dir), { recursive: true, filter: (from) => !from.includes('node_modules') });
      }
    });

    /** What the copy flags once `line` is added to `file` (a real file of the tree); the file is restored after. */
    function flaggedWith(file: string, line: string): string[][] {
      const full = path.join(copy, file);
      const before = readFileSync(full, 'utf8');
      try {
        appendFileSync(full, file.endsWith('.svelte') ? `\n<script module lang="ts">${line}</script>\n` : `\n${line}\n`);
        return flagged(copy);
      } finally {
        writeFileSync(full, before);
      }
    }

    it('the copy keeps every rule as it is', () => {
      expect(flagged(copy)).toEqual([]);
    });

    it('flags a service that imports IPC, even for a type', () => {
      expect(flaggedWith('electron/services/hiu/consents.ts', "import type { EventPayloads } from '../../ipc/contract';")).toEqual([
        ['electron/services/hiu/consents.ts', '../../ipc/contract'],
      ]);
      expect(flaggedWith('electron/services/verify/verify.ts', "import { EventBus } from '../../ipc/events';")).toEqual([
        ['electron/services/verify/verify.ts', '../../ipc/events'],
      ]);
    });

    it('flags the gateway pipeline importing IPC', () => {
      expect(flaggedWith('electron/gateway/outbox.ts', "import type { EventName } from '../ipc/contract';")).toEqual([['electron/gateway/outbox.ts', '../ipc/contract']]);
    });

    it('flags any other part of main importing IPC, and lets the app core and the platform keep theirs', () => {
      expect(flaggedWith('electron/core/parts.ts', "import type { AppInfo } from '../ipc/contract';")).toEqual([['electron/core/parts.ts', '../ipc/contract']]);
      expect(flaggedWith('electron/records/record-print.ts', "import { createDispatcher } from '../ipc/dispatch';")).toEqual([
        ['electron/records/record-print.ts', '../ipc/dispatch'],
      ]);
      expect(flaggedWith('electron/app-core.ts', "import type { ChannelName } from './ipc/contract';")).toEqual([]);
      expect(flaggedWith('electron/platform/menu.ts', "import type { ChannelName } from '../ipc/contract';")).toEqual([]);
    });

    it('lets the page take types from the contract only, not from the modules behind it', () => {
      expect(flaggedWith('renderer/lib/outcome-text.ts', "import type { RecordView } from '../../electron/fhir/view-model';")).toEqual([
        ['renderer/lib/outcome-text.ts', '../../electron/fhir/view-model'],
      ]);
      expect(flaggedWith('renderer/screens/records/RecordView.svelte', "import type { SaveOutcome } from '../../../electron/services/desktop/desktop-port';")).toEqual([
        ['renderer/screens/records/RecordView.svelte', '../../../electron/services/desktop/desktop-port'],
      ]);
      expect(flaggedWith('renderer/lib/outcome-text.ts', "import type { Dispatch } from '../../electron/ipc/dispatch';")).toEqual([
        ['renderer/lib/outcome-text.ts', '../../electron/ipc/dispatch'],
      ]);
      expect(flaggedWith('renderer/lib/outcome-text.ts', "import type { RecordView } from '../../electron/ipc/contract';")).toEqual([]);
    });
  });
});
