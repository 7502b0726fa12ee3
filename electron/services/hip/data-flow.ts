// Sharing on consent, the HIP's side of the data flow (docs/hip-data-flow.md; reference/spec/abdm-frontdesk.md §3):
// a health-information request is checked against a live consent (hip-consents.ts) inside the callback's
// transaction; refused, it is answered ERRORED with ABDM's error and nothing is pushed; accepted, it is answered
// ACKNOWLEDGED and its transfer is stored in that same transaction (the documents fixed, a fresh Fidelius key pair and
// nonce made), and the push starts once that commits. Pages go to the HIU's dataPushUrl in order, each retried
// (data-push-http.ts); each delivered page is recorded, so a restart resumes at the next page with the same key
// material, unless ABDM's 2-hour limit has passed: then the transfer ends FAILED. The end is told to ABDM
// (healthInformation.hipNotify: TRANSFERRED with DELIVERED per care context only when every page got a 2xx, else
// FAILED with ERRORED), recorded per document for its "shared with" list, and the visits concerned are told changed.
import type { Database } from 'better-sqlite3-multiple-ciphers';
import type { CareContextRef, HealthInformationRequestToHip, HipConsentNotice } from '../../abdm/gateway/hip/hip-flow-messages';
import type { HipOnRequestPayload, HipTransferNotifyPayload } from '../../abdm/gateway/hip/hip-payloads';
import type { EventName, EventPayloads } from '../../core/events';
import { generateKeyMaterial } from '../../crypto/fidelius';
import type { CallbackContext, CallbackProcessor, Effects, Outcome } from '../../gateway/callback-processor';
import type { GatewayOutbox } from '../../gateway/outbox';
import { HipConsentStore } from '../../store/hip/hip-consents';
import { TransferStore, type SharedRecord, type TransferRecord } from '../../store/hip/transfers';
import type { Settings } from '../../store/settings/settings-schema';
import { entryOf, MAX_PAGE_BYTES, MAX_PAGE_ENTRIES, pageBody, planPages, type PageLimits, type PushKeys } from './data-push-pages';
import { PAGE_RETRY_DELAYS_MS, PAGE_TIMEOUT_MS, PageNotDelivered, postPage } from './data-push-http';
import { checkRequest, HipConsents, instant, type CoveredScope } from './hip-consents';
import type { DocumentsPort, FiledDocument, SharedWith, SharedWithPort } from './hip-types';
import { refusalOf, type RefusalReason } from './transfer-refusals';

/** ABDM's limit for a transfer: the HIU stops waiting for pages two hours after its request. */
export const TRANSFER_LIMIT_MS = 2 * 3600_000;

export interface DataFlowDeps {
  db: Database;
  processor: Pick<CallbackProcessor, 'on'>;
  /** The pipeline's outbox: the end-of-transfer notify is sent through it (not inside a callback). */
  outbox: Pick<GatewayOutbox, 'enqueue' | 'flush'>;
  documents: Pick<DocumentsPort, 'covered'>;
  settings: () => Settings;
  now: () => number;
  emit<E extends EventName>(event: E, payload: EventPayloads[E]): void;
  /** Whether ABDM deactivated (or deleted) the patient's ABHA (the HIU's patient status: patients/status/notify). */
  isDeactivated: (abhaAddress: string) => boolean;
  /** Tests shorten these; the defaults are data-push-pages.ts's and data-push-http.ts's. */
  push?: { retryDelaysMs?: readonly number[]; timeoutMs?: number; pageLimits?: PageLimits; fetch?: typeof fetch };
  logError?: (what: string, error: unknown) => void;
}

export class DataFlow implements SharedWithPort {
  readonly consents: HipConsents;
  private readonly consentStore: HipConsentStore;
  private readonly transfers: TransferStore;
  private readonly running = new Map<string, Promise<void>>();
  private readonly stopping = new AbortController();

  constructor(private readonly deps: DataFlowDeps) {
    this.consentStore = new HipConsentStore(deps.db);
    this.transfers = new TransferStore(deps.db);
    this.consents = new HipConsents({ consents: this.consentStore, transfers: this.transfers, hipId: () => deps.settings().hipId ?? '', now: deps.now });
  }

