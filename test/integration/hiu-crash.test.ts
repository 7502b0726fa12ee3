// Crash safety of the callback bridge and processor: a child process runs the real app core (test/support/
// hiu-crash-child.ts); a burst of 1,000 gateway-signed patients/status/notify callbacks goes to its bridge, 16 at a
// time; the child is killed with SIGKILL once about 300 have had their 202, then started again on the same data
// folder. Every callback that got a 202 must be in the inbox, applied (state done) exactly once: exactly one
// patientStatus.onNotify acknowledgement queued for it, and that acknowledgement must reach the gateway (at least
// once: the outbox may repeat it with the same requestId after the restart).
// On both ABDM APIs, with a fake gateway of each generation. HIE-CM v3 has no patient status notify
// (reference/spec/abdm-v3.md §3), so on v3 the burst is of consent notifications (…/consent/request/notify) for
// consent requests the desk never made: each is applied by acknowledging its artefact as UNKNOWN with
// /consent/v3/request/hiu/on-notify (abdm-v3.md §3; docs/sandbox-hiecm-v3.md §2), the other notification that needs
// no earlier state.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import Database from 'better-sqlite3-multiple-ciphers';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { applyKey } from '../../electron/store/db-cipher';
import { DATABASE_FILE_NAME, DATABASE_KEY_ACCOUNT } from '../../electron/store/db';
import { ABDM_APIS, type AbdmApi } from '../../electron/store/settings/settings-schema';
import { fileSecretDriver } from '../support/file-secret-driver';
import { repoRoot } from '../support/official-spec';

const CALLBACKS = 1_000;
const IN_FLIGHT = 16;
const KILL_AFTER = 300;
const KID = 'crash-test-gateway-key';

type Json = Record<string, any>;

/** An acknowledgement as the fake gateway received it. */
interface ReceivedAck {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Json;
}

/** One generation's side: the fake gateway's paths, the callback in the burst, and the acknowledgement answering it. */
interface Wire {
  certs: string;
  sessions: { path: string; status: number };
  bridgeUrl: { path: string; status: number };
  callbackPath: string;
  inboxKind: string;
  ackOperation: string;
  ackPath: string;
  callback(requestId: string, i: number): { headers: Record<string, string>; body: Json };
  /** The callback's requestId an acknowledgement answers, and the acknowledgement's own requestId. */
  answers(ack: ReceivedAck): string;
  ownId(ack: ReceivedAck): string;
}

/** Gateway v0.5 (reference/spec/gateway-v05.md §1, §2.20) and HIE-CM v3 (reference/spec/abdm-v3.md §1, §3). */
const WIRES: Record<AbdmApi, Wire> = {
  v1: {
    certs: '/v0.5/certs',
    sessions: { path: '/v0.5/sessions', status: 200 },
    bridgeUrl: { path: '/v1/bridges', status: 200 },
    callbackPath: '/v0.5/patients/status/notify',
    inboxKind: 'patientStatus.notify',
    ackOperation: 'patientStatus.onNotify',
    ackPath: '/v0.5/patients/status/on-notify',
    callback: (requestId, i) => ({
      headers: { 'x-cm-id': 'sbx', 'x-hiu-id': 'HIU-CRASH-TEST' },
      body: { requestId, timestamp: new Date().toISOString(), notification: { status: 'DEACTIVATED', patient: { id: `p${i}@sbx` } } },
    }),
    answers: (ack) => ack.body.resp?.requestId,
    ownId: (ack) => ack.body.requestId,
  },
  v3: {
    certs: '/gateway/v3/certs',
    sessions: { path: '/gateway/v3/sessions', status: 202 },
    bridgeUrl: { path: '/gateway/v3/bridge/url', status: 202 },
    callbackPath: '/api/v3/hiu/consent/request/notify',
    inboxKind: 'consents.notify',
    ackOperation: 'consents.onNotify',
    ackPath: '/consent/v3/request/hiu/on-notify',
    callback: (requestId, i) => ({
      headers: { 'request-id': requestId, timestamp: new Date().toISOString(), 'x-cm-id': 'sbx', 'x-hiu-id': 'HIU-CRASH-TEST' },
      body: { notification: { consentRequestId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, status: 'REVOKED', consentArtefacts: [{ id: artefactOf(i) }] } },
    }),
    answers: (ack) => ack.body.response?.requestId,
    ownId: (ack) => String(ack.headers['request-id']),
  },
};

