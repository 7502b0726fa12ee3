// The HIU services' pieces, real, without the app: an encrypted database with the HIU tables, the real outbox
// and callback processor, the gateway client with a real session, all against the offline ABDM simulator. The
// simulator's callbacks reach a small test bridge that stores them in the inbox table (as the app's bridge does:
// a repeated requestId is stored once) and kicks the processor. Token checks are the bridge's business and are
// tested there; here a callback is taken as it comes.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Database } from 'better-sqlite3-multiple-ciphers';
import type { CallbackKind } from '../../../../electron/abdm/gateway/generation';
import { GATEWAY_V05 } from '../../../../electron/abdm/gateway/v05/generation';
import { createGatewayClient } from '../../../../electron/abdm/gateway/gateway-client';
import { GatewaySession } from '../../../../electron/abdm/session';
import type { EventName, EventPayloads } from '../../../../electron/ipc/contract';
import { AuditLog } from '../../../../electron/services/day/audit';
import { CallbackProcessor } from '../../../../electron/gateway/callback-processor';
import { CallbackInboxStore } from '../../../../electron/store/gateway/callback-inbox';
import { GatewayOutbox } from '../../../../electron/gateway/outbox';
import type { HiuContext } from '../../../../electron/services/hiu/hiu-context';
import { AuditLogStore } from '../../../../electron/store/desk/audit-log';
import { openDatabase, type AppDatabase } from '../../../../electron/store/db';
import { GatewayOutboxStore, type OutboxEntry } from '../../../../electron/store/gateway/outbox';
import { DEFAULT_SETTINGS, type Settings } from '../../../../electron/store/settings/settings-schema';
import { TimelineStore } from '../../../../electron/store/gateway/timeline';
import { memorySecretDriver, openVault } from '../../../../electron/store/secrets/vault';
import { startSandbox, type RunningSandbox } from '../../../../sandbox/index';
import { hiuWorldOf } from '../../../../sandbox/gateway/hiu/index';
import type { HiuWorld } from '../../../../sandbox/gateway/hiu/hiu-world';
import { IMMEDIATE_HIU_SETTINGS, type HiuSettings } from '../../../../sandbox/gateway/hiu/hiu-settings';

export interface EmittedEvent {
  event: EventName;
  payload: unknown;
}

export interface Delivery {
  path: string;
  kind: CallbackKind;
  body: Record<string, any>;
  stored: boolean;
}

export interface HiuKit {
  sandbox: RunningSandbox;
  world: HiuWorld;
  db: Database;
  ctx: HiuContext;
  /** Mutable: change `settings.hiu.fetchOnDataEvent` and the services see it. */
  settings: Settings;
  events: EmittedEvent[];
  eventsOf<E extends EventName>(event: E): EventPayloads[E][];
  /** Every POST the simulator made to the bridge, in order, and whether it was new to the inbox. */
  deliveries: Delivery[];
  processingErrors: unknown[];
  /** POST /_sandbox<path>. */
  control(path: string, body?: unknown): Promise<{ status: number; json: any }>;
  /** GET /_sandbox<path>. */
  read(path: string): Promise<any>;
  /** Stores a callback in the inbox as if the gateway had sent it (for what the simulator cannot produce). */
  inject(kind: CallbackKind, body: Record<string, unknown>): Promise<void>;
  /** Waits until the simulator, the processor and the outbox have nothing left to do. */
  settle(): Promise<void>;
  outbox(operation?: string): OutboxEntry[];
  inboxStates(): Record<string, number>;
  close(): Promise<void>;
}

export interface HiuKitOptions {
  hiu?: Partial<HiuSettings>;
  answerTimeoutMs?: number;
}