  /** Takes the HIP's consent notifications and health-information requests (the HIP role is registered by CounterShares). */
  register(): void {
    this.deps.processor.on<HipConsentNotice>('consents.hipNotify', (callback, effects) => this.consents.notified(callback, effects));
    this.deps.processor.on<HealthInformationRequestToHip>('healthInformation.hipRequest', (callback, effects) => this.requested(callback, effects));
  }

  /** At start-up: drops expired consents, and resumes (or ends FAILED, past the limit) every unfinished transfer. */
  resume(): void {
    this.consentStore.deleteExpired(this.iso());
    for (const transfer of this.transfers.unfinished()) this.start(transfer.transactionId);
  }

  /** Stops pushing (a page in flight is abandoned, and sent again at the next start); resolves when nothing runs. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.idle();
  }

  /** Resolves when no push is running. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running.values()]);
  }

  sharedWith(documentId: string): SharedWith[] {
    return this.transfers.sharedWith(documentId).map((record) => ({ hiuId: record.hiuId, hiuName: record.hiuName, consentId: record.consentId, at: record.at, status: record.status }));
  }

  /** The `healthInformation.hipRequest` handler: inside the request's transaction. */
  private requested(callback: CallbackContext<HealthInformationRequestToHip>, effects: Effects): Outcome {
    const request = callback.message;
    const transactionId = request.transactionId ?? '';
    const consent = request.consentId ? this.consentStore.get(request.consentId) : null;
    const applied = { applied: true, patientId: consent?.abhaAddress ?? null } as const;
    // ABDM sent the same request again (a new REQUEST-ID): it is already taken.
    if (transactionId && this.transfers.get(transactionId)) {
      this.answer(effects, callback, transactionId, null, applied.patientId);
      return applied;
    }
    const refuse = (reason: RefusalReason) => {
      this.answer(effects, callback, transactionId, reason, applied.patientId);
      return applied;
    };
    if (!transactionId) return refuse('unknown-consent');
    const check = checkRequest(consent, request, this.deps.now(), this.deps.isDeactivated);
    if (!check.ok) return refuse(check.reason);
    const documents = this.covered({ careContexts: check.scope.consent.careContexts, hiTypes: check.scope.hiTypes, from: check.scope.from, to: check.scope.to });
    if (documents.length === 0) return refuse('no-records');
    this.accept(callback.requestId, request, check.scope, documents);
    this.answer(effects, callback, transactionId, null, applied.patientId);
    effects.after(() => this.start(transactionId));
    return applied;
  }

  /** Stores the accepted request's transfer: its documents fixed, a fresh key pair and nonce, ABDM's deadline. */
  private accept(requestId: string, request: HealthInformationRequestToHip, scope: CoveredScope, documents: readonly FiledDocument[]): void {
    const acceptedAt = this.deps.now();
    const deadline = new Date(acceptedAt + TRANSFER_LIMIT_MS).toISOString();
    const ours = generateKeyMaterial();
    this.transfers.add({
      transactionId: request.transactionId!,
      consentId: scope.consent.consentId,
      requestId,
      hiuId: scope.consent.hiuId,
      hiuName: scope.consent.hiuName,
      abhaAddress: scope.consent.abhaAddress,
      dataPushUrl: request.dataPushUrl!,
      dateFrom: scope.from,
      dateTo: scope.to,
      scope: { careContexts: scope.consent.careContexts, hiTypes: scope.hiTypes },
      documents: documents.map((document) => document.id),
      // checkRequest saw to these: a request without a usable key, nonce or URL is refused.
      requesterKey: request.keyMaterial!.publicKey!,
      requesterNonce: request.keyMaterial!.nonce!,
      privateKey: ours.privateKey,
      publicKey: ours.publicKey,
      nonce: ours.nonce,
      keyExpiry: deadline,
      acceptedAt: new Date(acceptedAt).toISOString(),
      deadline,
    });
  }

