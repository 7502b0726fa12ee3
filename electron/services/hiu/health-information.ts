// Health information for a granted artefact (reference/spec/gateway-v05.md §2.14–2.16, fidelius.md): a fresh
// Fidelius key pair per request, its private key sealed in the database only until the transfer ends; the HIP
// pushes pages to an unguessable URL; every entry is decrypted, its checksum checked, parsed as a FHIR bundle and
// sealed with the records key, indexed by patient, HIP, care context, HI type and date. A bad entry is recorded as
// errored and never stops the rest. When every page is in, the consent manager is told per care context.
import { createHash, randomUUID } from 'node:crypto';
import { dataPushPath, newPushSecret } from '../../bridge/push-secret';
import { decrypt, generateKeyMaterial } from '../../crypto/fidelius';
import { bundleFacts } from '../../fhir/bundle-facts';
import { AppFailure } from '../../shared/errors';
import { withoutControls } from '../../shared/plain-text';
import type { ArtefactRow, ConsentStore } from '../../store/hiu/consents';
import { DataPushPageStore, secretHash, type PendingPage } from '../../store/hiu/data-push-pages';
import { HealthRecordStore, type RecordFilter, type RecordMeta, type Replaced, type TransferRow } from '../../store/hiu/health-records';
import type { RecordCipher } from '../../store/hiu/record-cipher';
import { removeOrphans } from '../../store/hiu/sealed-files';
import { TimelineStore } from '../../store/gateway/timeline';
import type { Outcome } from '../../gateway/callback-processor';
import { hiuIdOf, isoAt, type HiuCallback, type HiuContext, type PatientGuard, type HiuEffects } from './hiu-context';

/** A transfer whose pages have not all come after this long is closed as FAILED (the HIP's key expires too). */
export const TRANSFER_LIFETIME_MS = 60 * 60_000;

export interface TransferView {
  id: string;
  artefactId: string;
  status: TransferRow['status'];
  pageCount: number | null;
  errorCode: string | null;
  createdAt: string;
  endedAt: string | null;
}

export interface StoredRecord {
  meta: RecordMeta;
  /** The FHIR bundle exactly as the HIP encrypted it (UTF-8 JSON text). */
  bundle: string;
}

