// The clinic's visits as ABDM care contexts, and their HIP-initiated linking to the patient's ABHA
// (docs/hip-linking.md, abdm-frontdesk.md §3). A registration opens the day's visit; linking then runs on its own
// through the gateway pipeline, never holding up the clerk: on v3 a link token by demographics (generate-token,
// kept per ABHA address for its 6 months) and link/carecontext with it; on v0.5 the token is the access token of
// users/auth/* with purpose LINK. Each step is stored with the visit (and its outbox request), so a restart picks
// up what was under way; each callback is applied inside its stored callback's transaction.
import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3-multiple-ciphers';
import type { GatewayAcknowledgement, LinkTokenAnswer } from '../../abdm/gateway/hip/hip-flow-messages';
import type { AddCareContextsPayload, ContextNotifyPayload, GenerateLinkTokenPayload, SmsNotifyPayload } from '../../abdm/gateway/hip/hip-payloads';
import type { EventName, EventPayloads } from '../../core/events';
import type { CallbackContext, CallbackProcessor, Effects, Outcome } from '../../gateway/callback-processor';
import type { GatewayOutbox } from '../../gateway/outbox';
import { AppFailure } from '../../shared/errors';
import { HipVisitStore, type LinkChange, type StoredVisit } from '../../store/hip/visits';
import { LinkTokenStore } from '../../store/hip/link-tokens';
import type { OutboxEntry } from '../../store/gateway/outbox';
import type { Settings } from '../../store/settings/settings-schema';
import type { RegisteredPatient } from '../register/register-types';
import type { DocumentKind, VisitRecord, VisitsPort, VisitView } from './hip-types';
import { BLOCKED_CODE, LINK_BLOCK_MS, blockedUntil, isLinkTokenRefusal, linkTokenValidUntil, usableLinkToken, visitDay, visitDisplay } from './link-rules';
import { legacyLinkToken, type AuthAnswers } from './link-auth-v05';

/** What a visit's link is named by when it is shown: an OPD visit is an OP consultation until documents say more. */
const VISIT_HI_TYPE = 'OPConsultation';

type Enqueue = (operation: string, payload: Record<string, unknown>, context?: { patientId?: string | null }) => string | null;

export interface HipVisitsDeps {
  db: Database;
  /** The pipeline's outbox (HiuEngine.pipeline): requests are queued in the visit's transaction, sent after it. */
  outbox: GatewayOutbox;
  processor: CallbackProcessor;
  settings: () => Settings;
  now: () => number;
  emit<E extends EventName>(event: E, payload: EventPayloads[E]): void;
  /** The clinic's register: the patient's demographics when linking resumes or is tried again. */
  register: { get(input: { patientNumber: string }): RegisteredPatient };
  /** v0.5 only: KycAuth's kept answers to users/auth/init and confirm (the HIU's handlers keep them). */
  authAnswers?: AuthAnswers;
  /** The clinic's time zone for "the day" (one visit per patient per day); default this machine's. */
  timeZone?: string;
}

export class HipVisits implements VisitsPort {
  private readonly store: HipVisitStore;
  private readonly tokens: LinkTokenStore;
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(private readonly deps: HipVisitsDeps) {
    this.store = new HipVisitStore(deps.db);
    this.tokens = new LinkTokenStore(deps.db);
  }

  /** Takes the link callbacks (the HIP role itself is registered by CounterShares.register()). */
  register(): void {
    this.deps.processor.on<LinkTokenAnswer>('linkToken.onGenerate', (callback, effects) => this.onLinkToken(callback, effects));
    this.deps.processor.on<GatewayAcknowledgement>('links.onAddCareContexts', (callback, effects) => this.onLinked(callback, effects));
    this.deps.outbox.onTimedOut((entry) => this.timedOut(entry));
  }

  /**
   * At start-up, after the pipeline is up: linking that was under way goes on. A visit whose request is still in the
   * outbox waits for it; one whose request is gone, refused or never answered (or whose v0.5 authentication lived
   * only in the last process) starts again; a block that has passed is tried again.
   */
  resume(): void {
    for (const visit of this.store.withStatus('linking')) {
      const entry = visit.linkRequestId ? this.deps.outbox.get(visit.linkRequestId) : undefined;
      const pending = entry && ['queued', 'sent', 'accepted'].includes(entry.state);
      if (!pending) this.startLinking(visit.id);
      // v0.5: the authentication goes on from the request under way (its answer is kept when it comes).
      else if (visit.linkStep === 'auth') void this.linkLegacy(visit.id, { operation: entry.operation, requestId: entry.requestId });
      else this.watch(visit.id, entry.requestId);
    }
    for (const visit of this.store.withStatus('blocked')) this.retryWhenUnblocked(visit);
  }

