// Scale-out as docs/relay.md describes it ("Operations", "Storage"): two relay processes (relay/cli.ts, each its own
// process) with the same configuration on one PostgreSQL database, behind a load balancer that spreads the gateway's
// and the HIPs' POSTs over both (here a round-robin HTTP forwarder in the test, which is also the public URL). Desks
// connect to either process. What a clinic would notice: each desk gets all of its own callbacks and pages and none
// of the other desk's, wherever they came in (the processes hold nothing in memory: LISTEN/NOTIFY carries the news),
// and a desk that reconnects to the other process takes over, its old connection closed with 4409. Then the same with
// two real app cores (test/support/hiu-app.ts) on one simulator, one on each process, each running a whole consent
// flow for its own patient at the same time, on both ABDM APIs.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ABDM_APIS, type AbdmApi } from '../../electron/store/settings/settings-schema';
import { issueDesk } from '../../relay/desk-credentials';
import { openRelayStore } from '../../relay/store/open-store';
import type { RelayStore } from '../../relay/store/relay-store';
import { startSandbox, type RunningSandbox } from '../../sandbox/index';
import { IMMEDIATE_HIU_SETTINGS } from '../../sandbox/gateway/hiu/hiu-settings';
import { consentInput, startHiuApp, type HiuApp } from '../support/hiu-app';
import { healthOf, MONITORING, startRelayProcess as startRelayProcess_, waitUntil, relayTestWorld } from '../support/relay-process';
import { certsUrlOf, freePort } from '../support/relay-harness';
import { bearer, gatewayToken, onFindBody, post, pushBody } from '../unit/bridge/bridge-support';

const HIU = 'CLINIC-HIU-01';
const ON_FIND = '/v0.5/patients/on-find';
const REQUESTS_PER_DESK = 40;
const PUSHES_PER_DESK = 6;

const { world, cleanup } = relayTestWorld();

// ── relay processes ──────────────────────────────────────────────────────────────────────────────────────

/** `relay/cli.ts` for this test, stopped (SIGTERM) at cleanup. */
const startRelayProcess = (configFile: string, port: number) => startRelayProcess_(configFile, port, (stop) => cleanup.push(stop));

// ── the load balancer ────────────────────────────────────────────────────────────────────────────────────

interface Forwarded {
  /** 0 for the first relay process, 1 for the second. */
  target: number;
  path: string;
  /** The body's requestId (a callback) or transactionId (a data push), to tell later where each went. */
  id: string | null;
  status: number;
}

const HOP_BY_HOP = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'upgrade']);

