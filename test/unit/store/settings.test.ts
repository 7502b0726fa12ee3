import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openConfSettings, SettingsValidationError } from '../../../electron/store/settings/settings';
import { SETTINGS_MIGRATIONS } from '../../../electron/store/settings/settings-migrations';
import { DEFAULT_SETTINGS, ENVIRONMENT_PRESETS, SETTINGS_VERSION } from '../../../electron/store/settings/settings-schema';

let dir: string;
const settingsFile = () => path.join(dir, 'settings.json');
const readFile = () => JSON.parse(readFileSync(settingsFile(), 'utf8')) as Record<string, unknown>;
const writeFile = (content: unknown) =>
  writeFileSync(settingsFile(), typeof content === 'string' ? content : JSON.stringify(content));

function rejection(run: () => unknown): SettingsValidationError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(SettingsValidationError);
    return error as SettingsValidationError;
  }
  throw new Error('expected the update to be rejected');
}

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'abha-settings-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('settings store', () => {
  it('starts a fresh install with the defaults and writes them to settings.json', () => {
    const store = openConfSettings(dir);
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
    expect(store.get()).toMatchObject({
      schemaVersion: 7,
      environment: 'training',
      abdmApi: 'v3',
      abhaV3BaseUrl: 'https://abhasbx.abdm.gov.in/abha/api/v3',
      hiecmBaseUrl: 'https://dev.abdm.gov.in/api/hiecm',
      clinicName: '',
      cmId: 'sbx',
      bridge: { mode: 'direct', relayUrl: '', host: '127.0.0.1', port: 8765, publicUrl: '', dataPushLimitMb: 64 },
      hiu: {
        requesterName: '',
        requesterRegistrationNumber: '',
        requesterRegistrationSystem: 'https://www.mciindia.org',
        answerTimeoutSeconds: 60,
        fetchOnDataEvent: false,
      },
    });
    expect(store.path).toBe(settingsFile());
    expect(readFile()).toEqual(DEFAULT_SETTINGS);
    expect(store.repaired).toEqual([]);
  });

  it('keeps an update across a restart, merging a partial bridge patch', () => {
    const store = openConfSettings(dir);
    const updated = store.update({ clientId: 'SBX_000123', operatorName: 'Meena', bridge: { port: 9000 } });
    expect(updated.bridge).toEqual({ mode: 'direct', relayUrl: '', host: '127.0.0.1', port: 9000, publicUrl: '', dataPushLimitMb: 64 });
    const reopened = openConfSettings(dir).get();
    expect(reopened.clientId).toBe('SBX_000123');
    expect(reopened.operatorName).toBe('Meena');
    expect(reopened.bridge.port).toBe(9000);
  });

  it('merges a partial hiu patch and keeps it across a restart', () => {
    const store = openConfSettings(dir);
    const updated = store.update({ hiu: { requesterName: 'Dr. Kavita Rao', answerTimeoutSeconds: 120 }, bridge: { dataPushLimitMb: 256 } });
    expect(updated.hiu).toEqual({
      requesterName: 'Dr. Kavita Rao',
      requesterRegistrationNumber: '',
      requesterRegistrationSystem: 'https://www.mciindia.org',
      answerTimeoutSeconds: 120,
      fetchOnDataEvent: false,
    });
    store.update({ hiu: { fetchOnDataEvent: true, requesterRegistrationSystem: '' } });
    const reopened = openConfSettings(dir);
    expect(reopened.repaired).toEqual([]);
    expect(reopened.get().hiu).toEqual({
      requesterName: 'Dr. Kavita Rao',
      requesterRegistrationNumber: '',
      requesterRegistrationSystem: '',
      answerTimeoutSeconds: 120,
      fetchOnDataEvent: true,
    });
    expect(reopened.get().bridge.dataPushLimitMb).toBe(256);
  });

  it.each([
    [{ bridge: { dataPushLimitMb: 0 } }, { path: 'bridge.dataPushLimitMb', code: 'whole-number', params: { min: 1, max: 1024 } }],
    [{ bridge: { dataPushLimitMb: 1025 } }, { path: 'bridge.dataPushLimitMb', code: 'whole-number', params: { min: 1, max: 1024 } }],
    [{ hiu: { answerTimeoutSeconds: 4 } }, { path: 'hiu.answerTimeoutSeconds', code: 'whole-number', params: { min: 5, max: 3600 } }],
    [{ hiu: { answerTimeoutSeconds: 3601 } }, { path: 'hiu.answerTimeoutSeconds', code: 'whole-number', params: { min: 5, max: 3600 } }],
    [{ hiu: { requesterRegistrationSystem: 'www.mciindia.org' } }, { path: 'hiu.requesterRegistrationSystem', code: 'url' }],
    [{ hiu: { fetchOnDataEvent: 'yes' } }, { path: 'hiu.fetchOnDataEvent', code: 'wrong-type', params: { expected: 'boolean' } }],
    [{ hiu: { requesterName: 'x'.repeat(101) } }, { path: 'hiu.requesterName', code: 'too-long', params: { max: 100 } }],
  ])('refuses %j, naming the field', (patch, issue) => {
    const store = openConfSettings(dir);
    expect(rejection(() => store.update(patch as never)).fields).toEqual([issue]);
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
  });

  it('hands out settings nobody can change by mutation: only update() changes them', () => {
    const store = openConfSettings(dir);
    expect(() => {
      store.get().bridge.port = 1;
    }).toThrow(TypeError);
    const updated = store.update({ operatorName: 'Asha' });
    expect(() => {
      updated.operatorName = 'Someone else';
    }).toThrow(TypeError);
    expect(store.get().bridge.port).toBe(8765);
    expect(store.get().operatorName).toBe('Asha');
  });

  it('rejects an unknown key, naming it', () => {
    const store = openConfSettings(dir);
    const error = rejection(() => store.update({ colour: 'blue' } as never));
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.message).toMatch(/colour/);
  });

  it('rejects a misspelt key inside bridge with its dotted path', () => {
    const store = openConfSettings(dir);
    expect(rejection(() => store.update({ bridge: { prot: 9000 } } as never)).message).toMatch(/bridge\.prot/);
  });

  it('rejects a wrong type, naming the field, and leaves the file untouched', () => {
    const store = openConfSettings(dir);
    const before = readFileSync(settingsFile(), 'utf8');
    const error = rejection(() => store.update({ bridge: { port: '9000' } } as never));
    expect(error.fields).toEqual([{ path: 'bridge.port', code: 'whole-number', params: { min: 1, max: 65_535 } }]);
    expect(readFileSync(settingsFile(), 'utf8')).toBe(before);
    expect(store.get().bridge.port).toBe(8765);
  });

  it.each([
    [{ gatewayBaseUrl: 'not a url' }, /gatewayBaseUrl/],
    [{ healthIdBaseUrl: 'ftp://healthidsbx.abdm.gov.in/api/v1' }, /healthIdBaseUrl/],
    [{ language: 'fr' }, /language/],
    [{ bridge: { port: 70_000 } }, /bridge\.port/],
    [{ environment: 'sandbox' }, /environment/],
    [{ schemaVersion: 1 }, /schemaVersion/],
  ])('rejects %j', (patch, field) => {
    const store = openConfSettings(dir);
    expect(rejection(() => store.update(patch as never)).message).toMatch(field);
  });

  it('refuses a 70 KB URL and any over 2,048 characters, but takes one of exactly 2,048', () => {
    const store = openConfSettings(dir);
    const longUrl = (length: number) => {
      const start = 'https://healthidsbx.abdm.gov.in/api/v1?pad=';
      return start + 'a'.repeat(length - start.length);
    };
    expect(rejection(() => store.update({ healthIdBaseUrl: longUrl(70_000) })).fields).toEqual([{ path: 'healthIdBaseUrl', code: 'too-long', params: { max: 2_048 } }]);
    expect(rejection(() => store.update({ bridge: { publicUrl: longUrl(2_049) } })).fields).toEqual([{ path: 'bridge.publicUrl', code: 'too-long', params: { max: 2_048 } }]);
    expect(store.update({ gatewayBaseUrl: longUrl(2_048) }).gatewayBaseUrl).toHaveLength(2_048);
  });

  it.each([
    ['operatorName', 'x'.repeat(101)],
    ['clientId', 'x'.repeat(201)],
    ['hiuId', 'x'.repeat(201)],
    ['cmId', 'x'.repeat(51)],
  ])('bounds %s', (field, value) => {
    const store = openConfSettings(dir);
    expect(rejection(() => store.update({ [field]: value })).fields).toMatchObject([{ path: field, code: 'too-long' }]);
  });

  it.each([
    ['operatorName', 'Meena\u0000admin'],
    ['operatorName', 'Meena\r\n2026-11-24 card.printed by Admin'],
    ['operatorName', 'Meena \u202Egnp.exe'],
    ['clientId', 'SBX_0001\u0000'],
    ['clientId', 'SBX\u2066_0001'],
    ['hiuId', 'HIU\nX'],
    ['hiuId', 'HIU\uD800'],
    ['healthIdBaseUrl', 'https://healthidsbx.abdm.gov.in/api\t/v1'],
  ])('refuses control and direction characters in %s (%j)', (field, value) => {
    const store = openConfSettings(dir);
    expect(rejection(() => store.update({ [field]: value })).fields).toEqual([{ path: field, code: expect.stringMatching(/^(control|broken)-character$/) }]);
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
  });

  it('refuses control characters in the bridge host, and keeps Hindi names and ordinary punctuation', () => {
    const store = openConfSettings(dir);
    expect(rejection(() => store.update({ bridge: { host: '127.0.0.1\u0000evil' } })).fields).toEqual([{ path: 'bridge.host', code: 'control-character' }]);
    expect(store.update({ operatorName: 'मीना शर्मा (Reception-2)' }).operatorName).toBe('मीना शर्मा (Reception-2)');
  });

  it('repairs a settings file whose URL is 70 KB long, keeping the other fields', () => {
    writeFile({ ...DEFAULT_SETTINGS, operatorName: 'Meena', gatewayBaseUrl: `https://dev.abdm.gov.in/${'a'.repeat(70_000)}` });
    const store = openConfSettings(dir);
    expect(store.get().gatewayBaseUrl).toBe(DEFAULT_SETTINGS.gatewayBaseUrl);
    expect(store.get().operatorName).toBe('Meena');
    expect(store.repaired).toEqual(['gatewayBaseUrl']);
  });

  it('moves the service URLs and CM id along when the environment changes', () => {
    const store = openConfSettings(dir);
    const production = store.update({ environment: 'production' });
    expect(production).toMatchObject(ENVIRONMENT_PRESETS.production);
    expect(production.cmId).toBe('abdm');
  });

  it('keeps a hand-entered URL when the environment changes', () => {
    const store = openConfSettings(dir);
    store.update({ gatewayBaseUrl: 'https://gateway.clinic-proxy.example/gateway' });
    const production = store.update({ environment: 'production' });
    expect(production.gatewayBaseUrl).toBe('https://gateway.clinic-proxy.example/gateway');
    expect(production.healthIdBaseUrl).toBe(ENVIRONMENT_PRESETS.production.healthIdBaseUrl);
  });

  it('takes URLs given in the same patch as the environment change', () => {
    const store = openConfSettings(dir);
    const updated = store.update({ environment: 'abdm-sandbox', cmId: 'custom' });
    expect(updated.cmId).toBe('custom');
  });
});

