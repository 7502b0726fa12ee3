import { describe, expect, it } from 'vitest';
import { Parts, type Part } from '../../../electron/core/parts';
import { DEFAULT_SETTINGS, type Settings } from '../../../electron/store/settings/settings-schema';

/** A part that writes what happens to it in a shared journal. */
function recorded(journal: string[], name: string, more: Partial<Part> = {}): Part {
  return {
    name,
    start: () => void journal.push(`start ${name}`),
    close: () => void journal.push(`close ${name}`),
    ...more,
  };
}

function withSettings(initial: Settings = DEFAULT_SETTINGS) {
  let current = initial;
  return {
    get: () => current,
    set: (patch: Partial<Settings>) => (current = { ...current, ...patch }),
  };
}

describe('parts of the core', () => {
  it('starts in order and closes in reverse order', async () => {
    const journal: string[] = [];
    const parts = new Parts([recorded(journal, 'a'), recorded(journal, 'b'), recorded(journal, 'c')], () => DEFAULT_SETTINGS, () => {});
    await parts.start();
    await parts.close();
    expect(journal).toEqual(['start a', 'start b', 'start c', 'close c', 'close b', 'close a']);
  });

  it('restarts a part when its setting changes, and not when another setting changes', async () => {
    const journal: string[] = [];
    const settings = withSettings();
    const bridge = recorded(journal, 'bridge', { settingsKey: (s) => `${s.bridge.host}:${s.bridge.port}` });
    const parts = new Parts([recorded(journal, 'steady'), bridge], settings.get, () => {});
    await parts.start();
    journal.length = 0;

    await parts.settingsChanged(settings.set({ operatorName: 'Meena (front desk)' }));
    expect(journal).toEqual([]);

    await parts.settingsChanged(settings.set({ bridge: { ...settings.get().bridge, port: settings.get().bridge.port + 1 } }));
    expect(journal).toEqual(['close bridge', 'start bridge']);

    journal.length = 0;
    await parts.settingsChanged(settings.get());
    expect(journal).toEqual([]);
  });

  it('logs a part whose start throws, starts and closes the others, and tries it again when its setting changes', async () => {
    const journal: string[] = [];
    const logged: [string, unknown][] = [];
    const settings = withSettings();
    let attempts = 0;
    const broken = recorded(journal, 'broken', {
      settingsKey: (s) => String(s.bridge.port),
      start: () => {
        attempts += 1;
        if (attempts === 1) throw new Error('port 8080 is in use');
        journal.push('start broken');
      },
    });
    const parts = new Parts([recorded(journal, 'a'), broken, recorded(journal, 'c')], settings.get, (what, error) => logged.push([what, error]));

    await expect(parts.start()).resolves.toBeUndefined();
    expect(journal).toEqual(['start a', 'start c']);
    expect(logged).toHaveLength(1);
    expect(logged[0]![0]).toBe('broken (start)');
    expect(String(logged[0]![1])).toContain('port 8080 is in use');

    await parts.settingsChanged(settings.set({ bridge: { ...settings.get().bridge, port: 8081 } }));
    expect(journal).toEqual(['start a', 'start c', 'start broken']);
    await parts.close();
    expect(journal.slice(3)).toEqual(['close c', 'close broken', 'close a']);
  });

  it('never closes a part that did not start, and logs a close that throws without stopping the rest', async () => {
    const journal: string[] = [];
    const logged: string[] = [];
    const parts = new Parts(
      [
        recorded(journal, 'a'),
        recorded(journal, 'never started', { start: () => Promise.reject(new Error('no')) }),
        recorded(journal, 'stuck', { close: () => Promise.reject(new Error('will not close')) }),
      ],
      () => DEFAULT_SETTINGS,
      (what) => logged.push(what),
    );
    await parts.start();
    await parts.close();
    expect(journal).toEqual(['start a', 'start stuck', 'close a']);
    expect(logged).toEqual(['never started (start)', 'stuck (close)']);
  });

  it('starts nothing again once closed, even when a setting changes later', async () => {
    const journal: string[] = [];
    const settings = withSettings();
    const parts = new Parts([recorded(journal, 'bridge', { settingsKey: (s) => String(s.bridge.port) })], settings.get, () => {});
    await parts.start();
    const closing = parts.close();
    const change = parts.settingsChanged(settings.set({ bridge: { ...settings.get().bridge, port: 9999 } }));
    await Promise.all([closing, change]);
    await parts.close();
    expect(journal).toEqual(['start bridge', 'close bridge']);
  });
});
