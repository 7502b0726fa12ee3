// The outbox against a real HTTP server scripted to fail the way a gateway does: a dropped connection, 5xx, the
// 429/2429 ABDM answers to a requestId it has already seen (gateway-v05.md §1 "Gateway rules"), a 4xx refusal, and
// a request whose callback never comes.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GATEWAY_V05 } from '../../../../electron/abdm/gateway/v05/generation';
import { AbdmHttp } from '../../../../electron/abdm/http';
import type { GatewayClient } from '../../../../electron/abdm/gateway/gateway-client';
import { GatewayOutbox } from '../../../../electron/gateway/outbox';
import { openDatabase, type AppDatabase } from '../../../../electron/store/db';
import { GatewayOutboxStore, type OutboxEntry } from '../../../../electron/store/gateway/outbox';
import { TimelineStore } from '../../../../electron/store/gateway/timeline';
import { memorySecretDriver, openVault } from '../../../../electron/store/secrets/vault';
import { AppFailure } from '../../../../electron/shared/errors';

type Answer = { status: number; body?: unknown } | 'drop';

let server: Server;
let url: string;
let script: Answer[];
let received: { path: string; body: any; cmId: string | undefined }[];
let database: AppDatabase;
let clock: number;

beforeEach(async () => {
  script = [];
  received = [];
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      received.push({ path: request.url ?? '', body: JSON.parse(Buffer.concat(chunks).toString('utf8')), cmId: request.headers['x-cm-id'] as string | undefined });
      const answer = script.shift() ?? { status: 202 };
      if (answer === 'drop') return request.socket.destroy();
      response.statusCode = answer.status;
      response.setHeader('content-type', 'application/json');
      response.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  database = await openDatabase({ file: ':memory:', vault: await openVault(null) });
  clock = Date.parse('2026-11-24T10:00:00Z');
});

afterEach(async () => {
  database.close();
  await new Promise((resolve) => server.close(resolve));
});

function outbox(answerTimeoutMs = 60_000, beforeSend?: (entry: OutboxEntry) => Promise<void>): { outbox: GatewayOutbox; store: GatewayOutboxStore; timeline: TimelineStore } {
  const http = new AbdmHttp({ service: 'gateway', baseUrl: url, retryDelaysMs: [] });
  const client: GatewayClient = {
    send: async (operation, request) => (await http.send({ operation, method: 'POST', path: request.path, headers: request.headers, body: request.body })).status,
  };
  const store = new GatewayOutboxStore(database.db);
  const timeline = new TimelineStore(database.db);
  const box = new GatewayOutbox({
    store,
    timeline,
    generation: () => GATEWAY_V05,
    client: async () => client,
    cmId: () => 'sbx',
    now: () => clock,
    answerTimeoutMs: () => answerTimeoutMs,
    retryDelaysMs: [10, 10, 10],
    beforeSend,
  });
  return { outbox: box, store, timeline };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
}

const find = { query: { patient: { id: 'asha.verma@sbx' }, requester: { type: 'HIU', id: 'HIU-1' } } };

