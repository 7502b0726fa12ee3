// The gateway session against the embedded sandbox: login, renewal before expiry, one renewal at a time,
// and the 401 → renew once → repeat once rule on Health ID calls.
import { decodeJwt } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { AbdmError } from '../../electron/abdm/errors';
import { explainAbdmError } from '../support/desk-words';
import { GatewaySession } from '../../electron/abdm/session';
import { manualClock, startSandbox, TRAINING_IDENTITIES, type RunningSandbox } from '../../sandbox/index';
import { countOf, rejectionOf, SECOND, startHarness, type Harness } from './healthid-harness';

const ASHA = TRAINING_IDENTITIES.existingAbha.existingAbha.healthId;
const SESSIONS = 'POST /gateway/v0.5/sessions';
const AUTH_INIT = 'POST /api/v1/auth/init';

let harness: Harness | undefined;
let extraSandbox: RunningSandbox | undefined;
afterEach(async () => {
  await harness?.close();
  await extraSandbox?.close();
  harness = undefined;
  extraSandbox = undefined;
});

/** Records the grantType of every session request. */
function grantTypes(): { grants: string[]; wrap: (inner: typeof fetch) => typeof fetch } {
  const grants: string[] = [];
  return {
    grants,
    wrap: (inner) => (input, init) => {
      if (String(input).endsWith('/v0.5/sessions')) grants.push((JSON.parse(String(init?.body)) as { grantType: string }).grantType);
      return inner(input, init);
    },
  };
}

const login = (h: Harness) => h.healthId.authInit({ authMethod: 'AADHAAR_OTP', healthid: ASHA });

describe('gateway session', () => {
  it('logs in with client credentials and gets a gateway JWT for this client', async () => {
    harness = await startHarness();
    const token = await harness.session.accessToken();
    expect(decodeJwt(token)).toMatchObject({ clientId: harness.sandbox.config.clientId, typ: 'Bearer' });
    expect(await harness.session.accessToken()).toBe(token);
    expect(countOf(harness.requests, SESSIONS)).toBe(1);
  });

  it('a wrong client secret → AbdmError 401 from sessions, explained as a settings problem', async () => {
    const sandbox = (extraSandbox = await startSandbox({ seed: 'client-tests' }));
    const session = new GatewaySession({ gatewayBaseUrl: sandbox.gatewayBaseUrl, clientId: sandbox.config.clientId, clientSecret: async () => 'wrong' });
    const error = await rejectionOf(session.accessToken());
    expect(error).toBeInstanceOf(AbdmError);
    expect(error).toMatchObject({ status: 401, code: '2500', service: 'gateway', operation: 'sessions' });
    expect(explainAbdmError(error, 'en').message).toMatch(/client ID or secret/);
  });

  it('renews with the refresh token before the access token expires, so ABDM never sees an expired one', async () => {
    const { grants, wrap } = grantTypes();
    harness = await startHarness({ wrapFetch: wrap });
    await login(harness);
    const first = await harness.session.accessToken();
    harness.clock.advance(541 * SECOND);
    await login(harness);
    expect(await harness.session.accessToken()).not.toBe(first);
    expect(grants).toEqual(['client_credentials', 'refresh_token']);
    expect(countOf(harness.requests, AUTH_INIT)).toBe(2);
  });

  it('logs in afresh once the refresh token has run out too', async () => {
    const { grants, wrap } = grantTypes();
    harness = await startHarness({ wrapFetch: wrap });
    await login(harness);
    harness.clock.advance(1800 * SECOND);
    await login(harness);
    expect(grants).toEqual(['client_credentials', 'client_credentials']);
  });

  it('follows a short token lifetime the gateway announces', async () => {
    harness = await startHarness({ accessTokenTtlSeconds: 60 });
    await login(harness);
    harness.clock.advance(53 * SECOND);
    await login(harness);
    expect(countOf(harness.requests, SESSIONS)).toBe(1);
    harness.clock.advance(2 * SECOND);
    await login(harness);
    expect(countOf(harness.requests, SESSIONS)).toBe(2);
  });

  it('calls waiting for an expired token share one renewal', async () => {
    harness = await startHarness();
    await login(harness);
    harness.clock.advance(601 * SECOND);
    const h = harness;
    await Promise.all([login(h), login(h), login(h)]);
    expect(countOf(harness.requests, SESSIONS)).toBe(2);
    expect(countOf(harness.requests, AUTH_INIT)).toBe(4);
  });
});

describe('a 401 from Health ID: renew once, repeat once', () => {
  it('when ABDM’s clock is ahead of the desk’s, the refused token is renewed and the call repeated', async () => {
    const { grants, wrap } = grantTypes();
    const abdmClock = manualClock(Date.UTC(2025, 0, 6, 4, 30));
    harness = await startHarness({ clock: abdmClock, sessionClock: manualClock(Date.UTC(2025, 0, 6, 4, 30)), wrapFetch: wrap });
    await login(harness);
    abdmClock.advance(601 * SECOND);
    await expect(login(harness)).resolves.toMatchObject({ txnId: expect.any(String) as string });
    expect(countOf(harness.requests, AUTH_INIT)).toBe(3);
    expect(grants).toEqual(['client_credentials', 'refresh_token']);
  });

  it('several calls refused at once still renew only once', async () => {
    const abdmClock = manualClock(Date.UTC(2025, 0, 6, 4, 30));
    harness = await startHarness({ clock: abdmClock, sessionClock: manualClock(Date.UTC(2025, 0, 6, 4, 30)) });
    await login(harness);
    abdmClock.advance(601 * SECOND);
    const h = harness;
    await Promise.all([login(h), login(h), login(h)]);
    expect(countOf(harness.requests, SESSIONS)).toBe(2);
    expect(countOf(harness.requests, AUTH_INIT)).toBe(1 + 3 + 3);
  });

  it('after a gateway restart with new keys, both tokens are refused: log in afresh and repeat the call', async () => {
    const { grants, wrap } = grantTypes();
    harness = await startHarness({ wrapFetch: wrap });
    await login(harness);
    const port = Number(new URL(harness.sandbox.url).port);
    await harness.sandbox.close();
    extraSandbox = await startSandbox({ port, clock: harness.clock, seed: 'client-tests', config: { signingKeys: 'new' } });
    await expect(login(harness)).resolves.toMatchObject({ txnId: expect.any(String) as string });
    expect(grants).toEqual(['client_credentials', 'refresh_token', 'client_credentials']);
    expect(countOf(harness.requests, AUTH_INIT)).toBe(3);
  });

  it('when the renewed token is refused as well, the 401 is reported, not retried forever', async () => {
    const abdmClock = manualClock(Date.UTC(2025, 0, 6, 4, 30));
    // Every token the desk receives is already expired in ABDM's eyes (its clock is 20 minutes ahead).
    harness = await startHarness({
      clock: abdmClock,
      sessionClock: manualClock(Date.UTC(2025, 0, 6, 4, 30)),
      wrapFetch: (inner) => async (input, init) => {
        const answer = await inner(input, init);
        if (String(input).endsWith('/v0.5/sessions')) abdmClock.advance(1200 * SECOND);
        return answer;
      },
    });
    const error = await rejectionOf(login(harness));
    expect(error).toMatchObject({ status: 401, code: 'HIS-401', service: 'healthid', operation: 'authInit' });
    expect(countOf(harness.requests, AUTH_INIT)).toBe(2);
    expect(explainAbdmError(error, 'en').message).toMatch(/refused this clinic/);
  });
});
