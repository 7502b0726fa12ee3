// The HIP id (the facility's HFR id) beside the HIU id: empty or absent means the HIP role is off, and the bridge
// serves none of its callbacks; saved, the role is on at the same callback URL. A role registered the way the HIP
// will register (its id and its on/off from Settings) is served or not as Settings say, and a settings file from
// before the HIP role reads with the role off.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RoleDescription } from '../../../electron/abdm/gateway/role-wire';
import { GatewayRoles } from '../../../electron/gateway/gateway-roles';
import { migrateSettings } from '../../../electron/store/settings/settings-migrations';
import { DEFAULT_SETTINGS, type Settings } from '../../../electron/store/settings/settings-schema';
import { applySettingsPatch, SettingsValidationError } from '../../../electron/store/settings/settings';

const HIP_LIKE: RoleDescription = {
  name: 'hip-like',
  idHeader: 'X-HIP-ID',
  operations: ['shares.onShare'],
  kinds: ['shares.share'],
  acknowledgements: new Set(['shares.onShare']),
  wires: {
    v3: {
      operations: { 'shares.onShare': { path: '/v3/hip-like/on-share' } },
      callbacks: [{ kind: 'shares.share', path: '/api/v3/hip-like/share', schema: z.object({}).loose(), read: () => ({}) }],
    },
  },
};

function roles(settings: () => Settings): GatewayRoles {
  const registry = new GatewayRoles();
  registry.register(HIP_LIKE, { id: () => settings().hipId ?? '', isOn: (s) => Boolean(s.hipId?.trim()) });
  return registry;
}

describe('the HIP id setting', () => {
  it('is off on a fresh install and in a settings file from before the HIP role', () => {
    expect(DEFAULT_SETTINGS.hipId ?? '').toBe('');
    const { hipId: _none, ...before } = { ...DEFAULT_SETTINGS, hiuId: 'HIU-CLINIC-07' };
    const { settings, repaired } = migrateSettings(before);
    expect(settings.hipId ?? '').toBe('');
    expect(settings.hiuId).toBe('HIU-CLINIC-07');
    expect(repaired).toEqual([]);
    expect(roles(() => settings).routes({ ...settings, abdmApi: 'v3' })).toEqual([]);
  });

  it('saved, turns the role on at the one callback URL, and its requests name it in X-HIP-ID', () => {
    let current: Settings = { ...DEFAULT_SETTINGS, abdmApi: 'v3' };
    const registry = roles(() => current);
    current = applySettingsPatch(current, { hipId: '  IN2710000123  ' });
    expect(current.hipId).toBe('IN2710000123');
    expect(registry.routes(current).map((route) => route.path)).toEqual(['/api/v3/hip-like/share']);
    expect(registry.onNames(current)).toEqual(['hip-like']);
    const request = registry.generation('v3').request('shares.onShare', { requestId: 'r-1', timestamp: '2024-05-14T09:30:13.020Z', cmId: 'sbx' }, {});
    expect(request.headers['X-HIP-ID']).toBe('IN2710000123');

    current = applySettingsPatch(current, { hipId: '' });
    expect(registry.routes(current)).toEqual([]);
  });

  it('refuses a HIP id with a control character, as the HIU id does', () => {
    for (const path of ['hipId', 'hiuId']) {
      let refused: unknown;
      try {
        applySettingsPatch(DEFAULT_SETTINGS, { [path]: 'IN27\u202e10000123' });
      } catch (error) {
        refused = error;
      }
      expect(refused).toBeInstanceOf(SettingsValidationError);
      expect((refused as SettingsValidationError).fields).toEqual([expect.objectContaining({ path, code: 'control-character' })]);
    }
  });
});
