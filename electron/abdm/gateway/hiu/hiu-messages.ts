// The callbacks an HIU receives, each as one typed message in the desk's words, whichever generation brought it.
// The readers take a body that already passed its route's schema (so shapes hold) and cleaned of control characters
// (role-wire.ts); they keep the leniency the services always had (a missing part reads as null, never a throw).
// v0.5 and v3 name these parts alike (v3 moved only the envelope), so one reader serves both; a v3-only field is
// read where it is (consents.notify's `reason`).
import { isObject } from '../../../shared/is-object';
import type { HiuCallbackKind } from './hiu-kinds';

type Json = Record<string, unknown>;

export type ConsentStatusWord = 'GRANTED' | 'EXPIRED' | 'DENIED' | 'REQUESTED' | 'REVOKED';

/** A patient as the consent manager describes them after an authentication (PatientDemographicResponse). */
export interface AuthenticatedPatient {
  id: string;
  name: string;
  gender: string | null;
  yearOfBirth: unknown;
  address: Json | null;
  identifiers: unknown[] | null;
}

/** A fetched consent artefact: what the desk keeps of it, and the whole detail as received. */
export interface FetchedConsent {
  status: string;
  hipId: string;
  hipName: string | null;
  hiTypes: string[];
  /** The permission's date range and erase time as ABDM wrote them (abdm-time.ts reads them). */
  dateFrom: string;
  dateTo: string;
  dataEraseAt: string;
  /** The consentDetail object as received (cleaned), kept with the artefact. */
  detail: Json;
  signature: string;
}

/** One source of a granted subscription, as received. */
export type SubscriptionSourceWire = { hip?: { id?: string; name?: string }; categories?: string[]; period?: { from?: string; to?: string } } & Json;

export interface HiuMessages {
  'patients.onFind': { patient: { id: unknown; name: unknown } | null };
  'auth.onFetchModes': { modes: unknown[] | null };
  /** `answeredAt`: the gateway's own time of the answer (the body's timestamp), on the same clock as `expiresAt`. */
  'auth.onInit': { transactionId: unknown; mode: unknown; hint: unknown; expiresAt: unknown; answeredAt: unknown } | null;
  /** `accessToken`: purpose LINK only (the HIP's v0.5 link token, services/hip/link-auth-v05.ts); absent for KYC. */
  'auth.onConfirm': { patient: AuthenticatedPatient | null; accessToken?: string | null };
  'auth.notify': { transactionId: string | null; status: string; patient: AuthenticatedPatient | null };
  'consentRequests.onInit': { consentRequestId: string | null };
  'consentRequests.onStatus': { status: ConsentStatusWord | null; artefactIds: string[] };
  'consents.notify': { consentRequestId: string | null; status: ConsentStatusWord; artefactIds: string[]; reason: string | null };
  'consents.onFetch': { consent: FetchedConsent | null };
  'healthInformation.onRequest': { transactionId: string | null };
  'subscriptionRequests.onInit': { subscriptionRequestId: string | null };
  'subscriptionRequests.notify': {
    subscriptionRequestId: string;
    status: string;
    subscriptionId: string | null;
    sources: SubscriptionSourceWire[] | null;
  };
  'subscriptions.notify': {
    eventId: string | null;
    subscriptionId: string;
    category: string;
    patientId: string | null;
    hipId: string | null;
    /** The event's content as received, kept with the event. */
    content: Json;
  };
  'patientStatus.notify': { status: string; patientId: string | null; sentAt: string | null };
}

export type HiuMessage<K extends HiuCallbackKind> = HiuMessages[K];

type Reader<K extends HiuCallbackKind> = (body: Json, headers: Record<string, string | undefined>) => HiuMessages[K];

const obj = (value: unknown): Json | null => (isObject(value) ? value : null);
const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The artefacts' ids that are text; an entry without one (v3 lets an id be null) names nothing. */
function artefactIds(list: unknown): string[] {
  return Array.isArray(list) ? list.map((a) => str(obj(a)?.id)).filter((id): id is string => Boolean(id)) : [];
}