  /** Stops the timers of blocked visits (the app closes). */
  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  open(patient: RegisteredPatient, doctor?: string | null): VisitRecord {
    const now = this.deps.now();
    const day = visitDay(now, this.deps.timeZone);
    const today = this.store.onDay(patient.patientNumber, day);
    if (today) {
      // The patient came back the same day, perhaps now with an ABHA address: the visit is linked if it can be.
      const waiting = today.linkStatus === 'not-linked' || today.linkStatus === 'no-abha-address';
      if (waiting && patient.abhaAddress && this.isOn()) {
        this.store.change(today.id, { abhaAddress: patient.abhaAddress, abhaNumber: patient.abhaNumber });
        this.startLinking(today.id, patient);
      }
      return recordOf(this.store.get(today.id)!);
    }
    const id = randomUUID();
    this.store.add({
      id,
      patientNumber: patient.patientNumber,
      day,
      abhaAddress: patient.abhaAddress,
      abhaNumber: patient.abhaNumber,
      display: visitDisplay(day, doctor),
      doctor: doctor?.trim() || null,
      openedAt: new Date(now).toISOString(),
      linkStatus: 'not-linked',
    });
    this.changed(id, patient.patientNumber);
    if (this.isOn()) this.startLinking(id, patient);
    return recordOf(this.store.get(id)!);
  }

  get(visitId: string): VisitRecord | null {
    const visit = this.store.get(visitId);
    return visit ? recordOf(visit) : null;
  }

  forPatient(patientNumber: string): VisitRecord[] {
    return this.store.forPatient(patientNumber).map(recordOf);
  }

  markLinkedByPatient(visitIds: readonly string[]): void {
    const at = new Date(this.deps.now()).toISOString();
    const done = this.store.inTransaction(() =>
      visitIds.flatMap((id) => {
        const visit = this.store.get(id);
        if (!visit || visit.linkStatus === 'linked') return [];
        this.linkedNow(visit, at, 'patient', this.outboxEnqueue);
        return [visit];
      }),
    );
    this.deps.outbox.flush();
    for (const visit of done) this.changed(visit.id, visit.patientNumber);
  }

  newData(visitId: string, hiType: DocumentKind): void {
    const visit = this.mustGet(visitId);
    this.store.inTransaction(() => {
      if (visit.linkStatus === 'linked' && this.isOn()) this.notifyNewData(visit, [hiType], this.outboxEnqueue);
      else if (!visit.unsentHiTypes.includes(hiType)) this.store.change(visit.id, { unsentHiTypes: [...visit.unsentHiTypes, hiType] });
    });
    this.deps.outbox.flush();
  }

  relink(visitId: string): VisitRecord {
    const visit = this.mustGet(visitId);
    const until = visit.abhaAddress ? blockedUntil(this.tokens.get(visit.abhaAddress), this.deps.now()) : null;
    if (until) throw new AppFailure('LINK_REFUSED', { abdmCode: BLOCKED_CODE, params: { reason: 'blocked', until } });
    if (visit.linkStatus === 'linked' || visit.linkStatus === 'linking') return recordOf(visit);
    const patient = this.patientOf(visit.patientNumber);
    // The register may know an ABHA address the visit did not have when it was opened.
    if (patient?.abhaAddress && patient.abhaAddress !== visit.abhaAddress) this.store.change(visit.id, { abhaAddress: patient.abhaAddress, abhaNumber: patient.abhaNumber });
    this.store.change(visit.id, { tokenRenewed: false });
    this.startLinking(visit.id, patient ?? undefined);
    return recordOf(this.store.get(visit.id)!);
  }

  linkOf(visitId: string): VisitView['link'] {
    const visit = this.mustGet(visitId);
    const problem = visit.problemCode ? { code: visit.problemCode, abdmCode: visit.problemAbdmCode, retryAfter: visit.retryAfter } : null;
    return { status: visit.linkStatus, problem, at: visit.linkedAt, how: visit.linkedHow };
  }

