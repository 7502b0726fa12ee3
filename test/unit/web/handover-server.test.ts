// Through web mode's server: a card saved from one tab is handed to that tab only, over its socket, as a one-time URL
// on the same server; the call answers once the browser fetched it, and the audit says it was downloaded.
import { afterEach, beforeEach, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { TRAINING_IDENTITIES } from '../../../sandbox/training-identities';
import type { HandoverMessage } from '../../../web-mode/protocol';
import { call, connect, startTestServer, type TestServer } from './web-server-fixture';

let server: TestServer;
const open: WebSocket[] = [];

beforeEach(async () => {
  server = await startTestServer();
});

afterEach(async () => {
  for (const socket of open.splice(0)) socket.terminate();
  await server.dispose();
});

async function tab(): Promise<{ socket: WebSocket; handovers: HandoverMessage['handover'][] }> {
  const socket = await connect(server, { token: server.token, origin: server.origin });
  open.push(socket);
  const handovers: HandoverMessage['handover'][] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as Partial<HandoverMessage>;
    if (message.handover) handovers.push(message.handover);
  });
  return { socket, handovers };
}

type Ok<T> = { ok: true; value: T };

it('a card saved in one tab is offered to that tab alone, fetched once from the same origin, and audited as downloaded', { timeout: 30_000 }, async () => {
  const asking = await tab();
  const other = await tab();
  const { abhaNumber, address } = { abhaNumber: TRAINING_IDENTITIES.existingAbha.existingAbha.healthIdNumber, address: TRAINING_IDENTITIES.existingAbha.existingAbha.healthId };
  const started = (await call(asking.socket, 1, 'verify.start', { abha: address })) as Ok<{ flowId: string }>;
  expect(started.ok).toBe(true);
  const confirmed = (await call(asking.socket, 2, 'verify.confirm', { flowId: started.value.flowId, otp: '123456' })) as Ok<unknown>;
  expect(confirmed.ok).toBe(true);

  const saving = call(asking.socket, 3, 'card.save', { abhaNumber, format: 'pdf' });
  // Making the PDF takes a while on a busy machine; the test's own limit bounds the wait.
  await expect.poll(() => asking.handovers.length, { timeout: 20_000 }).toBe(1);
  const handover = asking.handovers[0]!;
  expect(handover).toMatchObject({ kind: 'download', name: expect.stringMatching(/^ABHA-card-91-4820-1736-5529-\d{2}-\d{2}-\d{4}\.pdf$/) });

  const response = await fetch(server.origin + handover.url, { headers: { 'Sec-Fetch-Site': 'same-origin' } });
  expect(response.status).toBe(200);
  expect(Buffer.from(await response.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
  expect(await saving).toEqual({ ok: true, value: { saved: true, download: handover.name } });
  expect((await fetch(server.origin + handover.url, { headers: { 'Sec-Fetch-Site': 'same-origin' } })).status).toBe(404);
  expect(other.handovers).toEqual([]);

  const audit = (await call(asking.socket, 4, 'audit.list', {})) as Ok<{ action: string; abhaNumber: string; detail: string }[]>;
  expect(audit.value.filter((entry) => entry.action.startsWith('card.') && entry.action !== 'card.viewed')).toEqual([
    expect.objectContaining({ action: 'card.downloaded', abhaNumber, detail: 'pdf' }),
  ]);
});