/** The artefact named by the v3 burst's i-th notification, which the desk does not know. */
const artefactOf = (i: number) => `00000000-0000-4000-9000-${String(i).padStart(12, '0')}`;

/** The gateway as the child sees it: JWKS, sessions, bridge registration, and every acknowledgement recorded. */
async function startFakeGateway(wire: Wire) {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: KID, alg: 'RS256', use: 'sig' }] };
  const acknowledgements: ReceivedAck[] = [];
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = request.url ?? '';
    const reply = (status: number, body?: unknown) => {
      response.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
      response.end(body === undefined ? undefined : JSON.stringify(body));
    };
    if (request.method === 'GET' && url === wire.certs) return reply(200, jwks);
    if (request.method === 'POST' && url === wire.sessions.path) {
      return reply(wire.sessions.status, { accessToken: `gateway-session-${randomUUID()}`, expiresIn: 600, refreshToken: `gateway-refresh-${randomUUID()}`, refreshExpiresIn: 1800, tokenType: 'bearer' });
    }
    if (request.method === 'PATCH' && url === wire.bridgeUrl.path) return reply(wire.bridgeUrl.status);
    if (request.method === 'POST') {
      acknowledgements.push({ path: url, headers: request.headers, body: JSON.parse(text) as Json });
      return reply(202);
    }
    reply(404);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const token = async () => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ scope: 'openid', clientId: 'gateway', realm_access: { roles: ['gateway'] } })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: KID })
      .setSubject('gateway')
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .setAudience('account')
      .sign(privateKey);
  };
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    acknowledgements,
    token,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The child, and its JSON lines on stdout as a queue of messages. */
function startChild(dataFolder: string, secretsFile: string, gatewayUrl: string, api: AbdmApi) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/hiu-crash-child.ts', dataFolder, secretsFile, gatewayUrl, api, WIRES[api].ackOperation], {
    cwd: repoRoot,
    stdio: ['pipe', 'pipe', 'pipe'],
  }) as ChildProcessWithoutNullStreams;
  const messages: Json[] = [];
  const waiting: ((message: Json) => void)[] = [];
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  createInterface({ input: child.stdout }).on('line', (line) => {
    let message: Json;
    try {
      message = JSON.parse(line) as Json;
    } catch {
      return; // not one of ours
    }
    const next = waiting.shift();
    if (next) next(message);
    else messages.push(message);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const next = (timeoutMs = 30_000) =>
    new Promise<Json>((resolve, reject) => {
      const queued = messages.shift();
      if (queued) return resolve(queued);
      const timer = setTimeout(() => reject(new Error(`the child said nothing for ${timeoutMs} ms; stderr: ${stderr}`)), timeoutMs);
      waiting.push((message) => {
        clearTimeout(timer);
        resolve(message);
      });
      void exited.then((code) => reject(new Error(`the child exited (${code}); stderr: ${stderr}`)));
    });
  const ask = async (command: string) => {
    child.stdin.write(`${command}\n`);
    return next();
  };
  return { child, next, ask, exited, stderr: () => stderr };
}

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => undefined);
  cleanup = [];
});