export async function startHiuKit(options: HiuKitOptions = {}): Promise<HiuKit> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'abha-desk-hiu-'));
  const database: AppDatabase = await openDatabase({ file: path.join(folder, 'hiu.db'), vault: await openVault(memorySecretDriver()) });
  const db = database.db;
  const inbox = new CallbackInboxStore(db);
  const deliveries: Delivery[] = [];
  const events: EmittedEvent[] = [];
  const processingErrors: unknown[] = [];
  let processor: CallbackProcessor | undefined;

  const kinds = new Map(GATEWAY_V05.callbackRoutes.map((route) => [route.path, route.kind as CallbackKind]));
  const store = (kind: CallbackKind, routePath: string, body: Record<string, unknown>, headers: Record<string, string>): boolean => {
    const ids = GATEWAY_V05.callbackIds(headers, body);
    const result = db
      .prepare(
        `INSERT INTO inbox (request_id, kind, path, resp_request_id, received_at, headers, body) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (request_id) DO NOTHING`,
      )
      .run(ids.requestId, kind, routePath, ids.respRequestId, new Date().toISOString(), JSON.stringify(headers), JSON.stringify(body));
    return result.changes === 1;
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const routePath = request.url ?? '';
      const kind = kinds.get(routePath);
      if (!kind) {
        response.statusCode = 404;
        response.end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, any>;
      const headers = { 'x-hiu-id': String(request.headers['x-hiu-id'] ?? ''), 'x-cm-id': String(request.headers['x-cm-id'] ?? '') };
      const stored = store(kind, routePath, body, headers);
      deliveries.push({ path: routePath, kind, body, stored });
      response.statusCode = 202;
      response.end();
      void processor?.kick();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const bridgeUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const sandbox = await startSandbox({ port: 0, bridgeUrl, hiu: { ...IMMEDIATE_HIU_SETTINGS, ...options.hiu } });
  const world = hiuWorldOf(sandbox.context);
  const settings: Settings = { ...DEFAULT_SETTINGS, hiu: { ...DEFAULT_SETTINGS.hiu } };
  const session = new GatewaySession({
    gatewayBaseUrl: sandbox.gatewayBaseUrl,
    clientId: sandbox.config.clientId,
    clientSecret: async () => sandbox.config.clientSecret,
  });
  const client = createGatewayClient({ gatewayBaseUrl: sandbox.gatewayBaseUrl, session });
  const timeline = new TimelineStore(db);
  const now = () => Date.now();
  const emit = <E extends EventName>(event: E, payload: EventPayloads[E]) => void events.push({ event, payload });
  const outbox = new GatewayOutbox({
    store: new GatewayOutboxStore(db),
    timeline,
    generation: () => GATEWAY_V05,
    client: async () => client,
    cmId: () => 'sbx',
    now,
    answerTimeoutMs: () => options.answerTimeoutMs ?? 10_000,
    retryDelaysMs: [],
  });
  processor = new CallbackProcessor({
    db,
    inbox,
    outbox,
    timeline,
    generation: () => GATEWAY_V05,
    generationOfPath: () => GATEWAY_V05,
    now,
    emit,
    logError: (_what, error) => void processingErrors.push(error),
  });
  const ctx: HiuContext = {
    db,
    outbox,
    processor,
    settings: () => settings,
    now,
    emit,
    audit: new AuditLog(new AuditLogStore(db), () => 'Meena (front desk)', now),
  };

  const busy = () =>
    world.work.busy ||
    (db.prepare(`SELECT COUNT(*) AS n FROM inbox WHERE state = 'pending'`).get() as { n: number }).n > 0 ||
    (db.prepare(`SELECT COUNT(*) AS n FROM outbox WHERE state IN ('queued', 'sent')`).get() as { n: number }).n > 0;

  return {
    sandbox,
    world,
    db,
    ctx,
    settings,
    events,
    eventsOf: <E extends EventName>(event: E) => events.filter((e) => e.event === event).map((e) => e.payload as EventPayloads[E]),
    deliveries,
    processingErrors,
    async control(controlPath, body = {}) {
      const response = await fetch(`${sandbox.url}/_sandbox${controlPath}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, json: text ? JSON.parse(text) : undefined };
    },
    async read(controlPath) {
      const response = await fetch(`${sandbox.url}/_sandbox${controlPath}`);
      return response.json();
    },
    async inject(kind, body) {
      const route = GATEWAY_V05.callbackRoutes.find((r) => r.kind === kind)!;
      store(kind, route.path, body, { 'x-hiu-id': 'HIU-ABHADESK-TRAINING', 'x-cm-id': 'sbx' });
      await processor!.kick();
    },
    async settle() {
      let quiet = 0;
      for (let round = 0; round < 400 && quiet < 3; round += 1) {
        await world.work.idle();
        await processor!.kick();
        await new Promise((resolve) => setTimeout(resolve, 5));
        quiet = busy() ? 0 : quiet + 1;
      }
      if (quiet < 3) throw new Error('the simulator, inbox and outbox did not settle');
    },
    outbox: (operation) =>
      new GatewayOutboxStore(db)
        .list({ limit: 10_000 })
        .filter((entry) => operation === undefined || entry.operation === operation)
        .reverse(),
    inboxStates() {
      const rows = db.prepare('SELECT state, COUNT(*) AS n FROM inbox GROUP BY state').all() as { state: string; n: number }[];
      return Object.fromEntries(rows.map((row) => [row.state, row.n]));
    },
    async close() {
      outbox.close();
      // Requests already on their way finish (against the simulator) before the database closes.
      for (let i = 0; i < 300 && (db.prepare(`SELECT COUNT(*) AS n FROM outbox WHERE state = 'sent'`).get() as { n: number }).n > 0; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await sandbox.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await processor!.kick().catch(() => undefined);
      database.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** A guard that lets everyone through (the real one is PatientStatusService). */
export const OPEN_GUARD = { assertActive: () => undefined };
