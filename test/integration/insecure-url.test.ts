// Outside training, a Health ID or gateway URL on plain http (other than this computer) would send the
// client secret and patients' Aadhaar numbers in clear, so the app refuses before anything is sent.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TRAINING_IDENTITIES } from '../../sandbox/index';
import { startAppHarness, type AppHarness } from '../support/app-harness';

let app: AppHarness;
/** Every URL the app asked fetch for. Only the embedded simulator is really contacted: nothing leaves this computer. */
let requested: string[];

beforeEach(async () => {
  app = await startAppHarness();
  requested = [];
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    requested.push(url);
    if (url.startsWith(`${app.sandbox.url}/`)) return realFetch(input, init);
    throw new TypeError('fetch failed', { cause: Object.assign(new Error(`test: ${url} is not contacted`), { code: 'ECONNREFUSED' }) });
  });
});
afterEach(async () => {
  vi.restoreAllMocks();
  await app.close();
});

const start = { aadhaar: TRAINING_IDENTITIES.newResident.aadhaar, patientConsented: true } as const;

describe('plain http to ABDM outside training', () => {
  it('refuses a production gateway on http:// before any request is sent, and says which URL', async () => {
    await app.call('settings.update', { environment: 'production' });
    await app.call('settings.update', { gatewayBaseUrl: 'http://live.abdm.gov.in/gateway', clientId: 'clinic-42' });
    await app.call('secrets.setClientSecret', { clientSecret: 'the-clinic-secret' });

    const refused = await app.fail('enrol.start', start);
    expect.soft(refused.code).toBe('INSECURE_URL');
    expect.soft(refused.message).toBe(
      'The Gateway base URL in Settings starts with http://, so the clinic’s ABDM secret and patients’ details would travel unencrypted. Change it to the https:// address in Settings.',
    );
    expect(requested).toEqual([]);

    await app.call('settings.update', { language: 'hi' });
    const inHindi = await app.fail('enrol.start', start);
    expect(inHindi.code).toBe('INSECURE_URL');
    expect(inHindi.message).toContain('गेटवे बेस URL');
    expect(requested).toEqual([]);
  });

  it('names the Health ID URL when that one is on http://', async () => {
    await app.call('settings.update', { environment: 'abdm-sandbox' });
    await app.call('settings.update', { healthIdBaseUrl: 'http://healthidsbx.abdm.gov.in/api/v1', gatewayBaseUrl: app.sandbox.gatewayBaseUrl, clientId: 'clinic-42' });
    await app.call('secrets.setClientSecret', { clientSecret: 'the-clinic-secret' });
    const refused = await app.fail('enrol.start', start);
    expect.soft(refused.code).toBe('INSECURE_URL');
    expect.soft(refused.message).toMatch(/^The Health ID base URL in Settings starts with http:\/\//);
    expect(requested).toEqual([]);
  });

  it('still lets the ABDM sandbox setting reach a simulator on this computer over http://', async () => {
    await app.call('settings.update', { environment: 'abdm-sandbox' });
    await app.call('settings.update', { healthIdBaseUrl: app.sandbox.healthIdBaseUrl, gatewayBaseUrl: app.sandbox.gatewayBaseUrl, clientId: app.sandbox.config.clientId });
    await app.call('secrets.setClientSecret', { clientSecret: app.sandbox.config.clientSecret });
    expect(app.sandbox.gatewayBaseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    const sent = await app.call('enrol.start', start);
    expect(sent.sentTo).toBe('XXXX XXXX 0124');
    expect(requested.length).toBeGreaterThan(0);
  });

  it('leaves training mode alone', async () => {
    const sent = await app.call('enrol.start', start);
    expect(sent.sentTo).toBe('XXXX XXXX 0124');
  });
});
