// The desk's side of the clinic relay against a small relay written here, a second implementation of the protocol
// (electron/bridge/relay-protocol.ts) with every frame written out by hand: what the desk claims after a hello, that
// a delivery is acknowledged only once it is stored, what a duplicate, a bad frame, a refused credential, a dropped
// line and a silent relay do, and what the operator's status says meanwhile.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import type { CallbackInbox, ReceivedCallback } from '../../../electron/bridge/ports';
import { relaySocketUrl, startRelayLink, type RelayLink, type RelayLinkOptions, type RelayLinkStatus } from '../../../electron/bridge/relay-link';
import { CallbackInboxStore } from '../../../electron/store/gateway/callback-inbox';
import { DataPushPageStore } from '../../../electron/store/hiu/data-push-pages';
import { addTransfer, openTestDatabase, type TestDatabase } from './bridge-support';

const CREDENTIAL = 'desk-frontdesk1.s3cr3t_s3cr3t_s3cr3t_s3cr3t_s3cr3t_s3cr3t_s';
const HELLO = { t: 'hello', deskId: 'desk-frontdesk1', hiuId: 'CLINIC-HIU-01', callbackUrl: 'https://relay.clinic.example/hiu/CLINIC-HIU-01', backlog: 2 };
const FAST = { firstRetryMs: 20, maxRetryMs: 100, slowRetryMs: 400, handshakeMs: 2_000, pingMs: 10_000, quietMs: 20_000, claimMs: 2_000 };

/** One desk connection as the test relay saw it. */
interface Connection {
  ws: WebSocket;
  path: string;
  authorization: string | undefined;
  /** Frames from the desk, parsed. */
  frames: any[];
  /** How the connection ended: the code and reason the desk sent (or 1006). */
  closed: Promise<{ code: number; reason: string }>;
}

interface TestRelay {
  url: string;
  connections: Connection[];
  /** Upgrade requests refused with this HTTP status instead of being accepted. */
  refuseWith: number | null;
  /** Answers each expect with every key accepted (default), or leaves it unanswered. */
  answerExpects: boolean;
  /** Sent on every new connection (default: HELLO). */
  hello: unknown;
  upgrades: number;
  close(): Promise<void>;
}

