// Training mode through the clinic's relay (docs/relay.md, "Training mode"). The desk's own training simulator signs
// its callbacks with a key it made at start, which no certs URL on the relay's side can reach; the desk announces the
// simulator's public keys over its WebSocket, and a relay HIU set up with `"training": true` checks the simulator's
// tokens against them. A relay HIU set up for real ABDM refuses the simulator's callbacks, and the desk says so.
import { afterEach, describe, expect, it } from 'vitest';
import { relayConfig } from '../../relay/config';
import { issueDesk } from '../../relay/desk-credentials';
import { silentLog } from '../../relay/relay-log';
import { startRelay, type RunningRelay } from '../../relay/relay-server';
import { openRelayStore } from '../../relay/store/open-store';
import type { RelayStore } from '../../relay/store/relay-store';
import { ABDM_APIS } from '../../electron/store/settings/settings-schema';
import { consentInput, startHiuApp, type HiuApp } from '../support/hiu-app';
import { freePort } from '../support/relay-harness';

const HIU_ID = 'CLINIC-HIU-01';
let app: HiuApp | undefined;
let relay: RunningRelay | undefined;
let store: RelayStore | undefined;

afterEach(async () => {
  await app?.close();
  await relay?.close();
  await store?.close();
  app = relay = store = undefined;
});

/** A relay as docs/relay.md's training section sets it up: its HIU with `"training": true` and no certs URL. */
async function trainingRelay(hiu: Record<string, unknown>) {
  const port = await freePort();
  store = await openRelayStore({ sqlite: ':memory:' });
  const config = relayConfig.parse({ publicUrl: `http://127.0.0.1:${port}`, listen: { host: '127.0.0.1', port }, hius: [{ id: HIU_ID, ...hiu }], storage: { sqlite: ':memory:' } });
  relay = await startRelay({ config, store, log: silentLog });
  const { credential } = await issueDesk(store, HIU_ID, 'Front desk 1', new Date().toISOString());
  return { url: relay.url, credential, backlog: store.backlog.bind(store) };
}

describe('training mode through a relay', () => {
  it.each(ABDM_APIS)('on ABDM API %s: the simulator’s callbacks reach the desk through the relay, and a consent request gets its records', { timeout: 90_000 }, async (api) => {
    const { url, credential, backlog } = await trainingRelay({ api, training: true });
    app = await startHiuApp({}, {}, { api, relay: { url, credential }, relayBacklog: backlog });
    expect(app.core.hiu.bridge.status().relay).toMatchObject({ connected: true, api, training: true, trainingKeysTaken: true });

    if (api === 'v1') {
      expect(await app.call('hiu.findPatient', { patientId: 'asha.verma@sbx' })).toEqual({ id: 'asha.verma@sbx', name: 'Asha Devi Verma' });
    }
    const requested = await app.call('consents.request', consentInput('asha.verma@sbx', Date.now()));
    await app.waitForConsent(requested.id, (c) => c.status === 'GRANTED' && c.artefacts.length === 3 && c.artefacts.every((a) => a.fetched), 'granted with 3 fetched artefacts');
    const delivered = (list: { status: string }[]) => list.filter((r) => r.status === 'delivered');
    const records = await app.waitForRecords('asha.verma@sbx', (list) => delivered(list).length >= 4, 'four delivered records');
    expect(delivered(records)).toHaveLength(4);
    // Every callback went through the relay: the simulator's registered bridge is the relay's HIU URL.
    for (const transfer of app.transfers()) expect(transfer.dataPushUrl.startsWith(`${url}/hiu/${HIU_ID}/data-push/`)).toBe(true);
  });

  it('a relay HIU set up for real ABDM takes no training keys, and the desk knows it', { timeout: 60_000 }, async () => {
    const { url, credential, backlog } = await trainingRelay({ api: 'v1', gatewayCertsUrl: 'https://dev.abdm.gov.in/gateway/v0.5/certs' });
    app = await startHiuApp({}, {}, { api: 'v1', relay: { url, credential }, relayBacklog: backlog });
    expect(app.core.hiu.bridge.status().relay).toMatchObject({ connected: true, api: 'v1', training: false, trainingKeysTaken: null });
  });
});
