// Main, not the screen, keeps the connection settings behind the admin PIN: through the real app core and
// dispatcher, settings.update changing one of them and both secrets channels are refused with ADMIN_PIN_REQUIRED
// until a PIN is set or typed, while the desk's own settings stay open to everyone.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startAppCore, type AppCore } from '../../../electron/app-core';
import { CLIENT_SECRET_ACCOUNT } from '../../../electron/services/abdm-connection';
import { openConfSettings } from '../../../electron/store/settings/settings';
import type { Settings } from '../../../electron/store/settings/settings-schema';
import { memorySecretDriver, type SecretDriver } from '../../../electron/store/secrets/vault';
import { errorText } from '../../../renderer/lib/error-text';

let dataFolder: string;
let core: AppCore;
let keychain: SecretDriver;

beforeEach(async () => {
  dataFolder = mkdtempSync(path.join(os.tmpdir(), 'abha-desk-pin-ipc-'));
  keychain = memorySecretDriver();
  core = await startAppCore({
    dataFolder,
    settings: openConfSettings(dataFolder),
    secretDriver: keychain,
    transport: 'web',
    training: async () => {
      throw new Error('not used here');
    },
    bridgePort: 0,
    logNotice: () => {},
  });
});
afterEach(async () => {
  await core.close();
  rmSync(dataFolder, { recursive: true, force: true });
});

const call = (channel: string, input?: unknown) => core.dispatch(channel, input);
const saved = async () => ((await call('settings.get')) as { ok: true; value: Settings }).value;

async function refusedCode(channel: string, input?: unknown) {
  const result = await call(channel, input);
  if (result.ok) throw new Error(`${channel} ${JSON.stringify(input)} was allowed`);
  return result.error;
}

describe('without an admin PIN (a fresh install)', () => {
  it.each([
    [{ environment: 'production' }],
    [{ abdmApi: 'v1' }],
    [{ gatewayBaseUrl: 'https://gateway.elsewhere.example/gw' }],
    [{ clientId: 'PROD_000777' }],
    [{ hiuId: 'HIU-ELSEWHERE' }],
    [{ cmId: 'abdm' }],
    [{ bridge: { mode: 'relay', relayUrl: 'https://relay.elsewhere.example' } }],
    [{ bridge: { port: 9443 } }],
    [{ bridge: { publicUrl: 'https://elsewhere.example/hiu' } }],
    [{ operatorName: 'Meena', environment: 'production' }],
    // Where the clinic's records are kept and where its OTP SMS goes (issue 26).
    [{ keepsClinicRecords: false }],
    [{ smsGateway: { url: 'https://sms.elsewhere.example/send', method: 'POST', keyHeader: 'X-Api-Key', bodyTemplate: '{}', contentType: 'application/json' } }],
  ])('refuses %j with "set an admin PIN first", changing nothing', async (patch) => {
    const before = await saved();
    expect(await refusedCode('settings.update', patch)).toEqual({ code: 'ADMIN_PIN_REQUIRED', params: { reason: 'not-set' } });
    expect(await saved()).toEqual(before);
  });

  it('refuses storing the client secret or the relay credential, and keeps neither', async () => {
    expect((await refusedCode('secrets.setClientSecret', { clientSecret: 's3cret-from-abdm' })).code).toBe('ADMIN_PIN_REQUIRED');
    expect((await refusedCode('secrets.setSmsKey', { smsKey: 'sms-key-from-the-sms-company' })).code).toBe('ADMIN_PIN_REQUIRED');
    expect((await refusedCode('secrets.setRelayCredential', { credential: 'desk-frontdesk1.s3cr3t_s3cr3t_s3cr3t_s3cr3t_s3cr3t_s3cr3t_s' })).code).toBe('ADMIN_PIN_REQUIRED');
    expect(await keychain.get(CLIENT_SECRET_ACCOUNT)).toBeNull();
  });

  it('lets anyone change the desk’s own settings, the doctor and the idle time', async () => {
    const result = await call('settings.update', {
      operatorName: 'Meena',
      language: 'hi',
      printerLayout: 'cr80',
      idleCloseMinutes: 15,
      clinicName: 'Shanti Nursing Home',
      doctors: ['Dr. Kavita Rao'],
      hiu: { requesterName: 'Dr. Kavita Rao', answerTimeoutSeconds: 90 },
    });
    expect(result.ok).toBe(true);
    expect(await saved()).toMatchObject({ operatorName: 'Meena', language: 'hi', idleCloseMinutes: 15, hiu: { requesterName: 'Dr. Kavita Rao' } });
  });

  it('takes a connection setting sent again unchanged as no change', async () => {
    expect((await call('settings.update', { environment: 'training', operatorName: 'Meena' })).ok).toBe(true);
  });

  it('answers a refused value with the field, before asking for the PIN', async () => {
    const error = await refusedCode('settings.update', { bridge: { port: 70_000 } });
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.fields?.map((issue) => issue.path)).toEqual(['bridge.port']);
  });

  it('refuses a PIN that is not 6 to 12 digits, naming the field', async () => {
    for (const pin of ['12345', '1234567890123', '12 3456', '१२३४५६', '']) {
      expect(await refusedCode('settings.setAdminPin', { pin })).toEqual({ code: 'INVALID_INPUT', fields: [{ path: 'pin', code: 'admin-pin' }] });
    }
    expect(((await call('settings.connectionAccess')) as { value: { pin: string } }).value.pin).toBe('none');
  });
});