// The file names the clinic's HIU id, the doctor and their registration number (security review item 7). Written
// through conf, the backend web mode uses; the mode is read from the file system, as another user would meet it.
describe('settings.json is readable by its user only', () => {
  const modeOf = () => statSync(settingsFile()).mode & 0o777;

  it.skipIf(process.platform === 'win32')('creates the file with mode 0600 and keeps it so after a change', () => {
    const store = openConfSettings(dir);
    expect(modeOf()).toBe(0o600);
    store.update({ hiuId: 'shanti-clinic-hiu', hiu: { requesterName: 'Dr Meena Iyer', requesterRegistrationNumber: 'MMC-2011-04512' } });
    expect(readFile()).toMatchObject({ hiu: { requesterName: 'Dr Meena Iyer' } });
    expect(modeOf()).toBe(0o600);
  });

  it.skipIf(process.platform === 'win32')('makes a 0644 file from an earlier version private when the desk starts, keeping its values', () => {
    openConfSettings(dir).update({ operatorName: 'Meena' });
    chmodSync(settingsFile(), 0o644);
    const store = openConfSettings(dir);
    expect(modeOf()).toBe(0o600);
    expect(store.get().operatorName).toBe('Meena');
  });
});

describe('settings file migrations and repair', () => {
  it('migrates a version 1 file (flat bridge keys, environment "sandbox") and keeps its values', () => {
    writeFile({
      schemaVersion: 1,
      environment: 'sandbox',
      healthIdBaseUrl: 'https://healthidsbx.abdm.gov.in/api/v1',
      gatewayBaseUrl: 'https://dev.abdm.gov.in/gateway',
      clientId: 'SBX_000123',
      hiuId: 'HIU-ABHADESK-01',
      cmId: 'sbx',
      operatorName: 'Ravi',
      language: 'hi',
      printerLayout: 'cr80',
      bridgeHost: '0.0.0.0',
      bridgePort: 9100,
      bridgePublicUrl: 'https://desk.clinic.example',
    });
    const store = openConfSettings(dir);
    expect(store.get()).toEqual({
      schemaVersion: SETTINGS_VERSION,
      environment: 'abdm-sandbox',
      // An install from before v3 stays on the API it was using.
      abdmApi: 'v1',
      healthIdBaseUrl: 'https://healthidsbx.abdm.gov.in/api/v1',
      gatewayBaseUrl: 'https://dev.abdm.gov.in/gateway',
      abhaV3BaseUrl: 'https://abhasbx.abdm.gov.in/abha/api/v3',
      hiecmBaseUrl: 'https://dev.abdm.gov.in/api/hiecm',
      clientId: 'SBX_000123',
      hiuId: 'HIU-ABHADESK-01',
      cmId: 'sbx',
      operatorName: 'Ravi',
      clinicName: '',
      language: 'hi',
      printerLayout: 'cr80',
      idleCloseMinutes: 5,
      bridge: { mode: 'direct', relayUrl: '', host: '0.0.0.0', port: 9100, publicUrl: 'https://desk.clinic.example', dataPushLimitMb: 64 },
      hiu: {
        requesterName: '',
        requesterRegistrationNumber: '',
        requesterRegistrationSystem: 'https://www.mciindia.org',
        answerTimeoutSeconds: 60,
        fetchOnDataEvent: false,
      },
    });
    expect(store.repaired).toEqual([]);
    const onDisk = readFile();
    expect(onDisk.schemaVersion).toBe(SETTINGS_VERSION);
    expect(onDisk).not.toHaveProperty('bridgePort');
  });

  it('migrates a version 2 file (no push limit, no hiu) to version 3, keeping every value, with nothing repaired', () => {
    const version2 = {
      schemaVersion: 2,
      environment: 'production',
      healthIdBaseUrl: 'https://healthid.abdm.gov.in/api/v1',
      gatewayBaseUrl: 'https://gateway.clinic-proxy.example/gateway',
      clientId: 'PROD_000777',
      hiuId: 'HIU-CLINIC-07',
      cmId: 'abdm',
      operatorName: 'मीना शर्मा',
      language: 'hi',
      printerLayout: 'cr80',
      bridge: { host: '0.0.0.0', port: 9443, publicUrl: 'https://abdm-callbacks.clinic.example/hiu' },
    };
    writeFile(version2);
    const store = openConfSettings(dir);
    const expected = {
      schemaVersion: 7,
      environment: 'production',
      abdmApi: 'v1',
      healthIdBaseUrl: 'https://healthid.abdm.gov.in/api/v1',
      gatewayBaseUrl: 'https://gateway.clinic-proxy.example/gateway',
      abhaV3BaseUrl: 'https://abha.abdm.gov.in/api/abha/v3',
      hiecmBaseUrl: 'https://apis.abdm.gov.in/api/hiecm',
      clientId: 'PROD_000777',
      hiuId: 'HIU-CLINIC-07',
      cmId: 'abdm',
      operatorName: 'मीना शर्मा',
      clinicName: '',
      language: 'hi',
      printerLayout: 'cr80',
      idleCloseMinutes: 5,
      bridge: { mode: 'direct', relayUrl: '', host: '0.0.0.0', port: 9443, publicUrl: 'https://abdm-callbacks.clinic.example/hiu', dataPushLimitMb: 64 },
      hiu: {
        requesterName: '',
        requesterRegistrationNumber: '',
        requesterRegistrationSystem: 'https://www.mciindia.org',
        answerTimeoutSeconds: 60,
        fetchOnDataEvent: false,
      },
    };
    expect(store.get()).toEqual(expected);
    expect(store.repaired).toEqual([]);
    expect(readFile()).toEqual(expected);
    // Opened again, the upgraded file is simply read.
    const again = openConfSettings(dir);
    expect(again.get()).toEqual(expected);
    expect(again.repaired).toEqual([]);
  });

  it('keeps hiu values a version 2 file already had, and still repairs an invalid one', () => {
    writeFile({
      ...DEFAULT_SETTINGS,
      schemaVersion: 2,
      bridge: { host: '127.0.0.1', port: 8765, publicUrl: '', dataPushLimitMb: 128 },
      hiu: { requesterName: 'Dr. Kavita Rao', answerTimeoutSeconds: 2 },
    });
    const store = openConfSettings(dir);
    expect(store.get().bridge.dataPushLimitMb).toBe(128);
    expect(store.get().hiu).toEqual({
      requesterName: 'Dr. Kavita Rao',
      requesterRegistrationNumber: '',
      requesterRegistrationSystem: 'https://www.mciindia.org',
      answerTimeoutSeconds: 60,
      fetchOnDataEvent: false,
    });
    expect(store.repaired).toEqual(['hiu.answerTimeoutSeconds']);
  });

  it('has one step for each version before the current one, in order', () => {
    expect(SETTINGS_VERSION).toBe(7);
    expect(SETTINGS_MIGRATIONS.map((step) => step.from)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('gives a version 3 file an empty clinic name and keeps everything it had', () => {
    const { clinicName: _absent, abdmApi: _api, abhaV3BaseUrl: _abha, hiecmBaseUrl: _hiecm, idleCloseMinutes: _idle, ...version3 } = {
      ...DEFAULT_SETTINGS,
      schemaVersion: 3,
      hiuId: 'HIU-CLINIC-07',
      operatorName: 'Meena',
    };
    writeFile(version3);
    const store = openConfSettings(dir);
    expect(store.get()).toEqual({
      ...version3,
      schemaVersion: 7,
      idleCloseMinutes: 5,
      clinicName: '',
      abdmApi: 'v1',
      abhaV3BaseUrl: 'https://abhasbx.abdm.gov.in/abha/api/v3',
      hiecmBaseUrl: 'https://dev.abdm.gov.in/api/hiecm',
    });
    expect(store.repaired).toEqual([]);
    expect(store.update({ clinicName: 'Shanti Nursing Home, Nashik' }).clinicName).toBe('Shanti Nursing Home, Nashik');
    expect(openConfSettings(dir).get().clinicName).toBe('Shanti Nursing Home, Nashik');
  });

  it('resets only the invalid fields of a damaged file to their defaults and reports them', () => {
    writeFile({
      schemaVersion: SETTINGS_VERSION,
      environment: 'production',
      clientId: 'PROD_42',
      language: 'fr',
      gatewayBaseUrl: 12,
      bridge: { host: 'desk.local', port: 'eighty', publicUrl: '' },
      leftover: true,
    });
    const store = openConfSettings(dir);
    const settings = store.get();
    expect(settings.environment).toBe('production');
    expect(settings.clientId).toBe('PROD_42');
    expect(settings.language).toBe(DEFAULT_SETTINGS.language);
    expect(settings.gatewayBaseUrl).toBe(DEFAULT_SETTINGS.gatewayBaseUrl);
    expect(settings.bridge).toEqual({ mode: 'direct', relayUrl: '', host: 'desk.local', port: 8765, publicUrl: '', dataPushLimitMb: 64 });
    expect(store.repaired).toEqual(expect.arrayContaining(['language', 'gatewayBaseUrl', 'bridge.port', 'bridge.dataPushLimitMb']));
    expect(store.repaired).not.toContain('clientId');
    expect(readFile()).toEqual(settings);
  });

  it('starts with defaults instead of crashing when settings.json is not JSON', () => {
    writeFile('{"environment": "production", ');
    expect(openConfSettings(dir).get()).toEqual(DEFAULT_SETTINGS);
  });

  it('reads a file written by a newer version as far as it understands it', () => {
    writeFile({ ...DEFAULT_SETTINGS, schemaVersion: SETTINGS_VERSION + 5, clientId: 'SBX_9', futureField: 1 });
    const settings = openConfSettings(dir).get();
    expect(settings.clientId).toBe('SBX_9');
    expect(settings.schemaVersion).toBe(SETTINGS_VERSION);
  });
});

describe('the ABDM API setting', () => {
  it('starts a fresh install, and each environment, on the current API with ABDM’s published v3 hosts', () => {
    const store = openConfSettings(dir);
    expect(store.get().abdmApi).toBe('v3');
    const sandbox = store.update({ environment: 'abdm-sandbox' });
    expect(sandbox).toMatchObject({ abdmApi: 'v3', abhaV3BaseUrl: 'https://abhasbx.abdm.gov.in/abha/api/v3', hiecmBaseUrl: 'https://dev.abdm.gov.in/api/hiecm', cmId: 'sbx' });
    const production = store.update({ environment: 'production' });
    expect(production).toMatchObject({ abdmApi: 'v3', hiecmBaseUrl: 'https://apis.abdm.gov.in/api/hiecm', cmId: 'abdm' });
  });

  it('keeps the legacy API chosen by hand when the environment changes, and refuses a name it does not know', () => {
    const store = openConfSettings(dir);
    store.update({ abdmApi: 'v1' });
    expect(store.update({ environment: 'abdm-sandbox' }).abdmApi).toBe('v1');
    expect(openConfSettings(dir).get().abdmApi).toBe('v1');
    const refused = rejection(() => store.update({ abdmApi: 'v2' as 'v1' }));
    expect(refused.fields?.map((field) => field.path)).toEqual(['abdmApi']);
  });
});

describe('how callbacks arrive (bridge.mode, bridge.relayUrl)', () => {
  it('migrates a version 5 file to version 6: the desk keeps taking callbacks directly, with no relay set, nothing repaired', () => {
    const version5 = {
      schemaVersion: 5,
      environment: 'production',
      abdmApi: 'v3',
      healthIdBaseUrl: 'https://healthid.abdm.gov.in/api/v1',
      gatewayBaseUrl: 'https://live.abdm.gov.in/gateway',
      abhaV3BaseUrl: 'https://abha.abdm.gov.in/api/abha/v3',
      hiecmBaseUrl: 'https://apis.abdm.gov.in/api/hiecm',
      clientId: 'PROD_000777',
      hiuId: 'HIU-CLINIC-07',
      cmId: 'abdm',
      operatorName: 'Meena',
      clinicName: 'Shanti Nursing Home, Nashik',
      language: 'en',
      printerLayout: 'a4',
      bridge: { host: '0.0.0.0', port: 9443, publicUrl: 'https://abdm-callbacks.clinic.example/hiu', dataPushLimitMb: 128 },
      hiu: {
        requesterName: 'Dr. Kavita Rao',
        requesterRegistrationNumber: 'MH-12345',
        requesterRegistrationSystem: 'https://www.mciindia.org',
        answerTimeoutSeconds: 90,
        fetchOnDataEvent: true,
      },
    };
    writeFile(version5);
    const store = openConfSettings(dir);
    const expected = {
      ...version5,
      schemaVersion: 7,
      idleCloseMinutes: 5,
      bridge: { mode: 'direct', relayUrl: '', host: '0.0.0.0', port: 9443, publicUrl: 'https://abdm-callbacks.clinic.example/hiu', dataPushLimitMb: 128 },
    };
    expect(store.get()).toEqual(expected);
    expect(store.repaired).toEqual([]);
    expect(readFile()).toEqual(expected);
  });

  it('keeps a relay chosen with its URL across a restart', () => {
    const store = openConfSettings(dir);
    const updated = store.update({ bridge: { mode: 'relay', relayUrl: 'https://relay.clinic.example' } });
    expect(updated.bridge).toEqual({ mode: 'relay', relayUrl: 'https://relay.clinic.example', host: '127.0.0.1', port: 8765, publicUrl: '', dataPushLimitMb: 64 });
    expect(openConfSettings(dir).get().bridge).toEqual(updated.bridge);
    expect(store.update({ bridge: { mode: 'direct', relayUrl: '' } }).bridge).toMatchObject({ mode: 'direct', relayUrl: '' });
  });

  it.each([
    [{ bridge: { mode: 'cloud' } }, { path: 'bridge.mode', code: 'not-allowed' }],
    [{ bridge: { relayUrl: 'relay.clinic.example' } }, { path: 'bridge.relayUrl', code: 'url' }],
    [{ bridge: { relayUrl: 'wss://relay.clinic.example' } }, { path: 'bridge.relayUrl', code: 'url' }],
  ])('refuses %j, naming the field', (patch, issue) => {
    const store = openConfSettings(dir);
    expect(rejection(() => store.update(patch as never)).fields).toEqual([issue]);
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
  });

  it('repairs an unknown mode in the file to direct, keeping the relay URL', () => {
    writeFile({ ...DEFAULT_SETTINGS, bridge: { ...DEFAULT_SETTINGS.bridge, mode: 'carrier-pigeon', relayUrl: 'https://relay.clinic.example' } });
    const store = openConfSettings(dir);
    expect(store.get().bridge).toMatchObject({ mode: 'direct', relayUrl: 'https://relay.clinic.example' });
    expect(store.repaired).toEqual(['bridge.mode']);
  });
});

describe('closing the patient after idle time (idleCloseMinutes)', () => {
  it('migrates a version 6 file to version 7: five minutes, every other value kept, nothing repaired', () => {
    // A version 6 file as the previous release wrote it, typed out in full.
    const version6 = {
      schemaVersion: 6,
      environment: 'abdm-sandbox',
      abdmApi: 'v3',
      healthIdBaseUrl: 'https://healthidsbx.abdm.gov.in/api/v1',
      gatewayBaseUrl: 'https://dev.abdm.gov.in/gateway',
      abhaV3BaseUrl: 'https://abhasbx.abdm.gov.in/abha/api/v3',
      hiecmBaseUrl: 'https://dev.abdm.gov.in/api/hiecm',
      clientId: 'SBX_004242',
      hiuId: 'HIU-CLINIC-07',
      cmId: 'sbx',
      operatorName: 'Meena',
      clinicName: 'Shanti Nursing Home, Nashik',
      language: 'hi',
      printerLayout: 'cr80',
      bridge: { mode: 'relay', relayUrl: 'https://relay.clinic.example', host: '127.0.0.1', port: 8765, publicUrl: '', dataPushLimitMb: 64 },
      hiu: {
        requesterName: 'Dr. Kavita Rao',
        requesterRegistrationNumber: 'MH-12345',
        requesterRegistrationSystem: 'https://www.mciindia.org',
        answerTimeoutSeconds: 90,
        fetchOnDataEvent: true,
      },
    };
    writeFile(version6);
    const store = openConfSettings(dir);
    const expected = { ...version6, schemaVersion: 7, idleCloseMinutes: 5 };
    expect(store.get()).toEqual(expected);
    expect(store.repaired).toEqual([]);
    expect(readFile()).toEqual(expected);
  });

  it('takes 0 (never) to 120 whole minutes and keeps the choice across a restart', () => {
    const store = openConfSettings(dir);
    expect(store.get().idleCloseMinutes).toBe(5);
    expect(store.update({ idleCloseMinutes: 0 }).idleCloseMinutes).toBe(0);
    expect(store.update({ idleCloseMinutes: 120 }).idleCloseMinutes).toBe(120);
    expect(openConfSettings(dir).get().idleCloseMinutes).toBe(120);
  });

  it.each([[121], [-1], [2.5], ['5']])('refuses %j, naming idleCloseMinutes, and keeps what was saved', (value) => {
    const store = openConfSettings(dir);
    const refused = rejection(() => store.update({ idleCloseMinutes: value as number }));
    expect(refused.fields?.map((field) => field.path)).toEqual(['idleCloseMinutes']);
    expect(store.get().idleCloseMinutes).toBe(5);
  });

  it('repairs an idle time out of range in the file to five minutes, and says so', () => {
    writeFile({ ...DEFAULT_SETTINGS, idleCloseMinutes: 600 });
    const store = openConfSettings(dir);
    expect(store.get().idleCloseMinutes).toBe(5);
    expect(store.repaired).toEqual(['idleCloseMinutes']);
  });
});
