import { describe, expect, it } from 'vitest';
import { createDispatcher, type Handlers } from '../../../electron/ipc/dispatch';
import { AppFailure } from '../../../electron/ipc/result';
import { DEFAULT_SETTINGS } from '../../../electron/store/settings-schema';

// Only the channels these tests call; the dispatcher never touches the others.
function handlers(overrides: Partial<Handlers> = {}): Handlers {
  let settings = structuredClone(DEFAULT_SETTINGS);
  return {
    'app.info': () => ({ name: 'ABHA Desk', version: '1.2.3', environment: 'training', dataFolder: '/d', keychain: 'available', transport: 'web' }),
    'settings.get': () => settings,
    'settings.update': (patch) => (settings = { ...settings, ...patch, bridge: { ...settings.bridge, ...patch.bridge } }),
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
    expect(result.error.message).toContain('bridge.port');
    expect(called).toBe(false);
  });

  it('names an unknown settings key', async () => {
    const result = await createDispatcher(handlers())('settings.update', { operatorNmae: 'x' });
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    if (!result.ok) expect(result.error.message).toContain('operatorNmae');
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

  it('passes an AppFailure through with its ABDM code, and hides unexpected errors', async () => {
    const failing = createDispatcher(handlers({ 'settings.get': () => { throw new AppFailure('ABDM_ERROR', 'The OTP is wrong.', 'HIS-1013'); } }));
    expect(await failing('settings.get', undefined)).toEqual({ ok: false, error: { code: 'ABDM_ERROR', message: 'The OTP is wrong.', abdmCode: 'HIS-1013' } });

    const logged: unknown[] = [];
    const crashing = createDispatcher(handlers({ 'settings.get': () => { throw new Error('secret stack detail'); } }), (_c, e) => logged.push(e));
    const result = await crashing('settings.get', undefined);
    expect(result).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    if (!result.ok) expect(result.error.message).not.toContain('secret stack detail');
    expect(logged).toHaveLength(1);
  });
});