function patientOf(value: unknown): AuthenticatedPatient | null {
  const patient = obj(value);
  if (!patient || typeof patient.id !== 'string' || typeof patient.name !== 'string') return null;
  return {
    id: patient.id,
    name: patient.name,
    gender: str(patient.gender),
    yearOfBirth: patient.yearOfBirth,
    address: obj(patient.address),
    identifiers: Array.isArray(patient.identifiers) ? patient.identifiers : null,
  };
}

function fetchedConsentOf(value: unknown): FetchedConsent | null {
  const consent = obj(value);
  const detail = obj(consent?.consentDetail);
  if (!consent || !detail) return null;
  const hip = obj(detail.hip);
  const permission = obj(detail.permission) ?? {};
  const range = obj(permission.dateRange);
  return {
    status: String(consent.status),
    hipId: String(hip?.id ?? ''),
    hipName: str(hip?.name),
    hiTypes: Array.isArray(detail.hiTypes) ? detail.hiTypes.map(String) : [],
    dateFrom: String(range?.from ?? ''),
    dateTo: String(range?.to ?? ''),
    dataEraseAt: String(permission.dataEraseAt ?? ''),
    detail,
    signature: String(consent.signature ?? ''),
  };
}

/** The readers, one per kind, for a body whose envelope (resp/response, ids) the transport has read. */
export const HIU_READERS: { [K in HiuCallbackKind]: Reader<K> } = {
  'patients.onFind': (body) => {
    const patient = obj(body.patient);
    return { patient: patient ? { id: patient.id, name: patient.name } : null };
  },
  'auth.onFetchModes': (body) => {
    const modes = obj(body.auth)?.modes;
    return { modes: Array.isArray(modes) ? modes : null };
  },
  'auth.onInit': (body) => {
    const auth = obj(body.auth);
    if (!auth) return null;
    const meta = obj(auth.meta);
    return { transactionId: auth.transactionId, mode: auth.mode, hint: meta?.hint, expiresAt: meta?.expiry, answeredAt: body.timestamp };
  },
  'auth.onConfirm': (body) => ({ patient: patientOf(obj(body.auth)?.patient), accessToken: str(obj(body.auth)?.accessToken) }),
  'auth.notify': (body) => {
    const auth = obj(body.auth) ?? {};
    return { transactionId: str(auth.transactionId), status: String(auth.status), patient: patientOf(auth.patient) };
  },
  'consentRequests.onInit': (body) => ({ consentRequestId: str(obj(body.consentRequest)?.id) }),
  'consentRequests.onStatus': (body) => {
    const request = obj(body.consentRequest);
    return { status: (str(request?.status) as ConsentStatusWord | null) ?? null, artefactIds: artefactIds(request?.consentArtefacts) };
  },
  'consents.notify': (body) => {
    const notification = obj(body.notification) ?? {};
    return {
      consentRequestId: str(notification.consentRequestId),
      status: notification.status as ConsentStatusWord,
      artefactIds: artefactIds(notification.consentArtefacts),
      reason: str(notification.reason),
    };
  },
  'consents.onFetch': (body) => ({ consent: fetchedConsentOf(body.consent) }),
  'healthInformation.onRequest': (body) => ({ transactionId: str(obj(body.hiRequest)?.transactionId) }),
  'subscriptionRequests.onInit': (body) => ({ subscriptionRequestId: str(obj(body.subscriptionRequest)?.id) }),
  'subscriptionRequests.notify': (body) => {
    const notification = obj(body.notification) ?? {};
    const subscription = obj(notification.subscription);
    return {
      subscriptionRequestId: str(notification.subscriptionRequestId) ?? '',
      status: String(notification.status),
      subscriptionId: str(subscription?.id),
      sources: Array.isArray(subscription?.sources) ? (subscription.sources as SubscriptionSourceWire[]) : null,
    };
  },
  'subscriptions.notify': (body) => {
    const event = obj(body.event) ?? {};
    const content = obj(event.content) ?? {};
    return {
      eventId: str(event.id),
      subscriptionId: str(event.subscriptionId) ?? '',
      category: String(event.category),
      patientId: str(obj(content.patient)?.id),
      hipId: str(obj(content.hip)?.id),
      content,
    };
  },
  'patientStatus.notify': (body) => {
    const notification = obj(body.notification) ?? {};
    return { status: String(notification.status), patientId: str(obj(notification.patient)?.id), sentAt: str(body.timestamp) };
  },
};
