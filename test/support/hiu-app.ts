// The app core driven as an HIU against the embedded simulator: helpers to settle everything in flight, wait for a
// consent to reach a state, and read the simulator's own records (its oracle of what was sent).
import { expect } from 'vitest';
import { hiuWorldOf } from '../../sandbox/gateway/hiu/index';
import { IMMEDIATE_HIU_SETTINGS, type HiuSettings } from '../../sandbox/gateway/hiu/hiu-settings';
import type { TransferRecord } from '../../sandbox/gateway/hiu/transfer-records';
import type { SandboxOptions } from '../../sandbox/index';
import type { EventName } from '../../electron/ipc/contract';
import type { ConsentView } from '../../electron/services/hiu/consents';
import type { RecordMeta } from '../../electron/store/hiu/health-records';
import { startAppHarness, type AppHarness, type AppHarnessOptions } from './app-harness';

export const DOCTOR = { requesterName: 'Dr. Kavya Rao', requesterRegistrationNumber: 'KA-45821', requesterRegistrationSystem: 'https://www.mciindia.org' };
export const ALL_HI_TYPES = ['OPConsultation', 'Prescription', 'DischargeSummary', 'DiagnosticReport', 'ImmunizationRecord', 'HealthDocumentRecord', 'WellnessRecord'] as const;

export interface HiuApp extends AppHarness {
  /** Waits until the simulator and the app have nothing left to do (callbacks, pushes, acknowledgements). */
  settle(): Promise<void>;
  waitForConsent(id: string, done: (consent: ConsentView) => boolean, what: string): Promise<ConsentView>;
  /**
   * Settles until the patient's records pass `done`: the transfers start once the artefacts are fetched, and on a busy
   * machine (or through a relay) their pages may still be on their way after one settle.
   */
  waitForRecords(patientId: string, done: (records: RecordMeta[]) => boolean, what: string): Promise<RecordMeta[]>;
  control(path: string, body?: unknown): Promise<{ status: number; body: any }>;
  transfers(): TransferRecord[];
  /** The notifications the simulator sent on `path` (e.g. '/consents/hiu/notify'), each with the acknowledgements it got. */
  notificationsSent(path: string): Promise<SentNotification[]>;
  /** Acknowledgements the simulator could not match to a notification it sent. */
  unmatchedAcknowledgements(): Promise<unknown[]>;
  /** Starts recording the core's events; the function returns the payloads of one event so far. */
  listen(): (name: EventName) => any[];
}

export interface SentNotification {
  requestId: string;
  path: string;
  acknowledgements: { path: string; body: any }[];
}

export async function startHiuApp(
  hiu: Partial<HiuSettings> = {},
  sandbox: SandboxOptions = {},
  options: AppHarnessOptions & { relayBacklog?: () => Promise<Record<string, number>> } = {},
): Promise<HiuApp> {
  const relay = options.relayBacklog ? { backlog: options.relayBacklog } : null;
  const app = await startAppHarness({ ...sandbox, hiu: { ...IMMEDIATE_HIU_SETTINGS, ...hiu } }, options);
  await app.call('settings.update', { hiu: DOCTOR });
  const world = hiuWorldOf(app.sandbox.context);
  // Through a relay, a callback may still wait there (or be on its way) after both sides are idle.
  const relayDrained = async () => !relay || Object.keys(await relay.backlog()).length === 0;
  // The simulator's work (callbacks, decisions, pushes) and the app's (applying them, sending what they cause) feed
  // each other: settled when a round of both leaves nothing stored and unapplied and no request of the app's on its
  // way to the simulator (a send begun after a callback was applied, whose answer brings more work). Bounded by time,
  // not rounds: on a busy machine a round takes longer.
  const settle = async () => {
    for (const started = Date.now(); Date.now() - started < 30_000; ) {
      await world.work.idle();
      await app.core.hiu.idle();
      await new Promise((resolve) => setTimeout(resolve, 20));
      await world.work.idle();
      await app.core.hiu.idle();
      const quiet = app.core.hiu.bridge.status().inbox.pending === 0 && app.core.hiu.outbox.sendsUnderWay() === 0;
      if (quiet && (await relayDrained())) return;
    }
    throw new Error('the simulator and the app did not settle within 30 s');
  };
  /** Settles and reads again until what is read passes `done`; fails with `failure` of the last reading. */
  const settleUntil = async <T,>(read: () => Promise<T>, done: (value: T) => boolean, failure: (last: T) => string): Promise<T> => {
    for (let i = 0; i < 100; i += 1) {
      await settle();
      const value = await read();
      if (done(value)) return value;
    }
    expect.fail(failure(await read()));
  };
  const notificationLog = async () => {
    const response = await fetch(`${app.sandbox.url}/_sandbox/hiu/notifications`);
    return (await response.json()) as { sent: SentNotification[]; unmatched: unknown[] };
  };
  return {
    ...app,
    settle,
    waitForConsent: (id, done, what) =>
      settleUntil(() => app.call('consents.get', { id }), done, (consent) => `consent ${id} did not become ${what}: ${JSON.stringify(consent)}`),
    waitForRecords: (patientId, done, what) =>
      settleUntil(
        () => app.call('records.list', { patientId }),
        done,
        (records) => `the records of ${patientId} did not become ${what}: ${JSON.stringify(records.map((r) => `${r.hiType} ${r.status}`))}`,
      ),
    async control(path, body = {}) {
      const response = await fetch(`${app.sandbox.url}/_sandbox${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : undefined };
    },
    transfers: () => [...world.transfers.values()],
    notificationsSent: async (path) => (await notificationLog()).sent.filter((n) => n.path === path),
    unmatchedAcknowledgements: async () => (await notificationLog()).unmatched,
    listen() {
      const events: { event: EventName; payload: unknown }[] = [];
      app.core.events.attach((event, payload) => void events.push({ event, payload }));
      return (name) => events.filter((e) => e.event === name).map((e) => e.payload);
    },
  };
}

/** A consent request for every HI type over the last two years, erased in 30 days. */
export function consentInput(patientId: string, now: number, more: Record<string, unknown> = {}) {
  return {
    patientId,
    purposeCode: 'CAREMGT' as const,
    hiTypes: [...ALL_HI_TYPES],
    from: new Date(now - 2 * 365 * 86_400_000).toISOString(),
    to: new Date(now).toISOString(),
    dataEraseAt: new Date(now + 30 * 86_400_000).toISOString(),
    ...more,
  };
}