  /** Starts (or starts again) linking a visit; never throws: what goes wrong is the visit's problem. */
  private startLinking(visitId: string, known?: RegisteredPatient): void {
    let requestId: string | null = null;
    let legacy = false;
    try {
      requestId = this.store.inTransaction(() => {
        const visit = this.store.get(visitId)!;
        const patient = known ?? this.patientOf(visit.patientNumber);
        if (!visit.abhaAddress) return this.smsInstead(visit, patient);
        const until = blockedUntil(this.tokens.get(visit.abhaAddress), this.deps.now());
        if (until) {
          this.block(visit, until);
          return null;
        }
        if (this.deps.settings().abdmApi === 'v1') {
          legacy = true;
          this.store.change(visit.id, { ...NO_PROBLEM, linkStatus: 'linking', linkStep: 'auth', linkRequestId: null });
          return null;
        }
        return this.linkOrAskToken(visit, patient, this.outboxEnqueue);
      });
    } catch (error) {
      this.fail(visitId, error);
    }
    this.deps.outbox.flush();
    if (requestId) this.watch(visitId, requestId);
    this.changedById(visitId);
    if (legacy) void this.linkLegacy(visitId);
  }

  /** v3: the cached token when it still holds, else a new one by demographics. Returns the request to watch. */
  private linkOrAskToken(visit: StoredVisit, patient: RegisteredPatient | null, enqueue: Enqueue): string | null {
    const token = usableLinkToken(this.tokens.get(visit.abhaAddress!), this.deps.now());
    if (token) return this.sendLink(visit, patient, token, enqueue);
    const yearOfBirth = patient?.yearOfBirth ?? yearOf(patient?.dateOfBirth);
    if (!patient || !yearOfBirth) {
      this.store.change(visit.id, { linkStatus: 'failed', linkStep: null, linkRequestId: null, problemCode: 'LINK_REFUSED', problemAbdmCode: null, retryAfter: null });
      return null;
    }
    const payload: GenerateLinkTokenPayload = { abhaNumber: visit.abhaNumber, abhaAddress: visit.abhaAddress!, name: patient.name, gender: patient.gender, yearOfBirth };
    const requestId = enqueue('linkToken.generate', payload, { patientId: visit.abhaAddress });
    this.store.change(visit.id, { ...NO_PROBLEM, linkStatus: 'linking', linkStep: 'token', linkRequestId: requestId });
    return requestId;
  }

  /** links.addCareContexts with the token: the visit as one care context under the patient's number. */
  private sendLink(visit: StoredVisit, patient: RegisteredPatient | null, linkToken: string, enqueue: Enqueue): string | null {
    const payload: AddCareContextsPayload = {
      linkToken,
      abhaNumber: visit.abhaNumber,
      abhaAddress: visit.abhaAddress!,
      patientReference: visit.patientNumber,
      patientDisplay: patient?.name ?? visit.patientNumber,
      careContexts: [{ referenceNumber: visit.id, display: visit.display }],
      hiType: (visit.unsentHiTypes[0] as string | undefined) ?? VISIT_HI_TYPE,
      count: Math.max(1, visit.unsentHiTypes.length),
    };
    const requestId = enqueue('links.addCareContexts', payload, { patientId: visit.abhaAddress });
    this.store.change(visit.id, { ...NO_PROBLEM, linkStatus: 'linking', linkStep: 'link', linkRequestId: requestId });
    return requestId;
  }

  /** No ABHA address: the patient gets ABDM's SMS deep link to their mobile (when one is known) to link themselves. */
  private smsInstead(visit: StoredVisit, patient: RegisteredPatient | null): string | null {
    this.store.change(visit.id, { linkStatus: 'no-abha-address', linkStep: null, linkRequestId: null });
    if (!patient?.mobile) return null;
    const settings = this.deps.settings();
    const payload: SmsNotifyPayload = { phoneNo: patient.mobile, hipId: settings.hipId!.trim(), hipName: settings.hipName?.trim() || settings.clinicName.trim() || null };
    this.deps.outbox.enqueue('sms.notify', payload, { patientId: null });
    return null;
  }

