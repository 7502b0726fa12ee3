// Consent requests from the desk's side (reference/spec/gateway-v05.md §2.10–2.13): ask the consent manager, learn
// its id (on-init), follow the patient's decision (consents/hiu/notify, acknowledged every time), fetch each granted
// artefact (consents/fetch → on-fetch) and hand it to the health-information service; a revoked or expired
// artefact has its records erased at once.
import { randomUUID } from 'node:crypto';
import { abdmTimeToIso } from '../../abdm/abdm-time';
import { supports } from '../../abdm/gateway/capabilities';
import { AppFailure } from '../../shared/errors';
import { purposeOf, type PurposeCode } from '../../shared/hiu-terms';
import type { OutboxEntry } from '../../store/gateway/outbox';
import { ConsentStore, type ArtefactRow, type ConsentRequestRow, type ConsentStatus, type Requester } from '../../store/hiu/consents';
import type { Outcome } from '../../gateway/callback-processor';
import { hiuIdOf, isoAt, type HiuCallback, type HiuContext, type PatientGuard, type HiuEffects } from './hiu-context';

export interface ConsentRequestInput {
  patientId: string;
  purposeCode: PurposeCode;
  hiTypes: string[];
  from: string;
  to: string;
  dataEraseAt: string;
  hipId?: string;
}

export interface ArtefactView {
  id: string;
  status: ArtefactRow['status'];
  hipId: string | null;
  hipName: string | null;
  hiTypes: string[] | null;
  from: string | null;
  to: string | null;
  dataEraseAt: string | null;
  fetched: boolean;
  erasedAt: string | null;
}

export interface ConsentView {
  id: string;
  gatewayId: string | null;
  patientId: string;
  purposeCode: string;
  hiTypes: string[];
  from: string;
  to: string;
  dataEraseAt: string;
  requester: Requester;
  status: ConsentStatus;
  errorCode: string | null;
  createdAt: string;
  updatedAt: string;
  artefacts: ArtefactView[];
}

/** What the consent service asks of the others when an artefact becomes usable or ends. */
export interface ConsentHooks {
  /** A granted artefact was fetched: request its health information (inside the callback's transaction). */
  artefactReady(artefactId: string, effects: HiuEffects): void;
  /** An artefact was revoked or expired: erase its records at once (inside the transaction). */
  artefactEnded(artefactId: string, reason: 'REVOKED' | 'EXPIRED'): void;
}

export class ConsentService {
  readonly store: ConsentStore;

  constructor(
    private readonly ctx: HiuContext,
    private readonly guard: PatientGuard,
    private readonly hooks: ConsentHooks,
    private readonly pushUrlReady: () => void,
  ) {
    this.store = new ConsentStore(ctx.db);
  }

  register(): void {
    const { processor } = this.ctx;
    processor.on('consentRequests.onInit', (cb) => this.onInit(cb));
    processor.on('consentRequests.onStatus', (cb, effects) => this.onStatus(cb, effects));
    processor.on('consents.notify', (cb, effects) => this.onNotify(cb, effects));
    processor.on('consents.onFetch', (cb, effects) => this.onFetch(cb, effects));
    this.ctx.outbox.onTimedOut((entry) => this.initTimedOut(entry));
  }

  /** ABDM took the request but never said so to this desk: the patient was never asked, and the desk says that. */
  private initTimedOut(entry: OutboxEntry): void {
    if (entry.operation !== 'consentRequests.init' || !entry.consentRequestId) return;
    if (this.store.markNoAnswer(entry.consentRequestId, isoAt(this.ctx.now))) this.changed(entry.consentRequestId);
  }

  async request(input: ConsentRequestInput): Promise<ConsentView> {
    const settings = this.ctx.settings();
    this.guard.assertActive(input.patientId);
    const hiuId = hiuIdOf(settings);
    this.pushUrlReady();
    const requester = requesterOf(settings.hiu);
    checkDates(input, this.ctx.now());
    // Gateway v0.5's consent manager refuses an HI type outside its seven; say so before anything is sent.
    if (input.hiTypes.includes('Invoice') && !supports(settings.abdmApi, 'invoice-records')) {
      throw new AppFailure('NOT_ON_THIS_API', { params: { reason: 'invoice-records' } });
    }
    const at = isoAt(this.ctx.now);
    const consent = {
      purpose: purposeOf(input.purposeCode),
      patient: { id: input.patientId },
      ...(input.hipId ? { hip: { id: input.hipId } } : {}),
      hiu: { id: hiuId },
      requester,
      hiTypes: input.hiTypes,
      permission: {
        accessMode: 'VIEW',
        dateRange: { from: input.from, to: input.to },
        dataEraseAt: input.dataEraseAt,
        // One fetch an hour at most, as ABDM's own HIU asks; repeats 0: no standing repeat.
        frequency: { unit: 'HOUR', value: 1, repeats: 0 },
      },
    };
    // Our id for the consent request is the requestId of its init, so the init is filed under it from the start.
    const id = randomUUID();
    this.ctx.db.transaction(() => {
      this.ctx.outbox.enqueue('consentRequests.init', { consent }, { requestId: id, patientId: input.patientId, consentRequestId: id });
      this.store.addRequest({ id, patientId: input.patientId, hiuId, purposeCode: input.purposeCode, hiTypes: input.hiTypes, dateFrom: input.from, dateTo: input.to, dataEraseAt: input.dataEraseAt, requester, status: 'SENDING', createdAt: at });
    }).immediate();
    this.ctx.audit.record('consent.requested', null, `${input.patientId} ${input.purposeCode} ${input.hiTypes.join(',')}`);
    const entry = await this.ctx.outbox.sendNow(id);
    if (entry.state === 'refused') {
      this.store.setStatus(id, 'FAILED', isoAt(this.ctx.now), entry.errorCode);
      this.changed(id);
      // Rejects with the gateway's refusal in the operator's terms; the request stays listed as FAILED.
      await this.ctx.outbox.waitForAnswer(id);
    }
    // The gateway took it: the consent manager has it now, whether or not its on-init came yet.
    if (entry.state !== 'queued' && entry.state !== 'sent' && this.store.request(id)?.status === 'SENDING') this.store.setStatus(id, 'REQUESTED', isoAt(this.ctx.now));
    this.changed(id);
    return this.get({ id });
  }

