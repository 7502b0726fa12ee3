// The registration counter's core (docs/counter.md): the clinic as an HIP takes Scan & Share. It registers the HIP
// role with the gateway pipeline (on when Settings name the facility's HIP id; the counter this desk serves is its
// standing key at the clinic's relay) and handles `profile.share`: inside the callback's one transaction it keeps
// the share, decides the token and queues the on-share, which the outbox sends right after the commit (an
// acknowledgement: no callback is awaited, so the patient's phone has its token within the 30 seconds ABDM allows).
// A share it cannot give a token to is answered FAILED and kept; nothing a share holds stops the queue.
import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3-multiple-ciphers';
import { HIP_ROLE } from '../../abdm/gateway/hip/hip-role';
import type { SharedProfile } from '../../abdm/gateway/hip/hip-messages';
import type { OnSharePayload } from '../../abdm/gateway/hip/on-share';
import { counterKey, hipRecordsKey } from '../../bridge/relay-protocol';
import type { EventName, EventPayloads } from '../../core/events';
import type { CallbackContext, CallbackProcessor, Effects, Outcome } from '../../gateway/callback-processor';
import type { GatewayRoles } from '../../gateway/gateway-roles';
import { AppFailure } from '../../shared/errors';
import { TOKEN_EXPIRY_SECONDS, tokenDay } from '../../shared/share-tokens';
import { CounterShareStore, type CounterShareRow } from '../../store/counter/counter-shares';
import { CounterTokenStore } from '../../store/counter/counter-tokens';
import type { Settings } from '../../store/settings/settings-schema';
import type { CounterSharesPort, ShareView } from './counter-types';
import { relayedTokenOf } from './relayed-token';
import { answerOf, problemOf } from './share-problems';
import { sharedPatientOf, shareViewOf } from './share-view';
import { TokenAllocator, type Allocation } from './token-allocation';

/**
 * How many days of shares the desk keeps (today and the 7 before): the board shows only today's, and the register
 * keeps what the clinic registered; a share is the patient's data, so it is not kept longer than it helps.
 */
export const SHARE_KEEP_DAYS = 7;

export interface CounterSharesDeps {
  db: Database;
  /** The pipeline's roles and processor (HiuEngine.pipeline): the HIP joins the pipeline the HIU built. */
  roles: GatewayRoles;
  processor: CallbackProcessor;
  settings: () => Settings;
  now: () => number;
  emit<E extends EventName>(event: E, payload: EventPayloads[E]): void;
  /** The clinic's time zone for "the day" (tokens restart at its midnight); default this machine's. */
  timeZone?: string;
}

export class CounterShares implements CounterSharesPort {
  readonly store: CounterShareStore;
  private readonly allocator: TokenAllocator;
  private readonly tokens: CounterTokenStore;

  constructor(private readonly deps: CounterSharesDeps) {
    this.store = new CounterShareStore(deps.db);
    this.tokens = new CounterTokenStore(deps.db);
    this.allocator = new TokenAllocator(this.store, this.tokens, deps.timeZone);
  }

  /** Whether the clinic plays the HIP (Settings name its HIP id): its share routes are served only then. */
  isOn(settings = this.deps.settings()): boolean {
    return Boolean(settings.hipId?.trim());
  }

  /** Joins the gateway pipeline as the HIP, and takes its shares. Called once, before the bridge starts. */
  register(): void {
    this.deps.roles.register(HIP_ROLE, {
      id: () => this.deps.settings().hipId?.trim() ?? '',
      isOn: (settings) => this.isOn(settings),
      // The counter this desk serves; and the clinic's records when this desk keeps them (docs/hip.md).
      standingKeys: (settings) => [
        ...(settings.deskCounter ? [counterKey(settings.deskCounter)] : []),
        ...(settings.keepsClinicRecords !== false && settings.hipId?.trim() ? [hipRecordsKey(settings.hipId.trim())] : []),
      ],
    });
    this.deps.processor.on<SharedProfile>('profile.share', (callback, effects) => this.onShare(callback, effects));
  }

  /** Forgets shares (and token numbering) older than SHARE_KEEP_DAYS; run at start-up. Returns how many shares went. */
  sweep(): number {
    const firstKept = tokenDay(this.deps.now() - SHARE_KEEP_DAYS * 24 * 3600_000, this.deps.timeZone);
    this.tokens.forgetBefore(firstKept);
    return this.store.forgetBefore(firstKept);
  }