function passedHeaders(headers: IncomingHttpHeaders | Headers): Record<string, string> {
  const out: Record<string, string> = {};
  const entries = headers instanceof Headers ? [...headers.entries()] : Object.entries(headers);
  for (const [name, value] of entries) {
    if (value === undefined || HOP_BY_HOP.has(name.toLowerCase())) continue;
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** A round-robin HTTP forwarder: each request goes to the next target, its status, headers and body passed through. */
async function startBalancer(port: number, targets: () => string[]): Promise<{ url: string; log: Forwarded[] }> {
  const log: Forwarded[] = [];
  let next = 0;
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const all = targets();
    const target = next++ % all.length;
    let id: string | null = null;
    try {
      const parsed = JSON.parse(body.toString('utf8')) as { requestId?: string; transactionId?: string };
      id = parsed.requestId ?? parsed.transactionId ?? null;
    } catch {
      // not JSON: nothing to note
    }
    try {
      const answer = await fetch(`${all[target]}${request.url}`, {
        method: request.method,
        headers: passedHeaders(request.headers),
        body: request.method === 'GET' || request.method === 'HEAD' ? undefined : body,
        redirect: 'manual',
      });
      const answerBody = Buffer.from(await answer.arrayBuffer());
      log.push({ target, path: request.url ?? '', id, status: answer.status });
      response.writeHead(answer.status, { ...passedHeaders(answer.headers), 'content-length': String(answerBody.length) });
      response.end(answerBody);
    } catch {
      log.push({ target, path: request.url ?? '', id, status: 502 });
      response.writeHead(502);
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  cleanup.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { url: `http://127.0.0.1:${port}`, log };
}

// ── desks ────────────────────────────────────────────────────────────────────────────────────────────────

/** A desk speaking docs/relay.md's protocol by hand, acknowledging each delivery as it comes (as if stored). */
interface Desk {
  hello: any;
  deliveries: any[];
  closed: Promise<{ code: number; reason: string }>;
  expect(keys: string[]): Promise<{ accepted: string[]; refused: string[] }>;
}

async function connectDesk(relayUrl: string, credential: string): Promise<Desk> {
  const ws = new WebSocket(`${relayUrl.replace(/^http/, 'ws')}/desks/socket`, { headers: { authorization: `Bearer ${credential}` } });
  cleanup.push(() => ws.terminate());
  const deliveries: any[] = [];
  const answers = new Map<string, (frame: any) => void>();
  let refs = 0;
  let hello: (frame: any) => void = () => undefined;
  const helloSeen = new Promise<any>((resolve) => (hello = resolve));
  ws.on('message', (data) => {
    const frame = JSON.parse(data.toString());
    if (frame.t === 'hello') hello(frame);
    else if (frame.t === 'deliver') {
      deliveries.push(frame);
      ws.send(JSON.stringify({ t: 'ack', seqs: [frame.seq] }));
    } else if (frame.t === 'expected') answers.get(frame.ref)?.(frame);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    hello: await helloSeen,
    deliveries,
    closed,
    expect(keys) {
      const ref = `ref-${(refs += 1)}`;
      ws.send(JSON.stringify({ t: 'expect', ref, keys }));
      return new Promise((resolve) => answers.set(ref, resolve));
    },
  };
}

/** What one desk asks for: its requests' ids and its data-push secrets (claimed by their SHA-256). */
function deskWork() {
  const requests = Array.from({ length: REQUESTS_PER_DESK }, () => randomUUID());
  const secrets = Array.from({ length: PUSHES_PER_DESK }, () => randomBytes(24).toString('base64url'));
  const hashes = secrets.map((secret) => createHash('sha256').update(secret, 'utf8').digest('hex'));
  const callbacks = requests.map((requestId) => onFindBody({ resp: { requestId } }));
  const pushes = secrets.map((secret) => ({ secret, body: pushBody() }));
  return { requests, hashes, callbacks, pushes, keys: [...requests.map((id) => `request:${id}`), ...hashes.map((hash) => `push:${hash}`)] };
}

const callbacksOf = (desk: Desk) => desk.deliveries.filter((d) => d.kind === 'callback').map((d) => d.callback.respRequestId as string);
const pagesOf = (desk: Desk) => desk.deliveries.filter((d) => d.kind === 'page').map((d) => d.page.secretHash as string);
const sorted = (values: Iterable<string>) => [...values].sort();

/**
 * Two relay processes with one configuration (one HIU, its gateway's certs at `certsUrl`, API `api`) on a fresh
 * PostgreSQL database, behind the round-robin balancer, which is their public URL; and a store on the same database
 * for what an operator does with `npm run relay -- desks …`.
 */
async function twoRelayProcesses(certsUrl: string, api: AbdmApi = 'v1'): Promise<{ balancer: { url: string; log: Forwarded[] }; relay1: string; relay2: string; store: RelayStore }> {
  const folder = mkdtempSync(path.join(tmpdir(), 'relay-scale-'));
  cleanup.push(() => rmSync(folder, { recursive: true, force: true }));
  const storage = { postgres: await world.postgres.createDatabase() };
  const relays: string[] = [];
  const balancer = await startBalancer(await freePort(), () => relays);
  for (const port of [await freePort(), await freePort()]) {
    const file = path.join(folder, `relay-${port}.json`);
    writeFileSync(file, JSON.stringify({ publicUrl: balancer.url, listen: { host: '127.0.0.1', port }, hius: [{ id: HIU, api, gatewayCertsUrl: certsUrl }], storage, monitoring: MONITORING }));
    relays.push((await startRelayProcess(file, port)).url);
  }
  const store = await openRelayStore(storage);
  cleanup.push(() => store.close());
  return { balancer, relay1: relays[0]!, relay2: relays[1]!, store };
}

// ── the tests ─────────────────────────────────────────────────────────────────────────────────────────────

describe('two relay processes on one PostgreSQL database, behind a round-robin load balancer', () => {
  it('each desk gets all of its own and none of the other’s, wherever they came in; a desk reconnecting to the other process takes over (4409)', { timeout: 180_000 }, async () => {
    const { balancer, relay1, relay2, store } = await twoRelayProcesses(world.jwks.url);
    const at = new Date().toISOString();
    const issuedA = await issueDesk(store, HIU, 'Front desk A', at);
    const issuedB = await issueDesk(store, HIU, 'Front desk B', at);
    const deskA = await connectDesk(relay1, issuedA.credential);
    const deskB = await connectDesk(relay2, issuedB.credential);
    // Both processes tell their desks the public URL: the balancer's.
    expect(deskA.hello).toMatchObject({ deskId: issuedA.desk.id, callbackUrl: `${balancer.url}/hiu/${HIU}`, backlog: 0 });
    expect(deskB.hello).toMatchObject({ deskId: issuedB.desk.id, callbackUrl: `${balancer.url}/hiu/${HIU}`, backlog: 0 });

    const workA = deskWork();
    const workB = deskWork();
    expect(await deskA.expect(workA.keys)).toMatchObject({ accepted: workA.keys, refused: [] });
    expect(await deskB.expect(workB.keys)).toMatchObject({ accepted: workB.keys, refused: [] });

    // One after the other through the balancer, A's then B's: each desk's alternate between the two processes.
    const token = await gatewayToken(world.key, { nowMs: Date.now() });
    for (const work of [workA, workB]) {
      for (const callback of work.callbacks) expect((await post(`${balancer.url}/hiu/${HIU}${ON_FIND}`, callback, bearer(token))).status).toBe(202);
    }
    for (const work of [workA, workB]) {
      for (const push of work.pushes) expect((await post(`${balancer.url}/hiu/${HIU}/data-push/${push.secret}`, push.body)).status).toBe(202);
    }

    const own = REQUESTS_PER_DESK + PUSHES_PER_DESK;
    await waitUntil(
      async () => deskA.deliveries.length >= own && deskB.deliveries.length >= own && Object.keys(await store.backlog()).length === 0,
      60_000,
      () => `A has ${deskA.deliveries.length}, B has ${deskB.deliveries.length} of ${own} each`,
    );
    // Nothing waits for anyone, and every delivery was acknowledged as it came: these are all they will ever get.
    expect(sorted(callbacksOf(deskA))).toEqual(sorted(workA.requests));
    expect(sorted(pagesOf(deskA))).toEqual(sorted(workA.hashes));
    expect(sorted(callbacksOf(deskB))).toEqual(sorted(workB.requests));
    expect(sorted(pagesOf(deskB))).toEqual(sorted(workB.hashes));

    // Half of each desk's callbacks and pushes came in at the process its desk is not connected to, and reached it.
    const cameInAt = (target: number, ids: string[]) => balancer.log.filter((entry) => entry.target === target && entry.id !== null && ids.includes(entry.id)).map((entry) => entry.id!);
    const bAtProcess1 = cameInAt(0, workB.callbacks.map((c) => c.requestId));
    const aAtProcess2 = cameInAt(1, workA.callbacks.map((c) => c.requestId));
    expect(bAtProcess1).toHaveLength(REQUESTS_PER_DESK / 2);
    expect(aAtProcess2).toHaveLength(REQUESTS_PER_DESK / 2);
    const requestIdsOf = (desk: Desk) => desk.deliveries.filter((d) => d.kind === 'callback').map((d) => d.callback.requestId as string);
    expect(requestIdsOf(deskB)).toEqual(expect.arrayContaining(bAtProcess1));
    expect(requestIdsOf(deskA)).toEqual(expect.arrayContaining(aAtProcess2));
    const pagesCameInAt = (target: number, work: ReturnType<typeof deskWork>) => cameInAt(target, work.pushes.map((p) => p.body.transactionId));
    expect(pagesCameInAt(0, workB).length).toBeGreaterThan(0);
    expect(pagesCameInAt(1, workA).length).toBeGreaterThan(0);
    expect(balancer.log.filter((entry) => entry.status !== 202)).toEqual([]);

    // A callback arriving at process 1 while nothing else happens at process 2 (no acknowledgement there to make it
    // look): only the database's notification can tell process 2 that desk B has something.
    const lone = randomUUID();
    expect(await deskB.expect([`request:${lone}`])).toMatchObject({ refused: [] });
    expect((await post(`${relay1}/hiu/${HIU}${ON_FIND}`, onFindBody({ resp: { requestId: lone } }), bearer(token))).status).toBe(202);
    await waitUntil(() => callbacksOf(deskB).includes(lone), 30_000, () => 'desk B (on process 2) to get the callback that came in at process 1');
    // The desk's acknowledgement travels after the delivery; until it commits the relay rightly holds the callback for B.
    await waitUntil(async () => Object.keys(await store.backlog()).length === 0, 30_000, () => "desk B's acknowledgement of the lone callback");

    // ── Desk B reconnects, to process 1: its session on process 2 is closed as replaced ────────────────
    const deskB2 = await connectDesk(relay1, issuedB.credential);
    expect(deskB2.hello).toMatchObject({ deskId: issuedB.desk.id, backlog: 0 });
    expect(await deskB.closed).toMatchObject({ code: 4409 });
    await waitUntil(
      async () => (await healthOf(relay1)).desksConnected === 2 && (await healthOf(relay2)).desksConnected === 0,
      30_000,
      () => 'process 1 to hold desks A and B, process 2 none',
    );

    // What comes for B now, through either process, reaches its new connection only.
    const later = Array.from({ length: 4 }, () => randomUUID());
    expect(await deskB2.expect(later.map((id) => `request:${id}`))).toMatchObject({ refused: [] });
    for (const requestId of later) expect((await post(`${balancer.url}/hiu/${HIU}${ON_FIND}`, onFindBody({ resp: { requestId } }), bearer(token))).status).toBe(202);
    await waitUntil(
      async () => deskB2.deliveries.length >= later.length && Object.keys(await store.backlog()).length === 0,
      60_000,
      () => `B's new connection has ${deskB2.deliveries.length} of ${later.length}`,
    );
    expect(sorted(callbacksOf(deskB2))).toEqual(sorted(later));
    expect(new Set(balancer.log.slice(-later.length).map((entry) => entry.target))).toEqual(new Set([0, 1]));
    expect(deskB.deliveries).toHaveLength(own + 1);
    expect(deskA.deliveries).toHaveLength(own);
  });
});


const recordLines = async (app: HiuApp, patientId: string) =>
  (await app.call('records.list', { patientId })).map((r) => `${r.hipId} ${r.careContext} ${r.hiType} ${r.status}`).sort();

describe.each(ABDM_APIS)('two app desks through two relay processes on one PostgreSQL, ABDM API %s', (api) => {
  it('each desk completes its own consent flow for its own patient, through the balancer and both processes, and sees nothing of the other’s', { timeout: 180_000 }, async () => {
    const sandbox = await startSandbox({ port: 0, hiu: { ...IMMEDIATE_HIU_SETTINGS, pageSize: 2 } });
    cleanup.push(() => sandbox.close());
    const { balancer, relay1, relay2, store } = await twoRelayProcesses(certsUrlOf(sandbox, api), api);
    const at = new Date().toISOString();
    const issuedA = await issueDesk(store, HIU, 'Front desk A', at);
    const issuedB = await issueDesk(store, HIU, 'Front desk B', at);
    const backlog = store.backlog.bind(store);
    // Desk A on process 1, desk B on process 2, one simulator (one gateway, the same HIPs) for both.
    const appA = await startHiuApp({}, {}, { api, sandbox, relay: { url: relay1, credential: issuedA.credential }, relayBacklog: backlog });
    cleanup.push(() => appA.close());
    const appB = await startHiuApp({}, {}, { api, sandbox, relay: { url: relay2, credential: issuedB.credential }, relayBacklog: backlog });
    cleanup.push(() => appB.close());

    const flow = async (app: HiuApp, patientId: string, artefacts: number) => {
      const requested = await app.call('consents.request', consentInput(patientId, Date.now()));
      return app.waitForConsent(
        requested.id,
        (c) => c.status === 'GRANTED' && c.artefacts.length === artefacts && c.artefacts.every((a) => a.fetched),
        `granted with ${artefacts} fetched artefacts`,
      );
    };
    // At the same time: Asha's records at three HIPs for desk A, Meena's at two for desk B.
    await Promise.all([flow(appA, 'asha.verma@sbx', 3), flow(appB, 'meena.iyer@sbx', 2)]);
    await appA.settle();
    await appB.settle();

    expect(await recordLines(appA, 'asha.verma@sbx')).toEqual([
      'HIP-CITYCLINIC-PUNE OPD-0042 OPConsultation delivered',
      'HIP-CITYCLINIC-PUNE OPD-0042 Prescription delivered',
      'HIP-DH-NASHIK IPD-1190 DischargeSummary delivered',
      'HIP-SUNRISE-LABS LAB-7781 DiagnosticReport delivered',
    ]);
    expect(await recordLines(appB, 'meena.iyer@sbx')).toEqual([
      'HIP-CITYCLINIC-PUNE OPD-0117 OPConsultation delivered',
      'HIP-CITYCLINIC-PUNE OPD-0117 Prescription delivered',
      'HIP-CITYCLINIC-PUNE OPD-0117 WellnessRecord delivered',
      'HIP-DH-NASHIK IPD-0207 DiagnosticReport delivered',
      'HIP-DH-NASHIK IPD-0207 DischargeSummary delivered',
    ]);
    // Neither desk has anything of the other's patient, nor a consent it did not ask for.
    expect(await appA.call('records.list', { patientId: 'meena.iyer@sbx' })).toEqual([]);
    expect(await appB.call('records.list', { patientId: 'asha.verma@sbx' })).toEqual([]);
    expect((await appA.call('consents.list', {})).map((c: { patientId: string }) => c.patientId)).toEqual(['asha.verma@sbx']);
    expect((await appB.call('consents.list', {})).map((c: { patientId: string }) => c.patientId)).toEqual(['meena.iyer@sbx']);

    // Both desks tell the HIPs the public URL, and the callbacks and pushes came in at both processes.
    for (const transfer of appA.transfers()) expect(transfer.dataPushUrl.startsWith(`${balancer.url}/hiu/${HIU}/data-push/`)).toBe(true);
    for (const app of [appA, appB]) {
      expect(await app.call('bridge.status')).toMatchObject({ mode: 'relay', callbackUrl: `${balancer.url}/hiu/${HIU}`, relay: { connected: true, backlog: 0 } });
    }
    const pushes = balancer.log.filter((entry) => entry.path.includes('/data-push/'));
    const callbacks = balancer.log.filter((entry) => !entry.path.includes('/data-push/'));
    expect(new Set(pushes.map((entry) => entry.target))).toEqual(new Set([0, 1]));
    expect(new Set(callbacks.map((entry) => entry.target))).toEqual(new Set([0, 1]));
    expect(balancer.log.filter((entry) => entry.status !== 202)).toEqual([]);
    expect(await store.backlog()).toEqual({});
  });
});
