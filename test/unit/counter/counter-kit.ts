// A counter service on a real (encrypted) database, with its handler taken from a stand-in processor, a manual clock
// and the enqueued on-shares collected: the unit tests drive shares through the real reader (hip-messages.ts) and
// the real handler inside a transaction, as the callback processor does.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readShareV3, type SharedProfile } from '../../../electron/abdm/gateway/hip/hip-messages';
import type { CallbackContext, CallbackHandler, CallbackProcessor, Effects } from '../../../electron/gateway/callback-processor';
import { GatewayRoles } from '../../../electron/gateway/gateway-roles';
import { CounterShares } from '../../../electron/services/counter/counter-shares';
import { openDatabase, type AppDatabase } from '../../../electron/store/db';
import { memorySecretDriver, openVault } from '../../../electron/store/secrets/vault';
import { DEFAULT_SETTINGS, type Settings } from '../../../electron/store/settings/settings-schema';
import { specShareBody } from '../../support/spec-share';

export const HIP_ID = 'IN2810014366';

export interface Enqueued {
  operation: string;
  payload: Record<string, unknown>;
}

export interface CounterKit {
  database: AppDatabase;
  counter: CounterShares;
  clock: { now: number };
  settings: Settings;
  enqueued: Enqueued[];
  events: { event: string; payload: unknown }[];
  /** A v3 share of this patient at this counter, applied in one transaction at the clock's time; returns its REQUEST-ID. */
  share(abhaAddress: string, counterId: string, extra?: { headers?: Record<string, string>; body?: Record<string, unknown> }): string;
  /** Applies several shares in ONE transaction. */
  sharesInOneTransaction(list: { abhaAddress: string; counterId: string }[]): void;
  /** The token numbers of the on-shares so far, in order (null for FAILED). */
  tokens(): (number | null)[];
  close(): void;
}

export function v3ShareBody(abhaAddress: string, counterId: string, hipId = HIP_ID): Record<string, unknown> {
  return specShareBody(abhaAddress, counterId, hipId);
}

export async function counterKit(opts: { timeZone?: string; start?: number } = {}): Promise<CounterKit> {
  const dir = mkdtempSync(path.join(tmpdir(), 'abha-counter-'));
  const database = await openDatabase({ file: path.join(dir, 'abha-desk.db'), vault: await openVault(memorySecretDriver()) });
  const handlers = new Map<string, CallbackHandler<SharedProfile>>();
  const processor = { on: (kind: string, handler: CallbackHandler<SharedProfile>) => void handlers.set(kind, handler) } as unknown as CallbackProcessor;
  const clock = { now: opts.start ?? Date.parse('2026-11-27T05:00:00Z') };
  const settings: Settings = { ...DEFAULT_SETTINGS, hipId: HIP_ID, deskCounter: '1' };
  const enqueued: Enqueued[] = [];
  const events: { event: string; payload: unknown }[] = [];
  const counter = new CounterShares({
    db: database.db,
    roles: new GatewayRoles(),
    processor,
    settings: () => settings,
    now: () => clock.now,
    emit: (event, payload) => void events.push({ event, payload }),
    timeZone: opts.timeZone,
  });
  counter.register();
  const effects: Effects = {
    enqueue: (operation, payload) => {
      enqueued.push({ operation, payload });
      return randomUUID();
    },
    emit: (event, payload) => void events.push({ event, payload }),
    after: (task) => task(),
  };
  const apply = (abhaAddress: string, counterId: string, extra: { headers?: Record<string, string>; body?: Record<string, unknown> } = {}) => {
    const requestId = randomUUID();
    const headers = { 'x-hip-id': HIP_ID, ...extra.headers };
    const callback: CallbackContext<SharedProfile> = {
      requestId,
      respRequestId: null,
      headers,
      receivedAt: new Date(clock.now).toISOString(),
      message: readShareV3(extra.body ?? v3ShareBody(abhaAddress, counterId), headers),
      errorCode: null,
    };
    handlers.get('profile.share')!(callback, effects);
    return requestId;
  };
  return {
    database,
    counter,
    clock,
    settings,
    enqueued,
    events,
    share: (abhaAddress, counterId, extra) => database.db.transaction(() => apply(abhaAddress, counterId, extra)).immediate(),
    sharesInOneTransaction: (list) => database.db.transaction(() => list.forEach((s) => apply(s.abhaAddress, s.counterId))).immediate(),
    tokens: () => enqueued.map((e) => (e.payload.tokenNumber as number | null) ?? null),
    close: () => {
      database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