export class HealthInformationService {
  readonly records: HealthRecordStore;
  private readonly pages: DataPushPageStore;
  private readonly timeline: TimelineStore;
  private processing: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly ctx: HiuContext,
    private readonly guard: PatientGuard,
    private readonly consents: ConsentStore,
    private readonly cipher: RecordCipher,
    /** Where HIPs push: the bridge's public URL (or its local one in training); throws PUBLIC_URL_MISSING. */
    private readonly pushBase: () => string,
  ) {
    this.records = new HealthRecordStore(ctx.db);
    this.pages = new DataPushPageStore(ctx.db);
    this.timeline = new TimelineStore(ctx.db);
    // Start-up, before the bridge takes a page: sealed files a crash left without their rows are removed.
    removeOrphans(ctx.db);
  }

  register(): void {
    this.ctx.processor.on('healthInformation.onRequest', (cb) => this.onRequest(cb));
  }

  /** Requests the artefact's data again (records.fetch). */
  async fetch({ artefactId }: { artefactId: string }): Promise<TransferView> {
    const artefact = this.consents.artefact(artefactId);
    if (!artefact) throw new AppFailure('NOT_FOUND', { params: { what: 'consent-artefact' } });
    this.guard.assertActive(artefact.patientId);
    const now = isoAt(this.ctx.now);
    if (artefact.status !== 'GRANTED' || artefact.erasedAt || !artefact.detail || (artefact.dataEraseAt ?? '') <= now) {
      throw new AppFailure('CONSENT_NOT_USABLE', { params: { status: artefact.erasedAt ? 'ERASED' : artefact.status } });
    }
    this.pushBase();
    const transferId = this.ctx.db.transaction(() => this.start(artefactId, (op, payload, context) => this.ctx.outbox.enqueue(op, payload, context))).immediate();
    if (!transferId) throw new AppFailure('CONSENT_NOT_USABLE', { params: { status: artefact.status } });
    const entry = await this.ctx.outbox.sendNow(transferId);
    if (entry.state === 'refused') {
      this.records.end(transferId, 'FAILED', isoAt(this.ctx.now), entry.errorCode);
      await this.ctx.outbox.waitForAnswer(transferId);
    }
    return this.transferView(this.records.transfer(transferId)!);
  }

  /**
   * Starts a transfer for a fetched, granted artefact: key pair, push secret, and the request queued with `enqueue`
   * (in the caller's transaction). Returns the transfer id, or null when the artefact cannot be used.
   */
  start(artefactId: string, enqueue: HiuEffects['enqueue']): string | null {
    const artefact = this.consents.artefact(artefactId);
    if (!artefact || !artefact.hipId || !artefact.dateFrom || !artefact.dateTo) return null;
    const at = isoAt(this.ctx.now);
    let base: string;
    try {
      base = this.pushBase();
    } catch {
      return null;
    }
    const keys = generateKeyMaterial();
    const secret = newPushSecret();
    const transferId = randomUUID();
    this.records.addTransfer({
      id: transferId,
      artefactId,
      secretHash: secretHash(secret),
      privateKey: this.cipher.seal(keys.privateKey, transferId),
      publicKey: keys.publicKey,
      nonce: keys.nonce,
      dateFrom: artefact.dateFrom,
      dateTo: artefact.dateTo,
      status: 'SENDING',
      createdAt: at,
    });
    const hiRequest = {
      consent: { id: artefactId },
      dateRange: { from: artefact.dateFrom, to: artefact.dateTo },
      dataPushUrl: `${base.replace(/\/+$/, '')}${dataPushPath(secret)}`,
      keyMaterial: {
        cryptoAlg: 'ECDH',
        curve: 'Curve25519',
        dhPublicKey: { expiry: new Date(this.ctx.now() + TRANSFER_LIFETIME_MS).toISOString(), parameters: 'Curve25519/32byte random key', keyValue: keys.publicKey },
        nonce: keys.nonce,
      },
    };
    enqueue('healthInformation.request', { hiRequest }, { requestId: transferId, patientId: artefact.patientId, consentRequestId: artefact.consentRequestId });
    return transferId;
  }

  list(filter: RecordFilter): RecordMeta[] {
    return this.records.records(filter);
  }

  get({ id }: { id: string }): StoredRecord {
    const found = this.records.record(id);
    if (!found) throw new AppFailure('NOT_FOUND', { params: { what: 'record' } });
    if (!found.content) throw new AppFailure('NOT_FOUND', { params: { what: 'record-content' } });
    return { meta: found.meta, bundle: this.cipher.open(found.content, id).toString('utf8') };
  }

  transfersOf(artefactId: string): TransferView[] {
    return this.records.transfersOf(artefactId).map((t) => this.transferView(t));
  }

  /** Processes stored pages; called after each stored page and at start-up. Resolves when none is pending. */
  processPages(): Promise<void> {
    if (this.processing) {
      this.again = true;
      return this.processing;
    }
    this.processing = (async () => {
      do {
        this.again = false;
        // Bodies are read one page at a time, inside the page's transaction: pages can be tens of megabytes.
        for (const page of this.pages.pendingPages()) {
          this.processPage(page);
          await new Promise((resolve) => setImmediate(resolve));
        }
      } while (this.again);
    })().finally(() => {
      this.processing = null;
    });
    return this.processing;
  }

  /** Closes transfers that never completed; called on the engine's timer. */
  sweep(): void {
    this.startAwaiting();
    const cutoff = this.ctx.now() - TRANSFER_LIFETIME_MS;
    for (const transfer of this.records.openTransfers()) {
      if (Date.parse(transfer.createdAt) > cutoff) continue;
      this.ctx.db.transaction(() => this.complete(transfer, 'timed-out')).immediate();
    }
    this.ctx.outbox.flush();
  }

  /** Starts the transfers a grant could not start for want of a data-push address, once there is one. */
  private startAwaiting(): void {
    try {
      this.pushBase();
    } catch {
      return;
    }
    for (const artefact of this.consents.awaitingFirstTransfer(isoAt(this.ctx.now))) {
      this.ctx.db.transaction(() => this.start(artefact.id, (operation, payload, context) => this.ctx.outbox.enqueue(operation, payload, context))).immediate();
    }
  }

  private onRequest(cb: HiuCallback<'healthInformation.onRequest'>): Outcome {
    const transfer = cb.respRequestId ? this.records.transfer(cb.respRequestId) : undefined;
    if (!transfer) return { applied: true };
    const artefact = this.consents.artefact(transfer.artefactId);
    const keys = { patientId: artefact?.patientId ?? null, consentRequestId: artefact?.consentRequestId ?? null };
    const at = isoAt(this.ctx.now);
    const { transactionId } = cb.message;
    if (cb.errorCode || transactionId === null) this.records.end(transfer.id, 'FAILED', at, cb.errorCode ?? 'NO_TRANSACTION');
    else this.records.setTransactionId(transfer.id, transactionId, at);
    return { applied: true, ...keys };
  }

  /**
   * One page in one transaction: its records stored (large bundles in sealed files written before the commit), the
   * page marked done and its body dropped (its file unlinked after the commit). A crash before the commit leaves the
   * page pending and applies nothing; after it, everything.
   */
  private processPage(page: PendingPage): void {
    let arrived: { consentRequestId: string; artefactId: string; patientId: string; count: number } | null = null;
    this.ctx.db
      .transaction(() => {
        const transfer = this.records.transferBySecretHash(page.secretHash);
        const body = transfer && !transfer.endedAt && transfer.privateKey ? this.pages.bodyOf(page) : null;
        if (!transfer || transfer.endedAt || !transfer.privateKey || body === null) {
          this.pages.markDone(page.secretHash, page.pageNumber);
          return;
        }
        const artefact = this.consents.artefact(transfer.artefactId)!;
        const stored = this.storeEntries(transfer, artefact, page, body);
        this.pages.markDone(page.secretHash, page.pageNumber);
        this.records.setStatus(transfer.id, 'RECEIVING', isoAt(this.ctx.now), { pageCount: page.pageCount });
        arrived = { consentRequestId: artefact.consentRequestId, artefactId: artefact.id, patientId: artefact.patientId, count: stored };
        const summary = this.pages.pagesOf(page.secretHash);
        if (summary.complete && summary.pending === 0) this.complete(this.records.transfer(transfer.id)!, 'complete');
      })
      .immediate();
    this.ctx.outbox.flush();
    if (arrived) this.ctx.emit('records.arrived', arrived);
  }

  /** Decrypts, checks, parses and stores each entry of a page; returns how many were delivered. */
  private storeEntries(transfer: TransferRow, artefact: NonNullable<ReturnType<ConsentStore['artefact']>>, page: PendingPage, text: string): number {
    const body = JSON.parse(text) as { entries?: unknown[]; keyMaterial?: any };
    const privateKey = this.cipher.open(transfer.privateKey!, transfer.id).toString('utf8');
    const at = isoAt(this.ctx.now);
    let delivered = 0;
    (body.entries ?? []).forEach((raw, index) => {
      const entry = (raw ?? {}) as Record<string, unknown>;
      const id = randomUUID();
      // The index keeps plain text only; the bundle itself is sealed exactly as the HIP encrypted it.
      const careContext = typeof entry.careContextReference === 'string' ? withoutControls(entry.careContextReference) : '';
      const base: RecordMeta = {
        id,
        transferId: transfer.id,
        artefactId: artefact.id,
        consentRequestId: artefact.consentRequestId,
        patientId: artefact.patientId,
        hipId: artefact.hipId ?? '',
        careContext,
        hiType: null,
        recordDate: null,
        pageNumber: page.pageNumber,
        entryIndex: index,
        status: 'errored',
        error: null,
        contentBytes: null,
        receivedAt: at,
      };
      try {
        const bundle = openEntry(entry, body.keyMaterial, transfer, privateKey);
        const facts = bundleFacts(JSON.parse(bundle.text));
        const hiType = facts.hiType !== null ? withoutControls(facts.hiType) : artefact.hiTypes?.length === 1 ? artefact.hiTypes[0]! : null;
        const recordDate = facts.date !== null ? withoutControls(facts.date) : null;
        const content = this.cipher.seal(bundle.bytes, id);
        if (this.records.addRecord({ ...base, status: 'delivered', hiType, recordDate, contentBytes: bundle.bytes.length }, content)) delivered += 1;
      } catch (error) {
        this.records.addRecord({ ...base, error: error instanceof Error ? error.message.slice(0, 300) : String(error) }, null);
      }
    });
    return delivered;
  }

  /** Tells the consent manager how the transfer went, per care context, and destroys the key. */
  private complete(transfer: TransferRow, why: 'complete' | 'timed-out'): void {
    const artefact = this.consents.artefact(transfer.artefactId);
    const at = isoAt(this.ctx.now);
    const records = this.records.recordsOfTransfer(transfer.id);
    const byContext = new Map<string, { hiStatus: 'OK' | 'ERRORED'; description: string }>();
    for (const record of records) {
      const seen = byContext.get(record.careContext);
      if (record.status === 'errored') byContext.set(record.careContext, { hiStatus: 'ERRORED', description: record.error ?? 'could not be read' });
      else if (!seen) byContext.set(record.careContext, { hiStatus: 'OK', description: 'Decrypted and stored' });
    }
    const delivered = records.some((r) => r.status === 'delivered');
    const failed = why === 'timed-out' ? !delivered : records.length > 0 && !delivered;
    // A care context that came complete again replaces what an earlier fetch of this artefact brought for it, as
    // far as this transfer covers it (its HI types there and its dates), and the timeline says what went.
    const complete = [...byContext].filter(([, s]) => s.hiStatus === 'OK').map(([careContext]) => careContext);
    if (why === 'complete') this.sayReplaced(transfer, artefact, this.records.supersede(transfer, complete), at);
    this.records.end(transfer.id, failed ? 'FAILED' : 'TRANSFERRED', at, why === 'timed-out' ? 'PAGES_MISSING' : null);
    const transactionId = transfer.transactionId ?? this.pages.pagesOf(transfer.secretHash).transactionIds[0];
    if (!artefact || !transactionId) return;
    let hiuId: string;
    try {
      hiuId = hiuIdOf(this.ctx.settings());
    } catch {
      return;
    }
    this.ctx.outbox.enqueue(
      'healthInformation.notify',
      {
        notification: {
          consentId: artefact.id,
          transactionId,
          doneAt: at,
          // ProjectEKA's gateway tells HIU from HIP by this object's text, "type" first (gateway-v05.md §2.16).
          notifier: { type: 'HIU', id: hiuId },
          statusNotification: {
            sessionStatus: failed ? 'FAILED' : 'TRANSFERRED',
            hipId: artefact.hipId,
            statusResponses: [...byContext].map(([careContextReference, s]) => ({ careContextReference, hiStatus: s.hiStatus, description: s.description })),
          },
        },
      },
      { patientId: artefact.patientId, consentRequestId: artefact.consentRequestId },
    );
  }

  /** One timeline line per visit a re-fetch replaced records in: how many, of which types. */
  private sayReplaced(transfer: TransferRow, artefact: ArtefactRow | undefined, replaced: Replaced[], at: string): void {
    for (const { careContext, count, hiTypes } of replaced) {
      this.timeline.add({
        at,
        direction: 'in',
        path: 'data-push',
        requestId: transfer.id,
        respRequestId: null,
        step: 'replaced',
        httpStatus: null,
        errorCode: null,
        patientId: artefact?.patientId ?? null,
        consentRequestId: artefact?.consentRequestId ?? null,
        detail: { careContext, replaced: count, hiTypes },
      });
    }
  }

  private transferView(t: TransferRow): TransferView {
    return { id: t.id, artefactId: t.artefactId, status: t.status, pageCount: t.pageCount, errorCode: t.errorCode, createdAt: t.createdAt, endedAt: t.endedAt };
  }
}