describe.each(ABDM_APIS)('a SIGKILL in a burst of callbacks on ABDM API %s', (api) => {
  const wire = WIRES[api];
  it('every callback that got a 202 before a SIGKILL is applied exactly once after the restart, and acknowledged', { timeout: 120_000 }, async () => {
    const base = mkdtempSync(path.join(os.tmpdir(), 'abha-desk-crash-'));
    const dataFolder = path.join(base, 'data');
    const secretsFile = path.join(base, 'keychain.json'); // beside the data folder, as a keychain would be
    cleanup.push(async () => rmSync(base, { recursive: true, force: true }));
    const gateway = await startFakeGateway(wire);
    cleanup.push(gateway.close);

    // ── First run: the burst, killed part-way ─────────────────────────────────────────────────────
    const first = startChild(dataFolder, secretsFile, gateway.url, api);
    cleanup.push(async () => void first.child.kill('SIGKILL'));
    const listening = await first.next();
    expect(listening).toMatchObject({ event: 'listening' });
    const bridgeUrl = listening.url as string;
    const token = await gateway.token();

    const requestIds: string[] = Array.from({ length: CALLBACKS }, () => randomUUID());
    const accepted = new Set<string>();
    const otherStatus = new Map<number, number>();
    let refusedConnection = 0;
    let brokenInFlight = 0;
    let killedAt: number | null = null;
    let killTime = 0;
    let next = 0;
    const send = async (i: number) => {
      const requestId = requestIds[i]!;
      const { headers, body } = wire.callback(requestId, i);
      try {
        const response = await fetch(`${bridgeUrl}${wire.callbackPath}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
          body: JSON.stringify(body),
        });
        await response.arrayBuffer();
        if (response.status === 202) accepted.add(requestId);
        else otherStatus.set(response.status, (otherStatus.get(response.status) ?? 0) + 1);
      } catch (error) {
        const code = (error as { cause?: { code?: string } }).cause?.code;
        if (code === 'ECONNREFUSED') refusedConnection += 1;
        else brokenInFlight += 1; // reset or closed while the child died: no 202
      }
      if (killedAt === null && accepted.size >= KILL_AFTER) {
        killedAt = accepted.size;
        killTime = Date.now();
        first.child.kill('SIGKILL');
      }
    };
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < CALLBACKS) await send(next++);
      }),
    );
    await first.exited;
    expect(first.child.signalCode).toBe('SIGKILL');
    expect(otherStatus.size, `statuses other than 202: ${JSON.stringify([...otherStatus])}`).toBe(0);
    const acknowledgedBeforeKill = new Set(gateway.acknowledgements.map((a) => wire.answers(a))).size;

    // ── Second run on the same folder: resume, drain, acknowledge ────────────────────────────────
    const second = startChild(dataFolder, secretsFile, gateway.url, api);
    cleanup.push(async () => void second.child.kill('SIGKILL'));
    expect(await second.next()).toMatchObject({ event: 'listening' });
    let status: Json = {};
    for (let round = 0; round < 200; round += 1) {
      status = await second.ask('status');
      const { inbox, outbox } = status as { inbox: Record<string, number>; outbox: Record<string, number> };
      if (!inbox.pending && !inbox.waiting && !outbox.queued && !outbox.sent) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status.inbox.pending ?? 0, JSON.stringify(status)).toBe(0);
    expect(status.outbox.queued ?? 0, JSON.stringify(status)).toBe(0);
    expect(status.outbox.sent ?? 0, JSON.stringify(status)).toBe(0);
    expect(await second.ask('close')).toMatchObject({ event: 'closed' });
    expect(await second.exited).toBe(0);

    // ── The data folder, read from outside (the key is in the test's keychain file) ─────────────
    const key = (await fileSecretDriver(secretsFile).get(DATABASE_KEY_ACCOUNT))!;
    const db = new Database(path.join(dataFolder, DATABASE_FILE_NAME), { readonly: true, fileMustExist: true });
    applyKey(db, key);
    const inbox = db.prepare('SELECT request_id, state, kind, processed_at FROM inbox').all() as { request_id: string; state: string; kind: string; processed_at: string }[];
    const acks = db
      .prepare('SELECT request_id, state, body FROM outbox WHERE operation = ?')
      .all(wire.ackOperation) as { request_id: string; state: string; body: string }[];
    const patients = (db.prepare('SELECT count(*) AS n FROM patient_status').get() as { n: number }).n;
    db.close();

    const inboxState = new Map(inbox.map((row) => [row.request_id, row.state]));
    const acksFor = new Map<string, number>();
    // The outbox keeps the v0.5 shape of every request (electron/abdm/gateway/generation.ts): `resp` on both APIs.
    for (const ack of acks) {
      const resp = (JSON.parse(ack.body) as Json).resp?.requestId as string;
      acksFor.set(resp, (acksFor.get(resp) ?? 0) + 1);
      expect(ack.state, `acknowledgement ${ack.request_id}`).toBe('accepted'); // an acknowledgement ends at the gateway's 202
    }
    const received = new Map<string, number>();
    for (const ack of gateway.acknowledgements) {
      expect(ack.path).toBe(wire.ackPath);
      const resp = wire.answers(ack);
      received.set(resp, (received.get(resp) ?? 0) + 1);
      // v3: the desk never made these consent requests, so it answers UNKNOWN for the artefact named.
      if (api === 'v3') expect(ack.body.acknowledgement).toEqual([{ status: 'UNKNOWN', consentId: artefactOf(requestIds.indexOf(resp)) }]);
    }

    // Every 202 is in the inbox, applied, with exactly one acknowledgement queued, and that one reached the gateway.
    for (const requestId of accepted) {
      expect(inboxState.get(requestId), `inbox state of ${requestId}`).toBe('done');
      expect(acksFor.get(requestId) ?? 0, `acknowledgements queued for ${requestId}`).toBe(1);
      expect(received.get(requestId) ?? 0, `acknowledgements received for ${requestId}`).toBeGreaterThanOrEqual(1);
    }
    // Whatever else the bridge stored (stored, then killed before its 202 went out) is applied exactly once too;
    // nothing is in the inbox that was not sent, nothing applied twice.
    expect(inbox.every((row) => row.kind === wire.inboxKind && row.state === 'done' && requestIds.includes(row.request_id))).toBe(true);
    expect([...acksFor.keys()].sort()).toEqual(inbox.map((row) => row.request_id).sort());
    expect([...acksFor.values()].every((n) => n === 1)).toBe(true);
    // v1: one patient status kept per notification (each names another patient); v3 keeps nothing for an unknown consent.
    expect(patients).toBe(api === 'v1' ? inbox.length : 0);
    // An acknowledgement the gateway got more than once is the same outbox row sent again (same requestId).
    const sentIds = new Map<string, Set<string>>();
    for (const ack of gateway.acknowledgements) {
      const resp = wire.answers(ack);
      sentIds.set(resp, (sentIds.get(resp) ?? new Set()).add(wire.ownId(ack)));
    }
    expect([...sentIds.values()].every((ids) => ids.size === 1)).toBe(true);

    const repeated = [...received.values()].filter((n) => n > 1).length;
    const appliedAfterRestart = inbox.filter((row) => Date.parse(row.processed_at) > killTime).length;
    console.log(
      `[hiu-crash ${api}] sent ${CALLBACKS}; 202 before the kill: ${accepted.size} (kill at ${killedAt}); ` +
        `broken in flight: ${brokenInFlight}; refused after the kill (ECONNREFUSED): ${refusedConnection}; ` +
        `in the inbox after restart: ${inbox.length} (${inbox.length - accepted.size} stored without their 202), ${appliedAfterRestart} applied by the second run; ` +
        `acknowledged before the kill: ${acknowledgedBeforeKill}, after the restart: ${received.size - acknowledgedBeforeKill}; ` +
        `acknowledgements received more than once: ${repeated}`,
    );
  });
});
