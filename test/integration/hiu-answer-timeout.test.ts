// A consent request whose answer (on-init) does not come in time: it reads "waiting for ABDM's answer" until then,
// becomes NO_ANSWER (not "waiting for the patient": the patient was never asked) once Settings' answer timeout
// has passed, on the desk's own bridge and through a relay, on both ABDM APIs; a restart finds it so at once; and
// a late answer is still applied and brings the request back to waiting for the patient, the timeline saying it
// came late. The simulator holds its callbacks back (callbackDelayMs); only the desk's clock moves.
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { startAppCore } from '../../electron/app-core';
import { openConfSettings } from '../../electron/store/settings/settings';
import { ABDM_APIS, type AbdmApi } from '../../electron/store/settings/settings-schema';
import { memorySecretDriver } from '../../electron/store/secrets/vault';
import { endpointsOf } from '../../electron/training/simulator';
import { openRelayStore } from '../../relay/store/open-store';
import type { RelayStore } from '../../relay/store/relay-store';
import { IMMEDIATE_HIU_SETTINGS, type HiuSettings } from '../../sandbox/gateway/hiu/hiu-settings';
import { startSandbox, type RunningSandbox } from '../../sandbox/index';
import { consentInput, startHiuApp, type HiuApp } from '../support/hiu-app';
import { certsUrlOf, startTestRelay, type TestRelay } from '../support/relay-harness';

const HIU_ID = 'CLINIC-HIU-01';
/** The patient decides only when told to, and every callback waits this long (real time) before it is sent. */
const HELD_BACK: Partial<HiuSettings> = { ...IMMEDIATE_HIU_SETTINGS, consentDecision: 'manual', callbackDelayMs: 3_000 };
/** Settings' default answer timeout (settings-schema.ts: hiu.answerTimeoutSeconds = 60), and a second more. */
const PAST_THE_TIMEOUT_MS = 61_000;

// gateway-v05.md §2.10 and abdm-v3.md §3: where the init goes and where its answer comes.
const PATHS: Record<AbdmApi, { init: string; onInit: string }> = {
  v1: { init: '/v0.5/consent-requests/init', onInit: '/v0.5/consent-requests/on-init' },
  v3: { init: '/consent/v3/request/init', onInit: '/api/v3/hiu/consent/request/on-init' },
};

let app: HiuApp | undefined;
let relay: TestRelay | undefined;
let store: RelayStore | undefined;
let sandbox: RunningSandbox | undefined;
afterEach(async () => {
  await app?.close();
  await relay?.close();
  await store?.close();
  await sandbox?.close();
  app = relay = store = sandbox = undefined;
});


/** The desk's clock: the wall clock plus what the test moved it on by. */
function deskClock() {
  let ahead = 0;
  return { now: () => Date.now() + ahead, advance: (ms: number) => void (ahead += ms) };
}

async function startDesk(mode: 'own bridge' | 'relay', api: AbdmApi, now: () => number): Promise<HiuApp> {
  if (mode === 'own bridge') return startHiuApp(HELD_BACK, {}, { api, now });
  sandbox = await startSandbox({ port: 0, hiu: HELD_BACK });
  store = await openRelayStore({ sqlite: ':memory:' });
  relay = await startTestRelay(store, [{ id: HIU_ID, api, gatewayCertsUrl: certsUrlOf(sandbox, api) }]);
  const { credential } = await relay.addDesk(HIU_ID, 'Front desk 1');
  return startHiuApp({}, {}, { api, now, sandbox, relay: { url: relay.url, credential }, relayBacklog: store.backlog.bind(store) });
}

describe.each(ABDM_APIS)('an answer that does not come in time, on ABDM API %s', (api) => {
  it.each(['own bridge', 'relay'] as const)('through the %s: waiting for ABDM, then NO_ANSWER, then revived by the late answer', { timeout: 60_000 }, async (mode) => {
    const clock = deskClock();
    app = await startDesk(mode, api, clock.now);
    const requested = await app.call('consents.request', consentInput('asha.verma@sbx', clock.now()));
    // Accepted by the gateway, no on-init yet: waiting for ABDM's answer (no consent-manager id), not for the patient.
    expect(requested).toMatchObject({ status: 'REQUESTED', gatewayId: null, errorCode: null });

    clock.advance(PAST_THE_TIMEOUT_MS);
    app.core.hiu.sweep();
    const timedOut = await app.call('consents.get', { id: requested.id });
    expect(timedOut).toMatchObject({ status: 'NO_ANSWER', gatewayId: null, errorCode: 'GATEWAY_NO_ANSWER' });
    const steps = () => app!.core.hiu.timelineList({ consentRequestId: requested.id }).map((e) => `${e.path} ${e.step}`);
    expect(steps()).toEqual([`${PATHS[api].init} accepted`, `${PATHS[api].init} timed-out`]);

    // The held-back on-init arrives after all: applied, and the request waits for the patient again.
    const revived = await app.waitForConsent(requested.id, (c) => c.gatewayId !== null, 'known to the consent manager');
    expect(revived).toMatchObject({ status: 'REQUESTED', errorCode: null });
    // (In any order: through the relay a callback is stamped with the relay's clock, which the test did not move.)
    expect(steps().sort()).toEqual([`${PATHS[api].init} accepted`, `${PATHS[api].init} timed-out`, `${PATHS[api].onInit} received-late`].sort());
    // And it goes on as any request: the patient's grant is applied.
    expect((await app.control(`/consent-requests/${revived.gatewayId}/grant`)).status).toBe(200);
    await app.waitForConsent(requested.id, (c) => c.status === 'GRANTED', 'GRANTED');
  });

  it('a request already past its time when the desk starts is marked NO_ANSWER at once', { timeout: 60_000 }, async () => {
    const clock = deskClock();
    const secretDriver = memorySecretDriver();
    sandbox = await startSandbox({ port: 0, hiu: { ...HELD_BACK, callbackDelayMs: 600_000 } });
    app = await startHiuApp({}, {}, { api, now: clock.now, sandbox, secretDriver });
    const requested = await app.call('consents.request', consentInput('asha.verma@sbx', clock.now()));
    expect(requested).toMatchObject({ status: 'REQUESTED', gatewayId: null });
    const dataFolder = app.dataFolder;
    await app.close({ keepDataFolder: true });
    app = undefined;

    clock.advance(PAST_THE_TIMEOUT_MS);
    const core = await startAppCore({
      dataFolder,
      settings: openConfSettings(dataFolder),
      secretDriver,
      transport: 'web',
      training: async () => endpointsOf(sandbox!),
      bridgePort: 0,
      now: clock.now,
    });
    try {
      const after = await core.dispatch('consents.get', { id: requested.id });
      expect(after).toMatchObject({ ok: true, value: { status: 'NO_ANSWER', errorCode: 'GATEWAY_NO_ANSWER' } });
    } finally {
      await core.close();
      rmSync(dataFolder, { recursive: true, force: true });
    }
  });
});
