import { describe, expect, it } from 'vitest';
import { createDispatcher, type Handlers } from '../../../electron/ipc/dispatch';
import { AppFailure } from '../../../electron/shared/errors';
import { DEFAULT_SETTINGS } from '../../../electron/store/settings/settings-schema';

// Only the channels these tests call; the dispatcher never touches the others.
function handlers(overrides: Partial<Handlers> = {}): Handlers {
  let settings = structuredClone(DEFAULT_SETTINGS);
  return {
    'app.info': () => ({ name: 'ABHA Desk', version: '1.2.3', environment: 'training', dataFolder: '/d', dataProtection: { level: 'keychain', secretsFile: null }, transport: 'web' }),
    'settings.get': () => settings,
    'settings.update': (patch) => (settings = { ...settings, ...patch, bridge: { ...settings.bridge, ...patch.bridge }, hiu: { ...settings.hiu, ...patch.hiu } }),
    ...overrides,
  } as Handlers;
}

describe('dispatch', () => {
  it('answers a valid call with ok and the value', async () => {
    const dispatch = createDispatcher(handlers());
    const result = await dispatch('settings.update', { operatorName: 'Meena' });
    expect(result).toMatchObject({ ok: true, value: { operatorName: 'Meena' } });
  });

  it('refuses a wrong type with INVALID_INPUT naming the field, and never runs the handler', async () => {
    let called = false;
    const dispatch = createDispatcher(handlers({ 'settings.update': () => ((called = true), DEFAULT_SETTINGS) }));
    const result = await dispatch('settings.update', { bridge: { port: 'eighty' } });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('INVALID_INPUT');
    expect(result.error.fields).toEqual([{ path: 'bridge.port', code: 'whole-number', params: { min: 1, max: 65_535 } }]);
    expect(called).toBe(false);
  });

  it('names an unknown settings key', async () => {
    const result = await createDispatcher(handlers())('settings.update', { operatorNmae: 'x' });
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    if (!result.ok) expect(result.error.fields).toEqual([{ path: 'operatorNmae', code: 'unknown-field' }]);
  });

  it('refuses an input on a channel that takes none', async () => {
    const result = await createDispatcher(handlers())('app.info', { sneaky: true });
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  });

  it('refuses unknown channels, including inherited property names', async () => {
    const dispatch = createDispatcher(handlers());
    for (const channel of ['nope.nothing', 'toString', 42, null]) {
      expect(await dispatch(channel, undefined)).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CHANNEL' } });
    }
  });

  it('refuses a channel nested 20,000 levels deep by its type, without overflowing or echoing it', async () => {
    let deep: unknown = 'settings.get';
    for (let level = 0; level < 20_000; level++) deep = { channel: deep };
    const logged: unknown[] = [];
    const result = await createDispatcher(handlers(), (_c, e) => logged.push(e))(deep, undefined);
    expect(result).toEqual({ ok: false, error: { code: 'UNKNOWN_CHANNEL', params: { channel: '(object)' } } });
    expect(logged).toEqual([]);
  });

  it('quotes at most 40 characters of a 500,000-character channel name', async () => {
    const result = await createDispatcher(handlers())('settings.' + 'x'.repeat(500_000), undefined);
    expect(result).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CHANNEL' } });
    if (result.ok) return;
    expect(result.error.params).toEqual({ channel: `settings.${'x'.repeat(31)}… (500009 characters)` });
  });

  it('refuses a known channel name padded or with control characters, showing them as ?', async () => {
    const dispatch = createDispatcher(handlers());
    for (const channel of ['settings.get ', ' settings.get', 'settings.get\u0000']) {
      expect(await dispatch(channel, undefined)).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CHANNEL' } });
    }
    const result = await dispatch('evil\r\nlog line', undefined);
    expect(result).toEqual({ ok: false, error: { code: 'UNKNOWN_CHANNEL', params: { channel: 'evil??log line' } } });
  });

  it('answers a deeply nested input with a field error, never INTERNAL', async () => {
    let deep: unknown = 'x';
    for (let level = 0; level < 20_000; level++) deep = { a: deep };
    for (const [channel, input] of [['settings.update', { bridge: { host: deep } }], ['settings.update', deep], ['app.info', deep]] as const) {
      const result = await createDispatcher(handlers())(channel, input);
      expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    }
  });

  it('logs and hides a failure of validation itself', async () => {
    const logged: unknown[] = [];
    const hostile = new Proxy({}, { get: () => { throw new Error('trap'); }, ownKeys: () => { throw new Error('trap'); } });
    const result = await createDispatcher(handlers(), (_c, e) => logged.push(e))('settings.update', hostile);
    expect(result).toMatchObject({ ok: false });
    if (!result.ok && result.error.code === 'INTERNAL') expect(logged).toHaveLength(1);
  });

  it('passes an AppFailure through with its ABDM code, and hides unexpected errors', async () => {
    const failing = createDispatcher(handlers({ 'settings.get': () => { throw new AppFailure('ABDM_ERROR', { abdmCode: 'HIS-1013', params: { status: 422 } }); } }));
    expect(await failing('settings.get', undefined)).toEqual({ ok: false, error: { code: 'ABDM_ERROR', params: { status: 422 }, abdmCode: 'HIS-1013' } });

    const logged: unknown[] = [];
    const crashing = createDispatcher(handlers({ 'settings.get': () => { throw new Error('secret stack detail'); } }), (_c, e) => logged.push(e));
    const result = await crashing('settings.get', undefined);
    expect(result).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    if (!result.ok) expect(JSON.stringify(result.error)).not.toContain('secret stack detail');
    expect(logged).toHaveLength(1);
  });
});
