// What every HIU service shares: the database, the outbox, the callback processor, settings, clock, events, the
// audit log, and the patient-status guard. Built once by hiu-engine.ts.
import type { Database } from 'better-sqlite3-multiple-ciphers';
import type { EventName, EventPayloads } from '../../core/events';
import { AppFailure } from '../../shared/errors';
import type { Settings } from '../../store/settings/settings-schema';
import type { AuditLog } from '../day/audit';
import type { HiuCallbackKind, HiuOperation } from '../../abdm/gateway/hiu/hiu-kinds';
import type { HiuMessages } from '../../abdm/gateway/hiu/hiu-messages';
import type { CallbackContext, CallbackHandler, Effects } from '../../gateway/callback-processor';
import type { GatewayOutbox } from '../../gateway/outbox';

/** The HIU id training mode uses when Settings names none (the simulator routes any id to our bridge). */
export const TRAINING_HIU_ID = 'HIU-ABHADESK-TRAINING';

/** The callback processor as the HIU services see it: each kind's handler gets that kind's typed message. */
export interface HiuCallbacks {
  on<K extends HiuCallbackKind>(kind: K, handler: CallbackHandler<HiuMessages[K]>): void;
}

/** What an HIU handler may cause: only the HIU's own operations, so a misspelt one is a type error. */
export type HiuEffects = Effects<HiuOperation>;

/** A received HIU callback of one kind. */
export type HiuCallback<K extends HiuCallbackKind> = CallbackContext<HiuMessages[K]>;

export interface HiuContext {
  db: Database;
  outbox: GatewayOutbox<HiuOperation>;
  processor: HiuCallbacks;
  settings: () => Settings;
  now: () => number;
  emit<E extends EventName>(event: E, payload: EventPayloads[E]): void;
  audit: AuditLog;
}

/** Refuses new requests for a patient the consent manager deactivated or deleted (services/hiu/patient-status.ts). */
export interface PatientGuard {
  assertActive(patientId: string): void;
}

/** Our HIU id as the gateway knows it. */
export function hiuIdOf(settings: Settings): string {
  const configured = settings.hiuId.trim();
  if (configured) return configured;
  if (settings.environment === 'training') return TRAINING_HIU_ID;
  throw new AppFailure('HIU_ID_MISSING');
}

export const isoAt = (now: () => number) => new Date(now()).toISOString();