  /** v0.5: the link token is users/auth/*'s access token (purpose LINK, by demographics), then the link as on v3. */
  private async linkLegacy(visitId: string, pending?: { operation: string; requestId: string }): Promise<void> {
    const started = this.store.get(visitId);
    if (!started?.abhaAddress) return;
    try {
      if (!this.deps.authAnswers) throw new AppFailure('INTERNAL', { params: { reason: 'no-auth-answers' } });
      const patient = this.patientOf(started.patientNumber);
      if (!patient) throw new AppFailure('LINK_REFUSED');
      const token = await legacyLinkToken({
        outbox: this.deps.outbox,
        answers: this.deps.authAnswers,
        hipId: this.deps.settings().hipId?.trim() ?? '',
        abhaAddress: started.abhaAddress,
        patient,
        enqueue: (operation, payload) =>
          this.store.inTransaction(() => {
            const requestId = this.deps.outbox.enqueue(operation, payload, { patientId: started.abhaAddress });
            this.store.change(visitId, { linkRequestId: requestId });
            return requestId;
          }),
      }, pending);
      const requestId = this.store.inTransaction(() => {
        const visit = this.store.get(visitId);
        if (visit?.linkStatus !== 'linking' || visit.linkStep !== 'auth') return null;
        return this.sendLink(visit, patient, token, this.outboxEnqueue);
      });
      this.deps.outbox.flush();
      if (requestId) this.watch(visitId, requestId);
    } catch (error) {
      if (this.closed) return;
      const visit = this.store.get(visitId);
      if (visit?.linkStatus === 'linking' && visit.linkStep === 'auth') this.fail(visitId, error);
    }
    this.changedById(visitId);
  }

  /** `linkToken.onGenerate`: keep the token and link with it; or the block, or the refusal. */
  private onLinkToken(callback: CallbackContext<LinkTokenAnswer>, effects: Effects): Outcome {
    const visits = callback.respRequestId ? this.store.byRequest(callback.respRequestId) : [];
    const answer = callback.message;
    const code = answer.error?.code ?? callback.errorCode;
    for (const visit of visits) {
      const abhaAddress = visit.abhaAddress!;
      if (code === BLOCKED_CODE) this.block(visit, new Date(this.deps.now() + LINK_BLOCK_MS).toISOString(), abhaAddress);
      else if (code || !answer.linkToken) this.refused(visit, code);
      else {
        this.tokens.keep(abhaAddress, answer.linkToken, linkTokenValidUntil(this.deps.now()));
        this.watchAfter(effects, visit.id, this.sendLink(visit, this.patientOf(visit.patientNumber), answer.linkToken, effects.enqueue));
      }
      effects.emit('hip.changed', { visitId: visit.id, patientNumber: visit.patientNumber });
    }
    return { applied: true, patientId: visits[0]?.abhaAddress ?? answer.abhaAddress };
  }

  /** `links.onAddCareContexts`: linked (and what was filed meanwhile told), or a token to renew once, or refused. */
  private onLinked(callback: CallbackContext<GatewayAcknowledgement>, effects: Effects): Outcome {
    const visits = callback.respRequestId ? this.store.byRequest(callback.respRequestId) : [];
    const error = callback.message.error ?? (callback.errorCode ? { code: callback.errorCode, message: '' } : null);
    const legacy: string[] = [];
    for (const visit of visits) {
      if (!error) this.linkedNow(visit, callback.receivedAt, 'desk', effects.enqueue);
      else if (isLinkTokenRefusal(error) && !visit.tokenRenewed) {
        this.tokens.drop(visit.abhaAddress!);
        this.store.change(visit.id, { tokenRenewed: true });
        if (this.deps.settings().abdmApi === 'v1') {
          this.store.change(visit.id, { linkStep: 'auth', linkRequestId: null });
          legacy.push(visit.id);
        } else this.watchAfter(effects, visit.id, this.linkOrAskToken(this.store.get(visit.id)!, this.patientOf(visit.patientNumber), effects.enqueue));
      } else this.refused(visit, error.code);
      effects.emit('hip.changed', { visitId: visit.id, patientNumber: visit.patientNumber });
    }
    for (const id of legacy) effects.after(() => void this.linkLegacy(id));
    return { applied: true, patientId: visits[0]?.abhaAddress ?? null };
  }

  private linkedNow(visit: StoredVisit, at: string, how: 'desk' | 'patient', enqueue: Enqueue): void {
    this.store.change(visit.id, { ...NO_PROBLEM, linkStatus: 'linked', linkStep: null, linkRequestId: null, linkedAt: at, linkedHow: how, unsentHiTypes: [] });
    if (visit.unsentHiTypes.length > 0 && visit.abhaAddress) this.notifyNewData(visit, visit.unsentHiTypes, enqueue);
  }

  private notifyNewData(visit: StoredVisit, hiTypes: string[], enqueue: Enqueue): void {
    const payload: ContextNotifyPayload = {
      abhaAddress: visit.abhaAddress!,
      patientReference: visit.patientNumber,
      careContextReference: visit.id,
      hiTypes,
      date: new Date(this.deps.now()).toISOString(),
      hipId: this.deps.settings().hipId?.trim() ?? '',
    };
    enqueue('links.contextNotify', payload, { patientId: visit.abhaAddress });
  }