describe('with an admin PIN', () => {
  beforeEach(async () => {
    expect((await call('settings.setAdminPin', { pin: '482916' })).ok).toBe(true);
  });

  it('setting the PIN unlocked: the switch to production and the client secret are taken', async () => {
    expect((await call('settings.update', { environment: 'production' })).ok).toBe(true);
    expect(await call('secrets.setClientSecret', { clientSecret: 's3cret-from-abdm' })).toEqual({ ok: true, value: { stored: true } });
    expect((await saved()).environment).toBe('production');
  });

  it('once Settings is left the PIN is needed again; a wrong one says how many tries are left, the right one unlocks', async () => {
    expect((await call('settings.lockConnection')).ok).toBe(true);
    expect(await refusedCode('settings.update', { clientId: 'SBX_001234' })).toEqual({ code: 'ADMIN_PIN_REQUIRED', params: { reason: 'locked' } });
    expect(await refusedCode('secrets.setClientSecret', { clientSecret: 's3cret' })).toEqual({ code: 'ADMIN_PIN_REQUIRED', params: { reason: 'locked' } });

    const wrong = await refusedCode('settings.unlockConnection', { pin: '000000' });
    expect(wrong).toEqual({ code: 'ADMIN_PIN_WRONG', params: { triesLeft: 4, minutes: 15 } });
    expect(errorText(wrong, 'en')).toBe('That is not the admin PIN. 4 tries left; then the PIN cannot be tried for 15 minutes.');
    expect(errorText(wrong, 'hi')).toBe('यह एडमिन PIN नहीं है। 4 कोशिशें बाकी हैं; उसके बाद 15 मिनट तक PIN नहीं आज़माया जा सकता।');

    const unlocked = await call('settings.unlockConnection', { pin: '482916' });
    expect(unlocked).toMatchObject({ ok: true, value: { pin: 'set', triesLeft: 5 } });
    expect((await call('settings.update', { clientId: 'SBX_001234' })).ok).toBe(true);
    expect((await saved()).clientId).toBe('SBX_001234');
  });

  it('never returns the PIN or its hash: not in the settings, not in the access answer', async () => {
    const everything = JSON.stringify([await call('settings.get'), await call('settings.connectionAccess'), await call('app.info')]);
    expect(everything).not.toContain('482916');
    expect(everything).not.toMatch(/scrypt|salt|hash/);
  });
});
