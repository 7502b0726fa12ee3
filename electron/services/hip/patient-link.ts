// Patient-initiated linking (abdm-frontdesk.md §3, docs/hip-patient-link.md): the patient's ABHA app discovers this
// clinic's records, asks to link visits, and confirms with the OTP the clinic sends. Each callback is handled inside
// its stored transaction (the pipeline's rule) and answered by an acknowledgement queued with effects.enqueue; the OTP
// itself goes out only after the commit (effects.after), so a link request is never lost to a slow SMS gateway, and
// an SMS that fails is kept visible on the link request. The OTP is never stored or logged, only its salted hash.
import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3-multiple-ciphers';
import type { DiscoveryRequest, LinkConfirmRequest, LinkInitRequest } from '../../abdm/gateway/hip/hip-flow-messages';
import type { CareContextEntry, OnDiscoverPayload, OnLinkConfirmPayload, OnLinkInitPayload } from '../../abdm/gateway/hip/hip-payloads';
import type { EventName, EventPayloads } from '../../core/events';
import type { CallbackContext, CallbackProcessor, Effects, Outcome } from '../../gateway/callback-processor';
import { LinkRequestStore, type LinkRequest } from '../../store/hip/link-requests';
import type { PatientRegisterStore } from '../../store/register/patient-register-store';
import type { Settings } from '../../store/settings/settings-schema';
import { discoverPatient } from './discovery';
import type { VisitsPort } from './hip-types';
import { OTP_MAX_TRIES, OTP_REQUESTS_PER_WINDOW, OTP_REQUEST_WINDOW_MS, OTP_VALID_MS, maskedMobile, newOtp, otpMatches, otpMessage, sealOtp } from './link-otp';
import { SmsFailure, type SmsSender } from './sms-sender';

type Refusal = { code: string; message: string };

/** ABDM's error codes for these answers (gateway-v05.md; v3 carries them as sent, docs/hip-patient-link.md). */
export const LINK_ERRORS = {
  noPatient: { code: '1404', message: 'No patient at this clinic matches these details.' },
  severalPatients: { code: '1404', message: 'More than one patient at this clinic matches these details; please ask at the clinic.' },
  invalidDiscovery: { code: '1438', message: 'The discovery request names no transaction.' },
  discoveryNotFound: { code: '1512', message: 'No discovery of this clinic has this transaction id.' },
  invalidCareContext: { code: '1421', message: 'A care context is not one this discovery offered, or it is already linked.' },
  noMobile: { code: '1500', message: 'The clinic has no mobile number for this patient to send an OTP to; please link at the clinic.' },
  noSms: { code: '1500', message: 'The clinic cannot send an OTP now; please link at the clinic.' },
  invalidReference: { code: '1413', message: 'No link request of this clinic has this reference.' },
  alreadyUsed: { code: '1411', message: 'This link request was already confirmed.' },
  otpInvalid: { code: '1405', message: 'The OTP is not correct.' },
  otpRequestLimit: { code: '1407', message: 'Too many OTPs were asked for; please try again in 15 minutes or link at the clinic.' },
  otpExpired: { code: '1406', message: 'The OTP has expired; please ask for a new one.' },
  attemptsExceeded: { code: '1408', message: 'Too many wrong OTPs; please start linking again.' },
} as const satisfies Record<string, Refusal>;

/** A link request whose SMS was still going when the desk stopped is shown failed after this long. */
const SMS_STALE_MS = 60_000;

export interface PatientLinkDeps {
  db: Database;
  processor: Pick<CallbackProcessor, 'on'>;
  register: PatientRegisterStore;
  visits: VisitsPort;
  settings: () => Settings;
  /** The sender for these settings (sms-choice.ts smsSenderFor); null when no OTP can go. */
  sms: (settings: Settings) => SmsSender | null;
  now: () => number;
  emit<E extends EventName>(event: E, payload: EventPayloads[E]): void;
  /** What went wrong sending an SMS: the reason code only, never the message. */
  logError?(what: string, error: unknown): void;
}

export class PatientLink {
  readonly store: LinkRequestStore;

  constructor(private readonly deps: PatientLinkDeps) {
    this.store = new LinkRequestStore(deps.db);
  }