  list(filter: { patientId?: string } = {}): ConsentView[] {
    return this.store.listRequests(filter).map((row) => this.view(row));
  }

  get({ id }: { id: string }): ConsentView {
    const row = this.store.request(id);
    if (!row) throw new AppFailure('NOT_FOUND', { params: { what: 'consent-request' } });
    return this.view(row);
  }

  /** Asks the consent manager for the request's status now (consent-requests/status) and returns it once answered. */
  async refresh({ id }: { id: string }): Promise<ConsentView> {
    const row = this.get({ id });
    if (!row.gatewayId) return row;
    const sent = await this.ctx.outbox.send('consentRequests.status', { consentRequestId: row.gatewayId }, { patientId: row.patientId, consentRequestId: id });
    await this.ctx.outbox.waitForAnswer(sent.requestId);
    return this.get({ id });
  }

  private onInit(cb: HiuCallback<'consentRequests.onInit'>): Outcome {
    const row = cb.respRequestId ? this.store.request(cb.respRequestId) : undefined;
    if (!row) return { applied: true };
    const at = isoAt(this.ctx.now);
    const gatewayId = cb.message.consentRequestId;
    if (cb.errorCode || gatewayId === null) this.store.setStatus(row.id, 'FAILED', at, cb.errorCode ?? 'NO_ID');
    else this.store.setGatewayId(row.id, gatewayId, at);
    this.changed(row.id);
    return { applied: true, patientId: row.patientId, consentRequestId: row.id };
  }

  private onStatus(cb: HiuCallback<'consentRequests.onStatus'>, effects: HiuEffects): Outcome {
    const request = cb.respRequestId ? this.ctx.outbox.get(cb.respRequestId) : undefined;
    const row = request?.consentRequestId ? this.store.request(request.consentRequestId) : undefined;
    if (!row || cb.errorCode) return { applied: true, patientId: row?.patientId, consentRequestId: row?.id };
    const { status, artefactIds: artefacts } = cb.message;
    if (status === 'GRANTED') this.grant(row, artefacts, effects);
    else if (status && status !== 'REQUESTED' && status !== row.status) this.store.setStatus(row.id, status, isoAt(this.ctx.now));
    this.changed(row.id);
    return { applied: true, patientId: row.patientId, consentRequestId: row.id };
  }

  private onNotify(cb: HiuCallback<'consents.notify'>, effects: HiuEffects): Outcome {
    const notification = cb.message;
    const status = notification.status;
    const artefacts = notification.artefactIds;
    const row = this.requestOfNotification(notification.consentRequestId, artefacts);
    if (!row) {
      // It may have overtaken the on-init that tells us the consent manager's id for our request.
      if (this.store.anyAwaitingGatewayId()) {
        return { waitFor: `consent request ${String(notification.consentRequestId ?? undefined)} is not known yet` };
      }
      effects.enqueue('consents.onNotify', { acknowledgement: artefacts.map((consentId) => ({ status: 'UNKNOWN', consentId })), resp: { requestId: cb.requestId } });
      return { applied: true };
    }
    const at = isoAt(this.ctx.now);
    const acknowledgement = artefacts.map((consentId) => ({ status: 'OK', consentId }));
    if (status === 'GRANTED') this.grant(row, artefacts, effects);
    else if (status === 'REVOKED' || status === 'EXPIRED') {
      if (artefacts.length === 0) this.store.setStatus(row.id, status, at);
      for (const [index, artefactId] of artefacts.entries()) {
        const artefact = this.store.artefact(artefactId);
        if (!artefact || artefact.consentRequestId !== row.id) {
          acknowledgement[index] = { status: 'UNKNOWN', consentId: artefactId };
          continue;
        }
        this.store.setArtefactStatus(artefactId, status, at);
        this.hooks.artefactEnded(artefactId, status);
      }
      // The request itself ends once none of its artefacts is still granted.
      if (artefacts.length > 0 && !this.store.artefactsOf(row.id).some((a) => a.status === 'GRANTED')) this.store.setStatus(row.id, status, at);
    } else if (status === 'DENIED') this.store.setStatus(row.id, 'DENIED', at);
    effects.enqueue('consents.onNotify', { acknowledgement, resp: { requestId: cb.requestId } }, { patientId: row.patientId, consentRequestId: row.id });
    this.changed(row.id, effects);
    return { applied: true, patientId: row.patientId, consentRequestId: row.id };
  }

