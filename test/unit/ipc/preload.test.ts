// The shipped preload bundle, run against a stand-in for Electron's preload API.
import { build } from 'esbuild';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { channelNames } from '../../../electron/ipc/contract';
import { preloadBuild } from '../../../scripts/bundle-options';

async function loadPreload() {
  const result = await build({ ...preloadBuild, write: false, sourcemap: false, logLevel: 'silent' });
  const code = result.outputFiles.find((f) => f.path.endsWith('.cjs'))!.text;
  const exposed: Record<string, unknown> = {};
  const invoked: unknown[][] = [];
  const listeners: ((event: unknown, name: string, payload: unknown) => void)[] = [];
  const electron = {
    contextBridge: { exposeInMainWorld: (key: string, value: unknown) => (exposed[key] = value) },
    ipcRenderer: {
      invoke: async (...args: unknown[]) => (invoked.push(args), { ok: true, value: 'answer' }),
      on: (_channel: string, fn: (typeof listeners)[number]) => listeners.push(fn),
      removeListener: (_channel: string, fn: (typeof listeners)[number]) => listeners.splice(listeners.indexOf(fn), 1),
    },
  };
  const module = { exports: {} };
  runInNewContext(code, { require: (name: string) => (name === 'electron' ? electron : undefined), module, exports: module.exports });
  return { code, api: exposed.abhaDesk as Record<string, Record<string, (input?: unknown) => Promise<unknown>>> & { on: Function }, exposed, invoked, listeners };
}

describe('preload', () => {
  it('exposes one function per contract channel under window.abhaDesk, and nothing else', async () => {
    const { api, exposed } = await loadPreload();
    expect(Object.keys(exposed)).toEqual(['abhaDesk']);
    const areas = [...new Set(channelNames.map((c) => c.split('.')[0]!)), 'on'].sort();
    expect(Object.keys(api).sort()).toEqual(areas);
    for (const channel of channelNames) {
      const [area, action] = channel.split('.') as [string, string];
      expect(typeof api[area]![action]).toBe('function');
    }
  });

  it('sends each call over the single invoke channel with its name and input', async () => {
    const { api, invoked } = await loadPreload();
    expect(await api.settings!.update!({ operatorName: 'Meena' })).toEqual({ ok: true, value: 'answer' });
    expect(invoked).toEqual([['abha-desk:invoke', 'settings.update', { operatorName: 'Meena' }]]);
  });

  it('delivers only the subscribed event, refuses unknown ones, and unsubscribes', async () => {
    const { api, listeners } = await loadPreload();
    const seen: unknown[] = [];
    const off = api.on('settings.changed', (payload: unknown) => seen.push(payload));
    listeners.forEach((fn) => fn({}, 'other.event', 1));
    listeners.forEach((fn) => fn({}, 'settings.changed', 2));
    expect(seen).toEqual([2]);
    off();
    expect(listeners).toHaveLength(0);
    expect(() => api.on('made.up', () => {})).toThrow(/Unknown event/);
  });

  it('stays small: no validation library inside', async () => {
    const { code } = await loadPreload();
    expect(code.length).toBeLessThan(10_000);
  });
});