  private answer(effects: Effects, callback: CallbackContext<HealthInformationRequestToHip>, transactionId: string, refused: RefusalReason | null, patientId: string | null): void {
    const payload: HipOnRequestPayload = {
      resp: { requestId: callback.requestId },
      transactionId,
      sessionStatus: refused ? 'ERRORED' : 'ACKNOWLEDGED',
      error: refused ? refusalOf(refused, this.deps.settings().abdmApi) : null,
    };
    effects.enqueue('healthInformation.hipOnRequest', payload, { patientId });
  }

  /** The documents a consent covers: its care contexts (visit under the patient it names), its types, the dates. */
  private covered(scope: { careContexts: readonly CareContextRef[]; hiTypes: readonly string[]; from: string; to: string }): FiledDocument[] {
    const named = new Set(scope.careContexts.map((context) => `${context.patientReference}\n${context.careContextReference}`));
    return this.deps.documents
      .covered({ careContextReferences: scope.careContexts.map((context) => context.careContextReference), hiTypes: scope.hiTypes, from: scope.from, to: scope.to })
      .filter((document) => named.has(`${document.patientNumber}\n${document.visitId}`));
  }

  private start(transactionId: string): void {
    if (this.running.has(transactionId) || this.stopping.signal.aborted) return;
    const run = this.push(transactionId)
      .catch((error: unknown) => this.deps.logError?.(`hip transfer ${transactionId}`, error))
      .finally(() => this.running.delete(transactionId));
    this.running.set(transactionId, run);
  }

  private async push(transactionId: string): Promise<void> {
    let transfer = this.transfers.get(transactionId);
    if (!transfer || !isOpen(transfer)) return;
    const documents = this.documentsOf(transfer);
    if (!transfer.pages) {
      const listed = transfer.documents.map((id) => documents.get(id)).filter((document): document is FiledDocument => document !== undefined);
      this.transfers.plan(transactionId, planPages(listed, this.deps.push?.pageLimits ?? { bytes: MAX_PAGE_BYTES, entries: MAX_PAGE_ENTRIES }));
      transfer = this.transfers.get(transactionId)!;
    }
    const pages = transfer.pages!;
    for (let index = transfer.pagesDelivered; index < pages.length; index += 1) {
      if (this.stopping.signal.aborted) return;
      const current = this.transfers.get(transactionId);
      // Deleted: its consent was revoked before any page went; nothing to tell.
      if (!current || !isOpen(current)) return;
      const problem = this.stopReason(current);
      if (problem) return this.finish(current, 'failed', problem, documents);
      const pageDocuments = pages[index]!.map((id) => documents.get(id));
      if (pageDocuments.some((document) => document === undefined)) return this.finish(current, 'failed', 'a document of the transfer is no longer filed', documents);
      const keys = keysOf(current);
      const body = pageBody({ pageNumber: index + 1, pageCount: pages.length, transactionId, entries: pageDocuments.map((document) => entryOf(document!, keys)), keys });
      try {
        await postPage(current.dataPushUrl, body, {
          retryDelaysMs: this.deps.push?.retryDelaysMs ?? PAGE_RETRY_DELAYS_MS,
          timeoutMs: this.deps.push?.timeoutMs ?? PAGE_TIMEOUT_MS,
          signal: this.stopping.signal,
          fetch: this.deps.push?.fetch,
        });
      } catch (error) {
        if (this.stopping.signal.aborted) return;
        const why = error instanceof PageNotDelivered ? error.message : 'the page could not be sent';
        return this.finish(this.transfers.get(transactionId) ?? current, 'failed', `page ${index + 1} of ${pages.length}: ${why}`, documents);
      }
      this.transfers.delivered(transactionId, index + 1);
    }
    const done = this.transfers.get(transactionId);
    if (done && isOpen(done)) this.finish(done, 'transferred', null, documents);
  }

