// The gateway pipeline as app-core builds it (roles, timeline, inbox, outbox, processor) on a test's database, with a
// gateway client that POSTs each request to a test's gateway: what the HIP tests build their desks on.
import type { Database } from 'better-sqlite3-multiple-ciphers';
import type { GatewayClient } from '../../electron/abdm/gateway/gateway-client';
import { CallbackProcessor } from '../../electron/gateway/callback-processor';
import { GatewayRoles } from '../../electron/gateway/gateway-roles';
import { GatewayOutbox } from '../../electron/gateway/outbox';
import { CallbackInboxStore } from '../../electron/store/gateway/callback-inbox';
import { GatewayOutboxStore } from '../../electron/store/gateway/outbox';
import { TimelineStore } from '../../electron/store/gateway/timeline';
import type { AbdmApi } from '../../electron/store/settings/settings-schema';

/** What the outbox's client sends a request with: the HTTP status, or a throw as the real client throws. */
export type SendRequest = GatewayClient['send'];

export interface TestPipelineOptions {
  db: Database;
  /** Settings' ABDM API, read at each request. */
  api: () => AbdmApi;
  send: SendRequest;
  /** The roles the pipeline serves; a fresh GatewayRoles (roles then register themselves on it) by default. */
  roles?: GatewayRoles;
  now?: () => number;
  retryDelaysMs?: number[];
  logError?: (what: string, error: unknown) => void;
}

export interface TestPipeline {
  roles: GatewayRoles;
  timeline: TimelineStore;
  inbox: CallbackInboxStore;
  outbox: GatewayOutbox;
  processor: CallbackProcessor;
}

/** A logError that fails the test: a handler's failure is never expected. */
export function rethrow(what: string, error: unknown): never {
  throw new Error(`${what}: ${String(error)}`);
}

/** POSTs the request's JSON body to `<gatewayUrl><path>` with its headers, as the gateway client does. */
export function postTo(gatewayUrl: () => string): SendRequest {
  return async (_operation, request) => {
    const response = await fetch(`${gatewayUrl()}${request.path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...request.headers }, body: JSON.stringify(request.body) });
    return response.status;
  };
}

export function testPipeline(options: TestPipelineOptions): TestPipeline {
  const { db } = options;
  const now = options.now ?? Date.now;
  const roles = options.roles ?? new GatewayRoles();
  const timeline = new TimelineStore(db);
  const inbox = new CallbackInboxStore(db);
  const generation = () => roles.generation(options.api());
  const outbox = new GatewayOutbox({
    store: new GatewayOutboxStore(db),
    timeline,
    generation,
    client: async () => ({ send: options.send }),
    cmId: () => 'sbx',
    now,
    answerTimeoutMs: () => 60_000,
    retryDelaysMs: options.retryDelaysMs ?? [],
  });
  const processor = new CallbackProcessor({
    db,
    inbox,
    outbox,
    timeline,
    generation,
    generationOfPath: (callbackPath) => roles.generationOfPath(callbackPath),
    now,
    emit: () => undefined,
    logError: options.logError ?? (() => undefined),
  });
  return { roles, timeline, inbox, outbox, processor };
}