/**
 * One pushed entry to its plaintext bundle, as text (to parse) and as its UTF-8 bytes (checksummed and sealed; the
 * text is encoded once, not once per use), or an Error saying why not.
 */
function openEntry(entry: Record<string, unknown>, keyMaterial: any, transfer: TransferRow, privateKey: string): { text: string; bytes: Buffer } {
  if (typeof entry.content !== 'string') throw new Error(typeof entry.link === 'string' ? 'linked content (EntryLink) is not fetched by this HIU' : 'the entry has no content');
  const senderKey = keyMaterial?.dhPublicKey?.keyValue;
  const senderNonce = keyMaterial?.nonce;
  if (typeof senderKey !== 'string' || typeof senderNonce !== 'string') throw new Error('the page has no usable keyMaterial');
  const text = decrypt({ encryptedData: entry.content, requesterNonce: transfer.nonce, senderNonce, requesterPrivateKey: privateKey, senderPublicKey: senderKey });
  const bytes = Buffer.from(text, 'utf8');
  if (!checksumMatches(bytes, entry.checksum)) throw new Error('checksum mismatch: the decrypted content is not what the HIP described');
  return { text, bytes };
}

/** The spec's "MD5 checksum of the content before encryption": lowercase hex, as ABDM's HIPs send it; base64 tolerated. */
function checksumMatches(plaintext: Buffer, checksum: unknown): boolean {
  if (typeof checksum !== 'string') return false;
  const digest = createHash('md5').update(plaintext).digest();
  return checksum.trim().toLowerCase() === digest.toString('hex') || checksum.trim() === digest.toString('base64');
}
