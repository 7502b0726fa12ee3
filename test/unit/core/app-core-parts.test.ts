// The core's lifecycle seen from a host: parts start with the core, restart after the settings they depend on
// change through settings.update, close in reverse order with the core, and one that fails harms no other.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { startAppCore, type AppCore } from '../../../electron/app-core';
import type { Part } from '../../../electron/core/parts';
import { openConfSettings } from '../../../electron/store/settings/settings';
import { memorySecretDriver } from '../../../electron/store/secrets/vault';
import type { TrainingSimulator } from '../../../electron/training/simulator';

let dataFolder: string;
let core: AppCore | undefined;
afterEach(async () => {
  await core?.close();
  core = undefined;
  rmSync(dataFolder, { recursive: true, force: true });
});

function recorded(journal: string[], name: string, more: Partial<Part> = {}): Part {
  return { name, start: () => void journal.push(`start ${name}`), close: () => void journal.push(`close ${name}`), ...more };
}

async function start(journal: string[], parts: Part[], logError: (what: string, error: unknown) => void = () => {}) {
  dataFolder = mkdtempSync(path.join(os.tmpdir(), 'abha-desk-core-'));
  const training: TrainingSimulator = {
    ...recorded(journal, 'training'),
    close: async () => void journal.push('close training'),
    endpoints: () => Promise.reject(new Error('not used here')),
  };
  core = await startAppCore({ dataFolder, settings: openConfSettings(dataFolder), secretDriver: memorySecretDriver(), transport: 'web', training, parts, logError });
  return core;
}

it('restarts a part after settings.update changes what it depends on, and not after another change', async () => {
  const journal: string[] = [];
  const bridge = recorded(journal, 'bridge', { settingsKey: (s) => `${s.bridge.host}:${s.bridge.port}` });
  const app = await start(journal, [bridge]);
  expect(journal).toEqual(['start training', 'start bridge']);

  await app.dispatch('settings.update', { operatorName: 'Meena (front desk)' });
  // The bridge is a connection setting: the admin PIN is set (which unlocks) before it is changed.
  expect((await app.dispatch('settings.setAdminPin', { pin: '482916' })).ok).toBe(true);
  expect((await app.dispatch('settings.update', { bridge: { port: 8123 } })).ok).toBe(true);
  await vi.waitFor(() => expect(journal).toEqual(['start training', 'start bridge', 'close bridge', 'start bridge']));
});

it('closes its parts in reverse order, the training simulator last', async () => {
  const journal: string[] = [];
  const app = await start(journal, [recorded(journal, 'bridge'), recorded(journal, 'erasure timer')]);
  await app.close();
  await app.close();
  expect(journal).toEqual(['start training', 'start bridge', 'start erasure timer', 'close erasure timer', 'close bridge', 'close training']);
});

it('starts and answers when a part fails to start, and logs that part’s error', async () => {
  const journal: string[] = [];
  const logged: [string, unknown][] = [];
  const failing = recorded(journal, 'bridge', {
    start: () => {
      throw new Error('listen EADDRINUSE: address already in use 127.0.0.1:8080');
    },
  });
  const app = await start(journal, [failing, recorded(journal, 'erasure timer')], (what, error) => logged.push([what, error]));
  expect(journal).toEqual(['start training', 'start erasure timer']);
  expect(logged.map(([what]) => what)).toEqual(['core: bridge (start)']);
  expect(String(logged[0]![1])).toContain('EADDRINUSE');
  const info = await app.dispatch('app.info', undefined);
  expect(info.ok).toBe(true);
});