  /** Why an open transfer cannot go on: past ABDM's limit, or its consent revoked or expired since. */
  private stopReason(transfer: TransferRecord): string | null {
    if (this.deps.now() > Date.parse(transfer.deadline)) return 'past ABDM’s 2-hour limit for a transfer';
    if (!transfer.privateKey) return 'the transfer’s key material is gone';
    const consent = this.consentStore.get(transfer.consentId);
    if (!consent) return 'the consent was revoked or expired during the transfer';
    if (consent.dataEraseAt && !(instant(consent.dataEraseAt) > this.deps.now())) return 'the consent expired during the transfer';
    return null;
  }

  /** The transfer's documents as filed now, by id (one covered query over what the transfer was accepted for). */
  private documentsOf(transfer: TransferRecord): Map<string, FiledDocument> {
    const wanted = new Set(transfer.documents);
    const found = this.covered({ careContexts: transfer.scope.careContexts, hiTypes: transfer.scope.hiTypes, from: transfer.dateFrom, to: transfer.dateTo });
    return new Map(found.filter((document) => wanted.has(document.id)).map((document) => [document.id, document]));
  }

  /** Ends the transfer once: records who got what, queues the notify to ABDM, tells the screens. */
  private finish(transfer: TransferRecord, state: 'transferred' | 'failed', problem: string | null, documents: Map<string, FiledDocument>): void {
    const at = this.iso();
    const deliveredIds = new Set((transfer.pages ?? []).slice(0, transfer.pagesDelivered).flat());
    const ended = this.deps.db.transaction(() => {
      if (!this.transfers.end(transfer.transactionId, state, at, problem)) return false;
      const shared: SharedRecord[] = transfer.documents.map((documentId) => ({
        documentId,
        transactionId: transfer.transactionId,
        consentId: transfer.consentId,
        hiuId: transfer.hiuId,
        hiuName: transfer.hiuName,
        at,
        status: state === 'transferred' || deliveredIds.has(documentId) ? 'delivered' : 'failed',
      }));
      this.transfers.addShared(shared);
      this.deps.outbox.enqueue('healthInformation.hipNotify', this.notifyOf(transfer, state, problem, documents, at), { patientId: transfer.abhaAddress });
      return true;
    })();
    if (!ended) return;
    this.deps.outbox.flush();
    const visits = new Map<string, string>();
    for (const id of transfer.documents) {
      const document = documents.get(id);
      if (document) visits.set(document.visitId, document.patientNumber);
    }
    for (const [visitId, patientNumber] of visits) this.deps.emit('hip.changed', { visitId, patientNumber });
  }

  private notifyOf(transfer: TransferRecord, state: 'transferred' | 'failed', problem: string | null, documents: Map<string, FiledDocument>, at: string): HipTransferNotifyPayload {
    // The care contexts the transfer carried documents of; when none can be read any more, those the consent named.
    const pushed = [...new Set(transfer.documents.map((id) => documents.get(id)?.visitId).filter((id): id is string => Boolean(id)))];
    const references = pushed.length > 0 ? pushed : [...new Set(transfer.scope.careContexts.map((context) => context.careContextReference))];
    return {
      consentId: transfer.consentId,
      transactionId: transfer.transactionId,
      doneAt: at,
      hipId: this.deps.settings().hipId?.trim() ?? '',
      sessionStatus: state === 'transferred' ? 'TRANSFERRED' : 'FAILED',
      statusResponses: references.map((careContextReference) => ({
        careContextReference,
        hiStatus: state === 'transferred' ? 'DELIVERED' : 'ERRORED',
        description: state === 'transferred' ? 'Delivered' : (problem ?? 'Not delivered'),
      })),
    };
  }

  private iso(): string {
    return new Date(this.deps.now()).toISOString();
  }
}

function isOpen(transfer: TransferRecord): boolean {
  return transfer.state === 'pending' || transfer.state === 'pushing';
}

function keysOf(transfer: TransferRecord): PushKeys {
  return {
    privateKey: transfer.privateKey!,
    publicKey: transfer.publicKey,
    nonce: transfer.nonce,
    expiry: transfer.keyExpiry,
    requesterKey: transfer.requesterKey,
    requesterNonce: transfer.requesterNonce,
  };
}