  /** Takes the HIP's discovery and link callbacks. Called once, after the HIP role is registered (CounterShares). */
  register(): void {
    const { processor } = this.deps;
    processor.on<DiscoveryRequest>('careContexts.discover', (callback, effects) => this.onDiscover(callback, effects));
    processor.on<LinkInitRequest>('link.init', (callback, effects) => this.onLinkInit(callback, effects));
    processor.on<LinkConfirmRequest>('link.confirm', (callback, effects) => this.onLinkConfirm(callback, effects));
  }

  /** At start-up: an SMS that was going when the desk stopped never went; say so (the patient asks again). */
  sweep(): number {
    return this.store.staleSending(new Date(this.deps.now() - SMS_STALE_MS).toISOString());
  }

  /** The patient's link requests, newest first: whether each OTP went (no OTP, no hash). */
  requestsOf(patientNumber: string): Pick<LinkRequest, 'reference' | 'careContexts' | 'status' | 'smsStatus' | 'smsProblem' | 'createdAt' | 'expiresAt'>[] {
    return this.store.forPatient(patientNumber).map(({ reference, careContexts, status, smsStatus, smsProblem, createdAt, expiresAt }) => ({
      reference,
      careContexts,
      status,
      smsStatus,
      smsProblem,
      createdAt,
      expiresAt,
    }));
  }

  private onDiscover(callback: CallbackContext<DiscoveryRequest>, effects: Effects): Outcome {
    const request = callback.message;
    const patientId = request.abhaAddress;
    const answer = (transactionId: string, patient: OnDiscoverPayload['patient'], error: Refusal | null) => {
      const payload: OnDiscoverPayload = { resp: { requestId: callback.requestId }, transactionId, patient, error };
      effects.enqueue('careContexts.onDiscover', payload, { patientId });
      return { applied: true, patientId } as const;
    };
    if (!request.transactionId) return answer('', null, LINK_ERRORS.invalidDiscovery);
    const match = discoverPatient(request, this.deps.register);
    if (match.outcome === 'none') return answer(request.transactionId, null, LINK_ERRORS.noPatient);
    if (match.outcome === 'several') return answer(request.transactionId, null, LINK_ERRORS.severalPatients);
    const { patient, matchedBy } = match;
    const unlinked = this.deps.visits.forPatient(patient.patientNumber).filter((visit) => visit.linkStatus !== 'linked');
    this.store.addDiscovery({
      transactionId: request.transactionId,
      patientNumber: patient.patientNumber,
      careContexts: unlinked.map((visit) => visit.id),
      matchedBy,
      discoveredAt: new Date(this.deps.now()).toISOString(),
    });
    const careContexts: CareContextEntry[] = unlinked.map((visit) => ({ referenceNumber: visit.id, display: visit.display }));
    return answer(request.transactionId, { referenceNumber: patient.patientNumber, display: patient.name, careContexts, matchedBy }, null);
  }

  private onLinkInit(callback: CallbackContext<LinkInitRequest>, effects: Effects): Outcome {
    const request = callback.message;
    const patientId = request.abhaAddress;
    const transactionId = request.transactionId ?? '';
    const answer = (link: OnLinkInitPayload['link'], error: Refusal | null) => {
      const payload: OnLinkInitPayload = { resp: { requestId: callback.requestId }, transactionId, link, error };
      effects.enqueue('link.onInit', payload, { patientId });
      return { applied: true, patientId } as const;
    };
    const discovery = transactionId ? this.store.discovery(transactionId) : null;
    if (!discovery) return answer(null, LINK_ERRORS.discoveryNotFound);
    const visitIds = this.offeredVisits(request, discovery);
    if (!visitIds) return answer(null, LINK_ERRORS.invalidCareContext);
    const mobile = this.deps.register.byNumber(discovery.patientNumber)?.mobile ?? null;
    if (!mobile) return answer(null, LINK_ERRORS.noMobile);
    const settings = this.deps.settings();
    const sender = this.deps.sms(settings);
    if (!sender) return answer(null, LINK_ERRORS.noSms);

    const now = this.deps.now();
    if (this.store.countSince(discovery.patientNumber, new Date(now - OTP_REQUEST_WINDOW_MS).toISOString()) >= OTP_REQUESTS_PER_WINDOW) {
      return answer(null, LINK_ERRORS.otpRequestLimit);
    }
    const otp = newOtp();
    const sealed = sealOtp(otp);
    const reference = randomUUID();
    const expiresAt = new Date(now + OTP_VALID_MS).toISOString();
    this.store.add({
      reference,
      transactionId,
      patientNumber: discovery.patientNumber,
      careContexts: visitIds,
      otpSalt: sealed.salt,
      otpHash: sealed.hash,
      expiresAt,
      createdAt: new Date(now).toISOString(),
    });
    const message = otpMessage(otp, settings.hipName?.trim() || settings.clinicName);
    effects.after(() => void this.sendOtp(sender, reference, discovery.patientNumber, visitIds[0]!, { to: mobile, message }));
    return answer({ referenceNumber: reference, communicationHint: maskedMobile(mobile), communicationExpiry: expiresAt }, null);
  }