  /** ABDM-1027: nothing more is tried for this patient until the block passes; then the visit is tried again. */
  private block(visit: StoredVisit, until: string, abhaAddress = visit.abhaAddress!): void {
    this.tokens.block(abhaAddress, until);
    this.store.change(visit.id, { linkStatus: 'blocked', linkStep: null, linkRequestId: null, problemCode: 'LINK_REFUSED', problemAbdmCode: BLOCKED_CODE, retryAfter: until });
    this.retryWhenUnblocked({ ...visit, retryAfter: until });
  }

  private refused(visit: StoredVisit, abdmCode: string | null): void {
    this.store.change(visit.id, { linkStatus: 'failed', linkStep: null, linkRequestId: null, problemCode: 'LINK_REFUSED', problemAbdmCode: abdmCode, retryAfter: null });
  }

  /** A step failed before ABDM answered (refused by the gateway, no answer, a setting missing). */
  private fail(visitId: string, error: unknown): void {
    const failure = error instanceof AppFailure ? error : new AppFailure('INTERNAL');
    this.store.change(visitId, { linkStatus: 'failed', linkStep: null, linkRequestId: null, problemCode: failure.code, problemAbdmCode: failure.abdmCode ?? null, retryAfter: null });
  }

  /** An outbox request of a visit timed out (inside the transaction that marks it): the visit failed, kept so. */
  private timedOut(entry: OutboxEntry): void {
    for (const visit of this.store.byRequest(entry.requestId)) {
      this.store.change(visit.id, { linkStatus: 'failed', linkStep: null, linkRequestId: null, problemCode: 'GATEWAY_NO_ANSWER', problemAbdmCode: null, retryAfter: null });
      this.deps.emit('hip.changed', { visitId: visit.id, patientNumber: visit.patientNumber });
    }
  }

  /** Marks the visit failed when the gateway refuses its request (a timeout is timedOut's; an answer the handlers'). */
  private watch(visitId: string, requestId: string): void {
    this.deps.outbox.waitForAnswer(requestId).catch((error: unknown) => {
      if (this.closed) return;
      const visit = this.store.get(visitId);
      if (visit?.linkStatus !== 'linking' || visit.linkRequestId !== requestId) return;
      this.fail(visitId, error);
      this.changed(visitId, visit.patientNumber);
    });
  }

  /** watch(), once the handler's transaction has committed the request. */
  private watchAfter(effects: Effects, visitId: string, requestId: string | null): void {
    if (requestId) effects.after(() => this.watch(visitId, requestId));
  }

  private retryWhenUnblocked(visit: StoredVisit): void {
    if (this.closed || !visit.retryAfter) return;
    const wait = Math.max(0, Date.parse(visit.retryAfter) - this.deps.now());
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const now = this.store.get(visit.id);
      if (now?.linkStatus === 'blocked' && this.isOn()) this.startLinking(visit.id);
    }, wait);
    timer.unref?.();
    this.timers.add(timer);
  }

  private readonly outboxEnqueue: Enqueue = (operation, payload, context) => this.deps.outbox.enqueue(operation, payload, context);

  private isOn(): boolean {
    return Boolean(this.deps.settings().hipId?.trim());
  }

  private patientOf(patientNumber: string): RegisteredPatient | null {
    try {
      return this.deps.register.get({ patientNumber });
    } catch {
      return null;
    }
  }

  private mustGet(visitId: string): StoredVisit {
    const visit = this.store.get(visitId);
    if (!visit) throw new AppFailure('NOT_FOUND', { params: { what: 'visit' } });
    return visit;
  }

  private changedById(visitId: string): void {
    const visit = this.store.get(visitId);
    if (visit) this.changed(visit.id, visit.patientNumber);
  }

  private changed(visitId: string, patientNumber: string): void {
    this.deps.emit('hip.changed', { visitId, patientNumber });
  }
}

const NO_PROBLEM: LinkChange = { problemCode: null, problemAbdmCode: null, retryAfter: null };

function recordOf(visit: StoredVisit): VisitRecord {
  const { id, patientNumber, abhaAddress, abhaNumber, display, doctor, openedAt, linkStatus } = visit;
  return { id, patientNumber, abhaAddress, abhaNumber, display, doctor, openedAt, linkStatus };
}

function yearOf(dateOfBirth: string | null | undefined): number | null {
  const year = dateOfBirth ? Number(dateOfBirth.slice(0, 4)) : Number.NaN;
  return Number.isInteger(year) && year > 1800 ? year : null;
}