async function startTestRelay(): Promise<TestRelay> {
  const sockets = new WebSocketServer({ noServer: true });
  const server: Server = createServer((_request, response) => {
    response.statusCode = 404;
    response.end();
  });
  const relay: TestRelay = {
    url: '',
    connections: [],
    refuseWith: null,
    answerExpects: true,
    hello: HELLO,
    upgrades: 0,
    close: async () => {
      for (const client of sockets.clients) client.terminate();
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    relay.upgrades += 1;
    const authorized = request.headers.authorization === `Bearer ${CREDENTIAL}`;
    const status = relay.refuseWith ?? (authorized ? null : 401);
    if (status !== null) {
      socket.end(`HTTP/1.1 ${status} Refused\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => {
      const connection: Connection = {
        ws,
        path: request.url ?? '',
        authorization: request.headers.authorization,
        frames: [],
        closed: new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }))),
      };
      relay.connections.push(connection);
      ws.on('message', (data) => {
        const frame = JSON.parse(data.toString());
        connection.frames.push(frame);
        if (frame.t === 'expect' && relay.answerExpects) ws.send(JSON.stringify({ t: 'expected', ref: frame.ref, accepted: frame.keys, refused: [] }));
      });
      if (relay.hello) ws.send(JSON.stringify(relay.hello));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  relay.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return relay;
}

/** A callback as the relay would hand it over: what its bridge stored (bridge/ports.ts ReceivedCallback). */
function callback(requestId: string, kind = 'consentRequests.onInit'): ReceivedCallback {
  return {
    requestId,
    kind: kind as ReceivedCallback['kind'],
    path: '/v0.5/consent-requests/on-init',
    respRequestId: 'req-consent-1',
    receivedAt: '2024-05-14T09:30:13.020Z',
    headers: { 'x-hiu-id': 'CLINIC-HIU-01' },
    body: `{"requestId":"${requestId}","timestamp":"2024-05-14T09:30:13.020Z","consentRequest":{"id":"gw-consent-1"},"resp":{"requestId":"req-consent-1"}}`,
  };
}

const deliverCallback = (seq: number, cb: ReceivedCallback) => JSON.stringify({ t: 'deliver', seq, kind: 'callback', callback: cb });

async function until(check: () => boolean, what = 'the condition'): Promise<void> {
  await vi.waitFor(() => expect(check(), what).toBe(true), { timeout: 3_000, interval: 5 });
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const acksOf = (connection: Connection) => connection.frames.filter((f) => f.t === 'ack').flatMap((f) => f.seqs as number[]);

let db: TestDatabase;
let relay: TestRelay;
let link: RelayLink | undefined;
let statuses: RelayLinkStatus[];
let stored: { callbacks: ReceivedCallback[]; pages: unknown[] };

beforeEach(async () => {
  db = await openTestDatabase();
  relay = await startTestRelay();
  statuses = [];
  stored = { callbacks: [], pages: [] };
});
afterEach(async () => {
  await link?.close();
  link = undefined;
  await relay.close();
  db.dispose();
});

function open(overrides: Partial<RelayLinkOptions> = {}): RelayLink {
  link = startRelayLink({
    relayUrl: relay.url,
    credential: async () => CREDENTIAL,
    inbox: new CallbackInboxStore(db.database.db),
    pages: new DataPushPageStore(db.database.db),
    openExpectations: () => [],
    dataPushLimitBytes: 1024 * 1024,
    timing: FAST,
    listener: {
      callbackStored: (cb) => stored.callbacks.push(cb),
      pageStored: (page) => stored.pages.push(page),
      changed: (status) => statuses.push(status),
    },
    ...overrides,
  });
  return link;
}

describe('the relay socket URL', () => {
  it.each([
    ['https://relay.clinic.example', 'wss://relay.clinic.example/desks/socket'],
    ['https://relay.clinic.example/', 'wss://relay.clinic.example/desks/socket'],
    ['https://vendor.example/clinics/relay/', 'wss://vendor.example/clinics/relay/desks/socket'],
    ['http://127.0.0.1:9400', 'ws://127.0.0.1:9400/desks/socket'],
  ])('%s → %s', (relayUrl, socket) => {
    expect(relaySocketUrl(relayUrl)).toBe(socket);
  });
});

describe('connecting', () => {
  it('opens /desks/socket with the credential as a bearer token, and shows the relay’s hello in its status', async () => {
    const desk = open();
    await desk.whenConnected();
    expect(relay.connections.map((c) => [c.path, c.authorization])).toEqual([['/desks/socket', `Bearer ${CREDENTIAL}`]]);
    expect(desk.status()).toEqual({
      url: relay.url,
      connected: true,
      deskId: 'desk-frontdesk1',
      hiuId: 'CLINIC-HIU-01',
      callbackUrl: 'https://relay.clinic.example/hiu/CLINIC-HIU-01',
      // This test relay's hello is an older relay's: it names neither the HIU's API nor training.
      api: null,
      training: null,
      trainingKeysTaken: null,
      backlog: 2,
      lastMessageAt: null,
      problem: null,
      retryAt: null,
    });
  });

  it('claims every key the desk still expects after the hello, at most 500 a frame', async () => {
    const keys = Array.from({ length: 620 }, (_, i) => `request:req-${String(i).padStart(3, '0')}`);
    keys.push('push:9a1b000000000000000000000000000000000000000000000000000000000000', 'consent:art-1');
    open({ openExpectations: () => keys });
    await until(() => (relay.connections[0]?.frames.filter((f) => f.t === 'expect').length ?? 0) === 2, 'two expect frames');
    const expects = relay.connections[0]!.frames.filter((f) => f.t === 'expect');
    expect(expects.map((f) => f.keys.length)).toEqual([500, 122]);
    expect(expects[0].keys[0]).toBe('request:req-000');
    expect(expects[1].keys.slice(-3)).toEqual(['request:req-619', 'push:9a1b000000000000000000000000000000000000000000000000000000000000', 'consent:art-1']);
    expect(new Set(expects.map((f) => f.ref)).size).toBe(2);
  });

  it('uses a credential pasted later: the next attempt reads it again', async () => {
    let credential: string | null = null;
    const desk = open({ credential: async () => credential });
    await until(() => desk.status().problem?.code === 'no-credential', 'no-credential');
    expect(relay.upgrades).toBe(0);
    credential = CREDENTIAL;
    desk.reconnect();
    await desk.whenConnected();
    expect(desk.status().problem).toBeNull();
  });

  it('never sends the credential over plain http to another computer', async () => {
    const desk = open({ relayUrl: 'http://relay.clinic.example' });
    await pause(50);
    expect(desk.status()).toMatchObject({ connected: false, problem: { code: 'insecure-url', detail: 'http://relay.clinic.example' }, retryAt: null });
  });

  it('says so when relay mode has no relay URL yet', () => {
    expect(open({ relayUrl: '' }).status()).toMatchObject({ connected: false, problem: { code: 'no-relay-url' } });
  });
});

describe('deliveries', () => {
  it('acknowledges a callback only after the store has resolved (is durable), then tells the listener', async () => {
    let finish!: (outcome: 'stored') => void;
    const calls: ReceivedCallback[] = [];
    const slowInbox: CallbackInbox = {
      store: (cb) => {
        calls.push(cb);
        return new Promise((resolve) => (finish = resolve));
      },
    };
    open({ inbox: slowInbox });
    await link!.whenConnected();
    const connection = relay.connections[0]!;
    const cb = callback('cb-on-init-1');
    connection.ws.send(deliverCallback(7, cb));
    await until(() => calls.length === 1, 'the store was asked');
    expect(calls[0]).toEqual(cb);
    await pause(100);
    expect(acksOf(connection)).toEqual([]);
    expect(stored.callbacks).toEqual([]);
    finish('stored');
    await until(() => acksOf(connection).length === 1, 'the ack');
    expect(connection.frames.filter((f) => f.t === 'ack')).toEqual([{ t: 'ack', seqs: [7] }]);
    expect(stored.callbacks).toEqual([cb]);
    expect(link!.status().lastMessageAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('stores callbacks in the inbox, acknowledges a delivery of one it already has, and tells the listener once', async () => {
    open();
    await link!.whenConnected();
    const connection = relay.connections[0]!;
    connection.ws.send(deliverCallback(1, callback('cb-on-init-1')));
    connection.ws.send(deliverCallback(2, callback('cb-on-init-2', 'consents.notify')));
    connection.ws.send(deliverCallback(3, callback('cb-on-init-1')));
    await until(() => acksOf(connection).length === 3, 'three acks');
    expect(acksOf(connection).sort()).toEqual([1, 2, 3]);
    expect(stored.callbacks.map((cb) => cb.requestId)).toEqual(['cb-on-init-1', 'cb-on-init-2']);
    const inbox = new CallbackInboxStore(db.database.db);
    expect(inbox.pending().map((entry) => [entry.requestId, entry.kind, entry.state])).toEqual([
      ['cb-on-init-1', 'consentRequests.onInit', 'pending'],
      ['cb-on-init-2', 'consents.notify', 'pending'],
    ]);
    expect(inbox.get('cb-on-init-1')).toMatchObject({ path: '/v0.5/consent-requests/on-init', respRequestId: 'req-consent-1', headers: { 'x-hiu-id': 'CLINIC-HIU-01' }, body: callback('cb-on-init-1').body });
  });

  it('stores a page by its secret hash, and acknowledges without storing a page for a transfer the desk no longer has', async () => {
    addTransfer(db.database, 'abc');
    open();
    await link!.whenConnected();
    const connection = relay.connections[0]!;
    // SHA-256 of "abc" (FIPS 180-2, appendix B.1).
    const page = { secretHash: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad', transactionId: 'txn-1', pageNumber: 1, pageCount: 1, receivedAt: '2024-05-14T09:53:01.000Z', body: '{"entries":["ciphertext"]}' };
    connection.ws.send(JSON.stringify({ t: 'deliver', seq: 11, kind: 'page', page }));
    connection.ws.send(JSON.stringify({ t: 'deliver', seq: 12, kind: 'page', page: { ...page, secretHash: 'e'.repeat(64) } }));
    await until(() => acksOf(connection).length === 2, 'two acks');
    expect(acksOf(connection).sort()).toEqual([11, 12]);
    expect(stored.pages).toEqual([page]);
    expect(new DataPushPageStore(db.database.db).pending().map((p) => [p.secretHash, p.pageNumber, p.body])).toEqual([[page.secretHash, 1, '{"entries":["ciphertext"]}']]);
  });

  it('leaves a callback of a kind this desk does not know at the relay: not stored, not acknowledged, and says so', async () => {
    open();
    await link!.whenConnected();
    const connection = relay.connections[0]!;
    connection.ws.send(deliverCallback(4, callback('cb-future', 'consents.onSomethingNew')));
    connection.ws.send(deliverCallback(5, callback('cb-known')));
    await until(() => acksOf(connection).length === 1, 'the known one acknowledged');
    expect(acksOf(connection)).toEqual([5]);
    expect(link!.status()).toMatchObject({ connected: true, problem: { code: 'unknown-kind', detail: 'consents.onSomethingNew' } });
    expect(new CallbackInboxStore(db.database.db).get('cb-future')).toBeNull();
  });

  it('acknowledges nothing when the store fails, reconnects, and acknowledges the delivery the relay sends again', async () => {
    let failures = 1;
    const real = new CallbackInboxStore(db.database.db);
    open({
      inbox: {
        store: async (cb) => {
          if (failures-- > 0) throw new Error('SQLITE_FULL: database or disk is full');
          return real.store(cb);
        },
      },
    });
    await link!.whenConnected();
    const first = relay.connections[0]!;
    first.ws.send(deliverCallback(1, callback('cb-1')));
    expect(await first.closed).toEqual({ code: 1011, reason: 'store-failed' });
    expect(acksOf(first)).toEqual([]);
    await until(() => relay.connections.length === 2, 'a second connection');
    expect(statuses.find((s) => s.problem?.code === 'store-failed')?.problem).toMatchObject({ detail: 'SQLITE_FULL: database or disk is full' });
    const second = relay.connections[1]!;
    await until(() => link!.status().connected, 'connected again');
    second.ws.send(deliverCallback(1, callback('cb-1')));
    await until(() => acksOf(second).length === 1, 'the ack');
    expect(stored.callbacks.map((cb) => cb.requestId)).toEqual(['cb-1']);
  });

  it('acknowledges what it stored within the gathering time in one frame, and half the relay’s window of 64 at once', async () => {
    open({ timing: { ...FAST, ackGatherMs: 400 } });
    await link!.whenConnected();
    const connection = relay.connections[0]!;
    connection.ws.send(deliverCallback(1, callback('cb-gather-1')));
    await until(() => stored.callbacks.length === 1, 'the first stored');
    connection.ws.send(deliverCallback(2, callback('cb-gather-2')));
    await until(() => stored.callbacks.length === 2, 'the second stored');
    await until(() => acksOf(connection).length === 2, 'both acknowledged');
    expect(connection.frames.filter((f) => f.t === 'ack')).toEqual([{ t: 'ack', seqs: [1, 2] }]);

    // A backlog does not wait for the timer: 32 stored are acknowledged as soon as they are stored.
    await link!.close();
    link = undefined;
    open({ timing: { ...FAST, ackGatherMs: 60_000 } });
    await link!.whenConnected();
    const second = relay.connections[1]!;
    for (let seq = 10; seq < 42; seq += 1) second.ws.send(deliverCallback(seq, callback(`cb-backlog-${seq}`)));
    await until(() => acksOf(second).length === 32, 'the 32 acknowledged');
    expect(acksOf(second).sort((a, b) => a - b)).toEqual(Array.from({ length: 32 }, (_, i) => 10 + i));
  });

  it('follows the backlog the relay reports', async () => {
    open();
    await link!.whenConnected();
    relay.connections[0]!.ws.send(JSON.stringify({ t: 'status', backlog: 0 }));
    await until(() => link!.status().backlog === 0, 'backlog 0');
  });
});

describe('when things go wrong', () => {
  it('closes the connection with 4400 on a frame the protocol does not allow, and reconnects', async () => {
    open();
    await link!.whenConnected();
    const first = relay.connections[0]!;
    first.ws.send('{"t":"deliver","seq":0,"kind":"callback"}');
    expect((await first.closed).code).toBe(4400);
    await until(() => relay.connections.length === 2, 'a second connection');
    await until(() => link!.status().connected, 'connected again');
    expect(statuses.some((s) => s.problem?.code === 'bad-frame' && !s.connected)).toBe(true);
    expect(link!.status().problem).toBeNull();
  });

  it('closes on a frame that is not JSON too', async () => {
    open();
    await link!.whenConnected();
    relay.connections[0]!.ws.send('hello, desk');
    expect((await relay.connections[0]!.closed).code).toBe(4400);
  });

  it('says the credential was refused on a 401, and tries again only slowly', async () => {
    relay.refuseWith = 401;
    const desk = open();
    await until(() => desk.status().problem?.code === 'credential-refused', 'credential-refused');
    expect(desk.status()).toMatchObject({ connected: false, problem: { code: 'credential-refused', detail: 'HTTP 401' } });
    const retryAt = Date.parse(desk.status().retryAt!);
    expect(retryAt - Date.now()).toBeGreaterThan(200);
    await pause(150);
    expect(relay.upgrades).toBe(1);
    relay.refuseWith = null;
    await desk.whenConnected();
    expect(relay.upgrades).toBe(2);
  });

  it('says the credential was refused when the relay closes with 4401 (revoked), and replaced on 4409', async () => {
    open();
    await link!.whenConnected();
    relay.connections[0]!.ws.close(4401, 'credential revoked');
    await until(() => link!.status().problem?.code === 'credential-refused', 'refused');
    expect(link!.status().problem?.detail).toBe('4401 credential revoked');
    await until(() => link!.status().connected, 'back after the slow retry');
    relay.connections[1]!.ws.close(4409, 'replaced by a newer connection');
    await until(() => link!.status().problem?.code === 'replaced', 'replaced');
  });

  it('says the relay cannot be reached, and keeps trying with growing pauses', async () => {
    relay.refuseWith = 503;
    const desk = open();
    await until(() => relay.upgrades >= 3, 'three attempts');
    expect(desk.status().problem).toMatchObject({ code: 'unreachable', detail: 'HTTP 503' });
    relay.refuseWith = null;
    await desk.whenConnected();
  });

  it('reconnects after the relay drops the line, and claims its keys again', async () => {
    open({ openExpectations: () => ['request:req-1'] });
    await link!.whenConnected();
    relay.connections[0]!.ws.terminate();
    await until(() => relay.connections.length === 2 && link!.status().connected, 'connected again');
    await until(() => relay.connections[1]!.frames.some((f) => f.t === 'expect'), 'claimed again');
    expect(relay.connections[1]!.frames.find((f) => f.t === 'expect').keys).toEqual(['request:req-1']);
    expect(statuses.some((s) => s.problem?.code === 'disconnected')).toBe(true);
  });

  it('keeps the relay’s own words when it reports an error and closes', async () => {
    open();
    await link!.whenConnected();
    relay.connections[0]!.ws.send(JSON.stringify({ t: 'error', message: 'The relay could not store that; it will be asked again after reconnecting.' }));
    relay.connections[0]!.ws.close(1011, 'relay storage unavailable');
    await until(() => relay.connections.length === 2, 'a second connection');
    expect(statuses.filter((s) => !s.connected && s.problem).map((s) => s.problem!.code)).toContain('relay-error');
    expect(statuses.some((s) => s.problem?.code === 'disconnected')).toBe(false);
  });

  it('drops a line on which nothing is heard, and reconnects', async () => {
    // The test relay answers pings; here the desk pings too seldom to be answered in time.
    open({ timing: { ...FAST, pingMs: 10_000, quietMs: 150 } });
    await link!.whenConnected();
    await until(() => relay.connections.length === 2, 'a second connection');
    expect(statuses.find((s) => s.problem?.code === 'disconnected')?.problem?.detail).toBe('nothing heard from the relay for 0.15 s');
  });

  it('keeps a quiet line open while the relay answers the desk’s pings', async () => {
    // Two and a half times the quiet limit with nothing but pings and pongs. The limit is a second so that a busy
    // machine's late pong (150 ms once dropped the line in CI) does not read as a dead relay.
    open({ timing: { ...FAST, pingMs: 50, quietMs: 1_000 } });
    await link!.whenConnected();
    await pause(2_500);
    expect(relay.connections).toHaveLength(1);
    expect(link!.status()).toMatchObject({ connected: true, problem: null });
  });

  it('drops a connection on which the relay never says hello', async () => {
    relay.hello = null;
    const desk = open({ timing: { ...FAST, handshakeMs: 100 } });
    await until(() => desk.status().problem?.code === 'unreachable', 'unreachable');
    expect(desk.status().problem?.detail).toBe('the relay accepted the connection but did not say hello');
  });
});

describe('expect()', () => {
  it('resolves with what the relay accepted and refused', async () => {
    open();
    await link!.whenConnected();
    relay.answerExpects = false;
    const connection = relay.connections[0]!;
    const answer = link!.expect(['request:r-1', 'push:abc'], 1_000);
    await until(() => connection.frames.some((f) => f.t === 'expect'), 'the expect frame');
    const frame = connection.frames.find((f) => f.t === 'expect');
    expect(frame.keys).toEqual(['request:r-1', 'push:abc']);
    connection.ws.send(JSON.stringify({ t: 'expected', ref: frame.ref, accepted: ['request:r-1'], refused: ['push:abc'] }));
    expect(await answer).toEqual({ accepted: ['request:r-1'], refused: ['push:abc'] });
  });

  it('returns null when the relay does not answer in time', async () => {
    open();
    await link!.whenConnected();
    relay.answerExpects = false;
    const started = Date.now();
    expect(await link!.expect(['request:r-1'], 150)).toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('returns null at once when not connected', async () => {
    relay.refuseWith = 401;
    const desk = open();
    const started = Date.now();
    expect(await desk.expect(['request:r-1'], 5_000)).toBeNull();
    expect(Date.now() - started).toBeLessThan(100);
  });

  it('leaves out keys the protocol does not allow, rather than have the relay refuse the frame', async () => {
    open();
    await link!.whenConnected();
    expect(await link!.expect(['request:r-1', 'patient:asha', 'request:has space'], 1_000)).toEqual({ accepted: ['request:r-1'], refused: [] });
  });
});

describe('closing', () => {
  it('closes the socket normally and stops reconnecting', async () => {
    open();
    await link!.whenConnected();
    const connection = relay.connections[0]!;
    await link!.close();
    expect((await connection.closed).code).toBe(1000);
    await pause(100);
    expect(relay.connections).toHaveLength(1);
    await expect(link!.whenConnected()).rejects.toThrow(/closed/);
  });
});

describe('training mode and the path check', () => {
  const KEY = { kty: 'RSA' as const, n: 'n'.repeat(342), e: 'AQAB', kid: 'sim-1', alg: 'RS256', use: 'sig' };

  it('offers the simulator’s public keys to a training relay before counting as connected, private members left out', async () => {
    relay.hello = { ...HELLO, api: 'v1', training: true };
    relay.answerExpects = true;
    let answered = false;
    // The test relay answers the offer only when told, so the link must still be waiting meanwhile.
    const desk = open({ trainingKeys: async () => [{ ...KEY, d: 'private-exponent', p: 'prime' } as never] });
    await until(() => relay.connections[0]?.frames.some((f) => f.t === 'training-keys') ?? false, 'the keys offered');
    const offer = relay.connections[0]!.frames.find((f) => f.t === 'training-keys');
    expect(offer.keys).toEqual([KEY]);
    expect(desk.status().connected).toBe(false);
    void desk.whenConnected().then(() => (answered = true));
    relay.connections[0]!.ws.send(JSON.stringify({ t: 'training-keys-taken', ref: offer.ref, taken: true }));
    await until(() => answered, 'connected once the relay took the keys');
    expect(desk.status()).toMatchObject({ connected: true, api: 'v1', training: true, trainingKeysTaken: true });
  });

  it('offers nothing to a relay whose HIU is not for training, and says it is not', async () => {
    relay.hello = { ...HELLO, api: 'v3', training: false };
    const offered = vi.fn(async () => [KEY]);
    const desk = open({ trainingKeys: offered });
    await desk.whenConnected();
    expect(offered).not.toHaveBeenCalled();
    expect(desk.status()).toMatchObject({ api: 'v3', training: false, trainingKeysTaken: null });
  });

  it('answers a path check at once with its nonce, and tells whoever waits for it', async () => {
    const desk = open();
    await desk.whenConnected();
    const nonce = 'AbCdEfGhIjKlMnOpQrStUv';
    const seen = desk.whenPathChecked(nonce, 2_000);
    relay.connections[0]!.ws.send(JSON.stringify({ t: 'path-check', nonce }));
    expect(await seen).toBe(true);
    await until(() => relay.connections[0]!.frames.some((f) => f.t === 'path-checked' && f.nonce === nonce), 'the answer');
    expect(await desk.whenPathChecked('ZZZZZZZZZZZZZZZZZZZZZZ', 50)).toBe(false);
  });
});
