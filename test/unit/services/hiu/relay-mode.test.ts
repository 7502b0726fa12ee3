// The desk in relay mode, through its IPC channels, against a small relay written here (a second implementation of
// electron/bridge/relay-protocol.ts): it takes the training simulator's callbacks at its own address and hands them
// over the desk's WebSocket. The desk opens no port, registers the relay's address with the simulator, claims each
// request at the relay before sending it, and shows the relay in bridge.status.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { hiuRelayClaimsOf as relayClaimsOf } from '../../../../electron/services/hiu/hiu-relay-claims';
import { startAppHarness, type AppHarness } from '../../../support/app-harness';

const CREDENTIAL = 'desk-frontdesk1.s3cr3t_s3cr3t_s3cr3t_s3cr3t_s3cr3t_s3cr3t_s';
const HIU = 'CLINIC-HIU-01';

interface FakeRelay {
  url: string;
  callbackUrl: string;
  /** Frames from the desk, parsed, in order. */
  frames: any[];
  /** Callbacks the simulator posted to the relay: their paths. */
  posted: string[];
  answerExpects: boolean;
  desk: WebSocket | null;
  close(): Promise<void>;
}

/** The v0.5 callbacks this test sees, by path (reference/spec/gateway-v05.md §2.5). */
const KIND_OF: Record<string, string> = { '/v0.5/patients/on-find': 'patients.onFind' };