  private onFetch(cb: HiuCallback<'consents.onFetch'>, effects: HiuEffects): Outcome {
    const request = cb.respRequestId ? this.ctx.outbox.get(cb.respRequestId) : undefined;
    const artefactId = request?.payload.consentId as string | undefined;
    const artefact = artefactId ? this.store.artefact(artefactId) : undefined;
    if (!artefact) return { applied: true };
    const keys = { patientId: artefact.patientId, consentRequestId: artefact.consentRequestId };
    const consent = cb.message.consent;
    if (cb.errorCode || !consent) return { applied: true, ...keys };
    const at = isoAt(this.ctx.now);
    this.store.setArtefactDetail(
      artefact.id,
      {
        hipId: consent.hipId,
        hipName: consent.hipName,
        hiTypes: consent.hiTypes,
        dateFrom: abdmTimeToIso(consent.dateFrom) ?? '',
        dateTo: abdmTimeToIso(consent.dateTo) ?? '',
        dataEraseAt: abdmTimeToIso(consent.dataEraseAt) ?? at,
        json: JSON.stringify(consent.detail),
        signature: consent.signature,
        status: consent.status === 'REVOKED' || consent.status === 'EXPIRED' ? consent.status : 'GRANTED',
      },
      at,
    );
    const updated = this.store.artefact(artefact.id)!;
    if (updated.status === 'GRANTED' && !updated.erasedAt && (updated.dataEraseAt ?? '') > at) this.hooks.artefactReady(artefact.id, effects);
    this.changed(artefact.consentRequestId, effects);
    return { applied: true, ...keys };
  }

  private grant(row: ConsentRequestRow, artefacts: string[], effects: HiuEffects): void {
    this.store.setStatus(row.id, 'GRANTED', isoAt(this.ctx.now));
    for (const artefactId of artefacts) {
      if (!this.store.addArtefact(artefactId, row.id, row.patientId, isoAt(this.ctx.now))) continue;
      effects.enqueue('consents.fetch', { consentId: artefactId }, { patientId: row.patientId, consentRequestId: row.id });
    }
  }

  private requestOfNotification(gatewayId: string | null, artefacts: string[]): ConsentRequestRow | undefined {
    if (gatewayId) {
      const row = this.store.requestByGatewayId(gatewayId);
      if (row) return row;
    }
    // REVOKED may name only the artefacts.
    for (const artefactId of artefacts) {
      const artefact = this.store.artefact(artefactId);
      if (artefact) return this.store.request(artefact.consentRequestId);
    }
    return undefined;
  }

  private changed(id: string, effects?: HiuEffects): void {
    if (effects) effects.emit('consents.changed', { id });
    else this.ctx.emit('consents.changed', { id });
  }

  private view(row: ConsentRequestRow): ConsentView {
    return {
      id: row.id,
      gatewayId: row.gatewayId,
      patientId: row.patientId,
      purposeCode: row.purposeCode,
      hiTypes: row.hiTypes,
      from: row.dateFrom,
      to: row.dateTo,
      dataEraseAt: row.dataEraseAt,
      requester: row.requester,
      status: row.status,
      errorCode: row.errorCode,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      artefacts: this.store.artefactsOf(row.id).map((a) => ({
        id: a.id,
        status: a.status,
        hipId: a.hipId,
        hipName: a.hipName,
        hiTypes: a.hiTypes,
        from: a.dateFrom,
        to: a.dateTo,
        dataEraseAt: a.dataEraseAt,
        fetched: a.fetchedAt !== null,
        erasedAt: a.erasedAt,
      })),
    };
  }
}

function requesterOf(hiu: { requesterName: string; requesterRegistrationNumber: string; requesterRegistrationSystem: string }): Requester {
  if (!hiu.requesterName.trim()) throw new AppFailure('REQUESTER_MISSING');
  const regNo = hiu.requesterRegistrationNumber.trim();
  return {
    name: hiu.requesterName.trim(),
    ...(regNo ? { identifier: { type: 'REGNO', value: regNo, ...(hiu.requesterRegistrationSystem ? { system: hiu.requesterRegistrationSystem } : {}) } } : {}),
  };
}

/** The consent manager refuses these too (1418), but saying so before anything is sent is kinder. */
function checkDates(input: ConsentRequestInput, now: number): void {
  const fields = [];
  if (Date.parse(input.from) >= Date.parse(input.to)) fields.push({ path: 'to', code: 'out-of-range' as const });
  if (Date.parse(input.dataEraseAt) <= now) fields.push({ path: 'dataEraseAt', code: 'out-of-range' as const });
  if (fields.length > 0) throw new AppFailure('INVALID_INPUT', { fields });
}
