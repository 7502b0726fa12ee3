// Consents at the HIP (reference/spec/abdm-frontdesk.md §3; gateway-v05.md §2.12's HIP twin): ABDM tells this HIP of
// each consent a patient granted an HIU over the clinic's visits, and of its revocation or expiry. A GRANTED consent
// is kept with what it covers; REVOKED and EXPIRED are deleted at once, with any transfer under them that has not
// delivered a page yet, and their id is remembered so that a GRANTED arriving after them (a retry, or overtaken) is
// not kept. A GRANTED consent naming another HIP id than ours is not kept (it could only be ABDM's
// mistake, and keeping it would share our records under a consent meant for someone else). Every notification is
// acknowledged, in the notification's own transaction. `checkRequest` decides whether a health-information request
// is covered by a live consent.
import type { HealthInformationRequestToHip, HipConsentNotice } from '../../abdm/gateway/hip/hip-flow-messages';
import type { ConsentHipOnNotifyPayload } from '../../abdm/gateway/hip/hip-payloads';
import { parseNonce, parsePublicKey } from '../../crypto/fidelius-keys';
import type { CallbackContext, Effects, Outcome } from '../../gateway/callback-processor';
import { HipConsentStore, type HipConsentRecord } from '../../store/hip/hip-consents';
import { TransferStore } from '../../store/hip/transfers';
import { DOCUMENT_KINDS } from './hip-types';
import type { RefusalReason } from './transfer-refusals';

export interface HipConsentsDeps {
  consents: HipConsentStore;
  transfers: TransferStore;
  /** Our HIP id (Settings). */
  hipId: () => string;
  now: () => number;
}

/** What a consent notification did, for the timeline and tests. */
export type ConsentNoticeOutcome = 'kept' | 'deleted' | 'not-ours' | 'ignored' | 'ended-before';

export class HipConsents {
  constructor(private readonly deps: HipConsentsDeps) {}

  /** The `consents.hipNotify` handler: runs inside the notification's transaction. */
  notified(callback: CallbackContext<HipConsentNotice>, effects: Effects): Outcome {
    const notice = callback.message;
    const consentId = notice.consentId ?? '';
    this.apply(notice);
    const ack: ConsentHipOnNotifyPayload = { resp: { requestId: callback.requestId }, consentId, status: 'OK' };
    effects.enqueue('consents.hipOnNotify', ack, { patientId: notice.abhaAddress });
    return { applied: true, patientId: notice.abhaAddress };
  }

  /** Keeps or deletes the consent the notice speaks of. */
  apply(notice: HipConsentNotice): ConsentNoticeOutcome {
    const { consentId } = notice;
    if (!consentId) return 'ignored';
    const status = notice.status?.toUpperCase() ?? null;
    if (status === 'REVOKED' || status === 'EXPIRED' || status === 'DENIED') {
      this.deps.consents.end(consentId, status, new Date(this.deps.now()).toISOString());
      this.deps.transfers.deleteNotStarted(consentId);
      return 'deleted';
    }
    if (status !== 'GRANTED') return 'ignored';
    // ABDM retries and does not order its callbacks: a GRANTED after the end of the same consent is an old message.
    if (this.deps.consents.ended(consentId)) return 'ended-before';
    const ours = this.deps.hipId().trim();
    // A notice that names no HIP came to our bridge for us; one naming another HIP is not ours to act on.
    if (notice.hipId && ours && notice.hipId.trim() !== ours) return 'not-ours';
    if (!notice.hiu?.id || !notice.dateRange) return 'ignored';
    this.deps.consents.put({
      consentId,
      abhaAddress: notice.abhaAddress,
      hiuId: notice.hiu.id,
      hiuName: notice.hiu.name,
      purpose: notice.purpose,
      careContexts: notice.careContexts,
      hiTypes: notice.hiTypes,
      dateFrom: notice.dateRange.from,
      dateTo: notice.dateRange.to,
      dataEraseAt: notice.dataEraseAt,
      grantedAt: new Date(this.deps.now()).toISOString(),
    });
    return 'kept';
  }
}

/** What a request may have pushed under it: the consent's care contexts and types, within the requested dates. */
export interface CoveredScope {
  consent: HipConsentRecord;
  /** The consent's HI types this HIP provides (document kinds). */
  hiTypes: string[];
  from: string;
  to: string;
}

export type RequestCheck = { ok: true; scope: CoveredScope } | { ok: false; reason: RefusalReason };

/**
 * Whether `request` is covered by `consent` (the live consent of that id, or null): the consent unexpired, the
 * requested date range inside the consent's (the consent's own when the request names none), an HI type and a care
 * context this HIP can serve, the patient not deactivated, and key material and push URL usable.
 */
export function checkRequest(consent: HipConsentRecord | null, request: HealthInformationRequestToHip, now: number, isDeactivated: (abhaAddress: string) => boolean): RequestCheck {
  if (!consent) return { ok: false, reason: 'unknown-consent' };
  const erase = consent.dataEraseAt ? instant(consent.dataEraseAt) : null;
  if (erase !== null && (Number.isNaN(erase) || erase <= now)) return { ok: false, reason: 'consent-expired' };
  if (consent.abhaAddress && isDeactivated(consent.abhaAddress)) return { ok: false, reason: 'patient-deactivated' };
  const range = request.dateRange ?? { from: consent.dateFrom, to: consent.dateTo };
  const [from, to, consentFrom, consentTo] = [range.from, range.to, consent.dateFrom, consent.dateTo].map(instant);
  if ([from, to, consentFrom, consentTo].some((value) => Number.isNaN(value)) || from! > to! || from! < consentFrom! || to! > consentTo!) {
    return { ok: false, reason: 'date-range' };
  }
  const hiTypes = consent.hiTypes.filter((type) => (DOCUMENT_KINDS as readonly string[]).includes(type));
  if (hiTypes.length === 0) return { ok: false, reason: 'hi-types' };
  if (consent.careContexts.length === 0) return { ok: false, reason: 'care-contexts' };
  if (!usableKey(request, now)) return { ok: false, reason: 'key-material' };
  if (!usableUrl(request.dataPushUrl)) return { ok: false, reason: 'push-url' };
  return { ok: true, scope: { consent, hiTypes, from: new Date(from!).toISOString(), to: new Date(to!).toISOString() } };
}

/** Milliseconds of an ABDM date-time; one written without a zone is UTC (ABDM's clocks are), not local time. */
export function instant(text: string): number {
  const zoned = /(Z|[+-]\d\d:?\d\d)$/i.test(text.trim()) || !text.includes('T') ? text.trim() : `${text.trim()}Z`;
  return Date.parse(zoned);
}

function usableKey(request: HealthInformationRequestToHip, now: number): boolean {
  const key = request.keyMaterial;
  if (!key?.publicKey || !key.nonce) return false;
  if (key.expiry && instant(key.expiry) <= now) return false;
  try {
    parsePublicKey(key.publicKey, 'keyValue');
    parseNonce(key.nonce, 'nonce');
    return true;
  } catch {
    return false;
  }
}

function usableUrl(url: string | null): boolean {
  if (!url) return false;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}