async function startFakeRelay(): Promise<FakeRelay> {
  const sockets = new WebSocketServer({ noServer: true });
  let seq = 0;
  const relay: FakeRelay = {
    url: '',
    callbackUrl: '',
    frames: [],
    posted: [],
    answerExpects: true,
    desk: null,
    close: async () => {
      for (const client of sockets.clients) client.terminate();
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  // The relay's public side: whatever the simulator posts under /hiu/<id> is kept (answered 202) and delivered.
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = (request.url ?? '').replace(`/hiu/${HIU}`, '');
      relay.posted.push(path);
      response.statusCode = 202;
      response.end();
      const body = Buffer.concat(chunks).toString('utf8');
      const parsed = JSON.parse(body);
      const callback = { requestId: parsed.requestId, kind: KIND_OF[path] ?? 'unknown', path, respRequestId: parsed.resp?.requestId ?? null, receivedAt: new Date().toISOString(), headers: {}, body };
      relay.desk?.send(JSON.stringify({ t: 'deliver', seq: ++seq, kind: 'callback', callback }));
    });
  });
  server.on('upgrade', (request, socket, head) => {
    if (request.url !== '/desks/socket' || request.headers.authorization !== `Bearer ${CREDENTIAL}`) {
      socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => {
      relay.desk = ws;
      ws.on('message', (data) => {
        const frame = JSON.parse(data.toString());
        relay.frames.push(frame);
        if (frame.t === 'expect' && relay.answerExpects) ws.send(JSON.stringify({ t: 'expected', ref: frame.ref, accepted: frame.keys, refused: [] }));
      });
      ws.send(JSON.stringify({ t: 'hello', deskId: 'desk-frontdesk1', hiuId: HIU, callbackUrl: relay.callbackUrl, backlog: 0 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  relay.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  relay.callbackUrl = `${relay.url}/hiu/${HIU}`;
  return relay;
}

let relay: FakeRelay;
let app: AppHarness | undefined;
beforeEach(async () => {
  relay = await startFakeRelay();
});
afterEach(async () => {
  await app?.close();
  app = undefined;
  await relay.close();
});

const relayConnected = async (harness: AppHarness) =>
  vi.waitFor(() => expect(harness.core.hiu.bridge.status().relay?.connected).toBe(true), { timeout: 5_000, interval: 10 });

describe('relay mode', () => {
  it('opens no port, shows the relay in bridge.status, and gives the relay’s callback URL as the one to register', async () => {
    app = await startAppHarness({}, { relay: { url: relay.url, credential: CREDENTIAL } });
    await relayConnected(app);
    expect(app.core.bridgeUrl()).toBeNull();
    expect(await app.call('bridge.status')).toMatchObject({
      mode: 'relay',
      listening: false,
      localUrl: null,
      callbackUrl: `${relay.url}/hiu/CLINIC-HIU-01`,
      counters: null,
      relay: { url: relay.url, connected: true, hiuId: 'CLINIC-HIU-01', callbackUrl: `${relay.url}/hiu/CLINIC-HIU-01`, backlog: 0, problem: null },
    });
  });

  it('claims a request at the relay before the gateway gets it, and takes the answer the relay hands over', async () => {
    app = await startAppHarness({}, { relay: { url: relay.url, credential: CREDENTIAL } });
    await relayConnected(app);
    relay.answerExpects = false;
    const found = app.call('hiu.findPatient', { patientId: 'asha.verma@sbx' });
    await vi.waitFor(() => expect(relay.frames.some((f) => f.t === 'expect')).toBe(true), { timeout: 5_000, interval: 10 });
    const claim = relay.frames.find((f) => f.t === 'expect');
    expect(claim.keys).toHaveLength(1);
    const requestId = /^request:(.+)$/.exec(claim.keys[0])![1]!;
    // While the relay has not confirmed the claim, the request waits (up to 2 s) and the gateway has nothing.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(app.core.hiu.outbox.get(requestId)?.state).toBe('queued');
    expect(relay.posted).toEqual([]);
    relay.desk!.send(JSON.stringify({ t: 'expected', ref: claim.ref, accepted: claim.keys, refused: [] }));

    expect(await found).toEqual({ id: 'asha.verma@sbx', name: 'Asha Devi Verma' });
    // The simulator called the relay's address (registered by the desk), and the desk acknowledged the delivery.
    expect(relay.posted).toEqual(['/v0.5/patients/on-find']);
    await vi.waitFor(() => expect(relay.frames.filter((f) => f.t === 'ack')).toEqual([{ t: 'ack', seqs: [1] }]), { timeout: 2_000, interval: 10 });
    expect(app.core.hiu.outbox.get(requestId)?.state).toBe('answered');
    expect((await app.call('bridge.status')).relay?.lastMessageAt).toEqual(expect.any(String));
  });

  it('sends a request after two seconds when the relay does not confirm the claim', async () => {
    app = await startAppHarness({}, { relay: { url: relay.url, credential: CREDENTIAL } });
    await relayConnected(app);
    relay.answerExpects = false;
    const started = Date.now();
    expect(await app.call('hiu.findPatient', { patientId: 'asha.verma@sbx' })).toEqual({ id: 'asha.verma@sbx', name: 'Asha Devi Verma' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
  });

  it('says there is no credential, and connects as soon as one is saved', async () => {
    app = await startAppHarness({});
    await app.call('settings.update', { bridge: { mode: 'relay', relayUrl: relay.url } });
    await vi.waitFor(() => expect(app!.core.hiu.bridge.status().relay?.problem?.code).toBe('no-credential'), { timeout: 5_000, interval: 10 });
    expect(await app.call('secrets.setRelayCredential', { credential: CREDENTIAL })).toEqual({ stored: true });
    // At once, not after the minute a link waits before asking the keychain again.
    await relayConnected(app);
  });

  it('refuses a consent request before the relay’s first hello: the address HIPs push to is not known yet', async () => {
    app = await startAppHarness({});
    await app.call('settings.update', { bridge: { mode: 'relay', relayUrl: relay.url }, hiu: { requesterName: 'Dr. Kavya Rao' } });
    await vi.waitFor(() => expect(app!.core.hiu.bridge.status().relay?.problem?.code).toBe('no-credential'), { timeout: 5_000, interval: 10 });
    const now = Date.now();
    const error = await app.fail('consents.request', {
      patientId: 'asha.verma@sbx',
      purposeCode: 'CAREMGT',
      hiTypes: ['Prescription'],
      from: new Date(now - 86_400_000).toISOString(),
      to: new Date(now).toISOString(),
      dataEraseAt: new Date(now + 86_400_000).toISOString(),
    });
    expect(error).toMatchObject({ code: 'NOT_CONNECTED', params: { reason: 'relay' } });
    expect(error.message).toBe('This desk is not connected to the clinic’s relay yet, so it does not know where the HIPs should send the records. Check the callback status in Settings and try again.');
    expect(await app.call('consents.list')).toEqual([]);
  });

  it('goes back to listening on this computer when switched to direct', async () => {
    app = await startAppHarness({}, { relay: { url: relay.url, credential: CREDENTIAL } });
    await relayConnected(app);
    await app.call('settings.update', { bridge: { mode: 'direct' } });
    await vi.waitFor(() => expect(app!.core.bridgeUrl()).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/), { timeout: 5_000, interval: 10 });
    expect(await app.call('bridge.status')).toMatchObject({ mode: 'direct', listening: true, relay: null });
    await vi.waitFor(() => expect(relay.desk?.readyState).toBe(3), { timeout: 2_000, interval: 10 });
  });
});

describe('what a request claims at the relay', () => {
  it('its own id, and for a health-information request the SHA-256 of its data-push secret', () => {
    expect(relayClaimsOf({ requestId: 'req-1', operation: 'consentRequests.init', payload: {} })).toEqual(['request:req-1']);
    expect(
      relayClaimsOf({
        requestId: 'req-2',
        operation: 'healthInformation.request',
        // The secret "abc": SHA-256 from FIPS 180-2, appendix B.1.
        payload: { hiRequest: { consent: { id: 'art-1' }, dataPushUrl: 'https://relay.clinic.example/hiu/CLINIC-HIU-01/data-push/abc' } },
      }),
    ).toEqual(['request:req-2', 'push:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad']);
  });

  it('its id alone when a health-information request has no usable push URL', () => {
    expect(relayClaimsOf({ requestId: 'req-3', operation: 'healthInformation.request', payload: { hiRequest: { dataPushUrl: 'not a url' } } })).toEqual(['request:req-3']);
  });
});