describe('gateway outbox', () => {
  it('sends the v0.5 envelope: requestId and timestamp in the body, X-CM-ID header, state accepted after the 202', async () => {
    const { outbox: box } = outbox();
    const entry = await box.send('patients.find', find, { patientId: 'asha.verma@sbx' });
    expect(entry.state).toBe('accepted');
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ path: '/v0.5/patients/find', cmId: 'sbx', body: { requestId: entry.requestId, timestamp: '2026-11-24T10:00:00.000Z', ...find } });
  });

  it('retries a dropped connection and a 503 with the same requestId, then counts a 429/2429 on a retry as accepted', async () => {
    script = ['drop', { status: 503, body: { error: { code: 2500, message: 'Downstream system(s) is down' } } }, { status: 429, body: { error: { code: 2429, message: 'Too many requests found' } } }];
    const { outbox: box, store, timeline } = outbox();
    const first = await box.send('consentRequests.init', { consent: {} });
    expect(first.state).toBe('sent');
    await until(() => store.get(first.requestId)!.state === 'accepted');
    expect(received.map((r) => r.body.requestId)).toEqual([first.requestId, first.requestId, first.requestId]);
    expect(store.get(first.requestId)!.attempts).toBe(3);
    expect(timeline.list({}).map((e) => e.step)).toEqual(['retrying', 'retrying', 'accepted']);
  });

  it('takes a 429/2429 on the first attempt as a refusal: nothing of ours got through before', async () => {
    script = [{ status: 429, body: { error: { code: 2429, message: 'Too many requests found' } } }];
    const { outbox: box } = outbox();
    const entry = await box.send('patients.find', find);
    expect(entry.state).toBe('refused');
    expect(entry.errorCode).toBe('2429');
  });

  it('refuses on a 4xx at once, and whoever waits gets the gateway’s code', async () => {
    script = [{ status: 400, body: { error: { code: 2500, message: 'consent.permission: must not be null' } } }];
    const { outbox: box } = outbox();
    const entry = await box.send('consentRequests.init', { consent: {} });
    expect(entry.state).toBe('refused');
    expect(received).toHaveLength(1);
    const failure = await box.waitForAnswer(entry.requestId).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AppFailure);
    expect((failure as AppFailure).abdmCode).toBe('2500');
  });

  it('marks a request whose callback never came as timed out, shows it, and tells whoever waits', async () => {
    const { outbox: box, store, timeline } = outbox(30_000);
    const entry = await box.send('patients.find', find);
    const waiting = box.waitForAnswer(entry.requestId).catch((e: unknown) => e);
    clock += 29_000;
    box.sweep();
    expect(store.get(entry.requestId)!.state).toBe('accepted');
    clock += 2_000;
    box.sweep();
    expect(store.get(entry.requestId)!.state).toBe('timed-out');
    expect(((await waiting) as AppFailure).code).toBe('GATEWAY_NO_ANSWER');
    expect(timeline.list({}).map((e) => e.step)).toEqual(['accepted', 'timed-out']);
  });

  it('an acknowledgement is done at the 202: it expects no answer and never times out', async () => {
    const { outbox: box, store } = outbox(1_000);
    const entry = await box.send('consents.onNotify', { acknowledgement: [], resp: { requestId: 'n-1' } });
    clock += 3_600_000;
    box.sweep();
    expect(store.get(entry.requestId)).toMatchObject({ state: 'accepted', expectsAnswer: false, answerDueAt: null });
  });

  it('resumes requests recorded but never sent (a crash before the first attempt)', async () => {
    const { outbox: box, store } = outbox();
    const requestId = box.enqueue('consents.fetch', { consentId: 'c-1' });
    expect(received).toHaveLength(0);
    const { outbox: restarted } = outbox();
    restarted.flush();
    await until(() => store.get(requestId)!.state === 'accepted');
    expect(received.map((r) => r.body.requestId)).toEqual([requestId]);
  });
});

describe('gateway outbox: the hook before sending (relay mode claims the request first)', () => {
  it('runs before the request reaches the gateway, once per attempt, with the request as recorded', async () => {
    script = [{ status: 503 }];
    const seen: { requestId: string; operation: string; gatewayHadIt: number }[] = [];
    const { outbox: box, store } = outbox(60_000, async (entry) => {
      seen.push({ requestId: entry.requestId, operation: entry.operation, gatewayHadIt: received.length });
    });
    const entry = await box.send('patients.find', find);
    await until(() => store.get(entry.requestId)!.state === 'accepted');
    expect(seen).toEqual([
      { requestId: entry.requestId, operation: 'patients.find', gatewayHadIt: 0 },
      { requestId: entry.requestId, operation: 'patients.find', gatewayHadIt: 1 },
    ]);
  });

  it('waits for the hook: nothing goes out until it has finished', async () => {
    let finish!: () => void;
    const { outbox: box } = outbox(60_000, () => new Promise<void>((resolve) => (finish = resolve)));
    const sending = box.send('consentRequests.init', { consent: {} });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toEqual([]);
    finish();
    expect((await sending).state).toBe('accepted');
    expect(received).toHaveLength(1);
  });

  it('sends the request anyway when the hook fails', async () => {
    const { outbox: box } = outbox(60_000, async () => {
      throw new Error('the relay is not connected');
    });
    expect((await box.send('patients.find', find)).state).toBe('accepted');
    expect(received).toHaveLength(1);
  });

  it('is not asked about an acknowledgement, which expects no answer', async () => {
    const seen: string[] = [];
    const { outbox: box } = outbox(60_000, async (entry) => void seen.push(entry.operation));
    await box.send('consents.onNotify', { acknowledgement: [{ status: 'OK', consentId: 'c-1' }], resp: { requestId: 'r-1' } });
    expect(seen).toEqual([]);
    expect(received).toHaveLength(1);
  });
});