  /** The visit ids the request names, when every one is this discovery's patient's, offered by it, and still unlinked. */
  private offeredVisits(request: LinkInitRequest, discovery: { patientNumber: string; careContexts: string[] }): string[] | null {
    if (request.careContexts.length === 0) return null;
    const ids: string[] = [];
    for (const ref of request.careContexts) {
      if (ref.patientReference.trim().toUpperCase() !== discovery.patientNumber.toUpperCase()) return null;
      if (!discovery.careContexts.includes(ref.careContextReference)) return null;
      const visit = this.deps.visits.get(ref.careContextReference);
      if (!visit || visit.linkStatus === 'linked' || visit.patientNumber !== discovery.patientNumber) return null;
      if (!ids.includes(visit.id)) ids.push(visit.id);
    }
    return ids;
  }

  private async sendOtp(sender: SmsSender, reference: string, patientNumber: string, visitId: string, sms: { to: string; message: string }): Promise<void> {
    try {
      await sender.send(sms);
      this.store.smsOutcome(reference, { status: 'sent' });
    } catch (error) {
      const problem = error instanceof SmsFailure ? error.problem : 'unreachable';
      this.store.smsOutcome(reference, { status: 'failed', problem });
      this.deps.logError?.('link OTP SMS', new Error(`The OTP SMS of link request ${reference} was not sent (${problem}).`));
    }
    this.deps.emit('hip.changed', { visitId, patientNumber });
  }

  private onLinkConfirm(callback: CallbackContext<LinkConfirmRequest>, effects: Effects): Outcome {
    const { linkRefNumber, token } = callback.message;
    const answer = (patient: OnLinkConfirmPayload['patient'], error: Refusal | null) => {
      const payload: OnLinkConfirmPayload = { resp: { requestId: callback.requestId }, patient, error };
      effects.enqueue('link.onConfirm', payload, {});
      return { applied: true } as const;
    };
    const request = linkRefNumber ? this.store.get(linkRefNumber) : null;
    if (!request) return answer(null, LINK_ERRORS.invalidReference);
    if (request.status === 'linked') return answer(null, LINK_ERRORS.alreadyUsed);
    if (request.status === 'dead') return answer(null, LINK_ERRORS.attemptsExceeded);
    if (this.deps.now() > Date.parse(request.expiresAt)) return answer(null, LINK_ERRORS.otpExpired);
    if (!token || !otpMatches(token, { salt: request.otpSalt, hash: request.otpHash })) {
      const tries = this.store.wrongTry(request.reference, OTP_MAX_TRIES);
      return answer(null, tries >= OTP_MAX_TRIES ? LINK_ERRORS.attemptsExceeded : LINK_ERRORS.otpInvalid);
    }
    this.deps.visits.markLinkedByPatient(request.careContexts);
    this.store.markLinked(request.reference, new Date(this.deps.now()).toISOString());
    const patient = this.deps.register.byNumber(request.patientNumber);
    const careContexts = request.careContexts.map((id) => ({ referenceNumber: id, display: this.deps.visits.get(id)?.display ?? id }));
    for (const id of request.careContexts) effects.emit('hip.changed', { visitId: id, patientNumber: request.patientNumber });
    return answer({ referenceNumber: request.patientNumber, display: patient?.name ?? request.patientNumber, careContexts }, null);
  }
}