  /** The day's shares at one counter (Settings' deskCounter when none is named; every counter's when neither), newest first. */
  list(input?: { counterId?: string }): ShareView[] {
    const now = this.deps.now();
    const counterId = input?.counterId ?? this.deps.settings().deskCounter ?? null;
    return this.store.listDay(tokenDay(now, this.deps.timeZone), counterId).map((row) => shareViewOf(row, now));
  }

  share(id: string): ShareView | null {
    const row = this.store.get(id);
    return row ? shareViewOf(row, this.deps.now()) : null;
  }

  markRegistered(id: string, patientNumber: string): void {
    if (!this.store.markRegistered(id, patientNumber, new Date(this.deps.now()).toISOString())) {
      throw new AppFailure('NOT_FOUND', { params: { what: 'share' } });
    }
    this.deps.emit('counter.changed', { id, counterId: this.store.get(id)?.counterId ?? null });
  }

  private onShare(callback: CallbackContext<SharedProfile>, effects: Effects): Outcome {
    const profile = callback.message;
    const now = this.deps.now();
    const sharedAt = Number.isNaN(Date.parse(callback.receivedAt)) ? new Date(now).toISOString() : callback.receivedAt;
    const base = {
      requestId: callback.requestId,
      counterId: profile.counterId,
      day: tokenDay(Date.parse(sharedAt), this.deps.timeZone),
      sharedAt,
      abhaAddress: profile.abhaAddress,
      patient: JSON.stringify(sharedPatientOf(profile)),
    };
    const relayed = relayedTokenOf(callback.headers);
    const applied = { applied: true, patientId: profile.abhaAddress } as const;
    const problem = problemOf(profile, this.deps.settings().hipId ?? '');
    if (problem) {
      const id = randomUUID();
      this.store.add({ ...base, id, tokenNumber: null, validUntil: null, status: 'failed', late: relayed?.late ?? false, problem });
      // Kept late at the relay: the patient's phone gave up long ago, nothing to answer.
      if (!relayed?.late) this.answer(effects, callback, profile, { tokenNumber: null, expirySeconds: null, error: answerOf(problem) });
      effects.emit('counter.changed', { id, counterId: profile.counterId });
      return applied;
    }
    // problemOf saw to both: a share without a counter or an ABHA address has a problem.
    const counterId = profile.counterId!;
    const abhaAddress = profile.abhaAddress!;
    if (relayed?.late) {
      const id = randomUUID();
      this.store.add({ ...base, id, tokenNumber: null, validUntil: null, status: 'waiting', late: true, problem: null });
      effects.emit('counter.changed', { id, counterId });
      return applied;
    }
    const allocation: Allocation = relayed ? this.relayAllocation(counterId, abhaAddress, relayed, now) : this.allocator.allocate(counterId, abhaAddress, now);
    let id: string;
    if (allocation.heldBy) {
      id = allocation.heldBy.id;
      this.store.repeated(id, sharedAt, base.patient);
    } else {
      id = randomUUID();
      const validUntil = new Date(allocation.validUntil).toISOString();
      this.store.add({ ...base, id, tokenNumber: allocation.tokenNumber, validUntil, status: 'waiting', late: false, problem: null });
    }
    // What is left of the token's time: all of it for a new one, the rest for a repeat scan.
    const expirySeconds = Math.min(TOKEN_EXPIRY_SECONDS, Math.max(1, Math.round((allocation.validUntil - now) / 1000)));
    this.answer(effects, callback, profile, { tokenNumber: allocation.tokenNumber, expirySeconds, error: null });
    effects.emit('counter.changed', { id, counterId });
    return applied;
  }

  /** The relay's number; a repeat when this patient already holds that very token here. */
  private relayAllocation(counterId: string, abhaAddress: string, relayed: { tokenNumber: number; validUntil: number }, now: number): Allocation {
    const held: CounterShareRow | null = this.store.heldToken(counterId, abhaAddress, new Date(now).toISOString());
    return { tokenNumber: relayed.tokenNumber, validUntil: relayed.validUntil, heldBy: held?.tokenNumber === relayed.tokenNumber ? held : null };
  }

  private answer(effects: Effects, callback: CallbackContext<SharedProfile>, profile: SharedProfile, decided: Pick<OnSharePayload, 'tokenNumber' | 'expirySeconds' | 'error'>): void {
    const payload: OnSharePayload = { shareRequestId: callback.requestId, abhaAddress: profile.abhaAddress, counterId: profile.counterId, ...decided };
    effects.enqueue('profile.onShare', payload, { patientId: profile.abhaAddress });
  }
}
