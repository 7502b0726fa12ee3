// Readers of the HIP's Milestone 2 callbacks into the desk's words (hip-flow-messages.ts), one per kind and
// generation. They never throw: a body has already passed its schema (hip-flow-schemas.ts), which requires only what
// the answer must repeat, so what a callback does not say is null or empty and the service decides. Both generations
// are read into v3's words: v0.5's identifier types NDHM_HEALTH_NUMBER and HEALTH_ID become ABHA_NUMBER and
// ABHA_ADDRESS, and v0.5's single `patient` object reads like one entry of v3's `patient[]`.
import { isObject } from '../../../shared/is-object';
import type {
  CareContextRef,
  DiscoveryRequest,
  GatewayAcknowledgement,
  GatewayRefusal,
  HealthInformationRequestToHip,
  HipConsentNotice,
  HipFlowMessages,
  LinkConfirmRequest,
  LinkInitRequest,
  LinkTokenAnswer,
  PatientIdentifier,
  RequesterKeyMaterial,
} from './hip-flow-messages';

type Json = Record<string, unknown>;
type Headers = Record<string, string | undefined>;
export type HipFlowReader<K extends keyof HipFlowMessages> = (body: Json, headers: Headers) => HipFlowMessages[K];

const obj = (value: unknown): Json => (isObject(value) ? value : {});
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

const text = (value: unknown): string | null => {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

const lower = (value: unknown): string | null => text(value)?.toLowerCase() ?? null;

/** A header by name in any case (Node lowercases what it receives; tests may not). */
function header(headers: Headers, name: string): string | null {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === wanted) return text(value);
  return null;
}

/** `error {code, message}`; v3 codes may end in ": " ("ABDM-1006: "), v0.5 codes are integers. */
function refusal(value: unknown): GatewayRefusal | null {
  if (!isObject(value)) return null;
  const code = text(value.code)?.replace(/[:\s]+$/, '') ?? null;
  const message = text(value.message);
  if (code === null && message === null) return null;
  return { code: code ?? 'UNKNOWN', message: message ?? '' };
}

// ── Answers to our requests ─────────────────────────────────────────────────────────────────────
/** v3 `on-generate-token`: `{abhaAddress, linkToken, response}` or `{error, response}`. */
export const readLinkTokenAnswer: HipFlowReader<'linkToken.onGenerate'> = (body): LinkTokenAnswer => ({
  abhaAddress: lower(body.abhaAddress),
  linkToken: text(body.linkToken),
  error: refusal(body.error),
});

/**
 * Every acknowledgement of a request of ours: `acknowledgement.status` (context and SMS notify on v3, add-contexts and
 * context notify on v0.5) or a top-level `status` (v3 on_carecontext's "Successfully Linked care context", v0.5 SMS).
 */
export const readAcknowledgement = ((body: Json): GatewayAcknowledgement => ({
  status: text(obj(body.acknowledgement).status) ?? text(body.status),
  error: refusal(body.error),
})) as HipFlowReader<'links.onAddCareContexts'> & HipFlowReader<'links.onContextNotify'> & HipFlowReader<'sms.onNotify'>;

// ── Patient-initiated discovery and linking ─────────────────────────────────────────────────────
const V05_IDENTIFIER_TYPES: Record<string, string> = { NDHM_HEALTH_NUMBER: 'ABHA_NUMBER', HEALTH_ID: 'ABHA_ADDRESS' };

function identifiers(value: unknown): PatientIdentifier[] {
  const read: PatientIdentifier[] = [];
  for (const entry of list(value)) {
    const type = text(obj(entry).type)?.toUpperCase();
    const identifier = text(obj(entry).value);
    if (type && identifier) read.push({ type: V05_IDENTIFIER_TYPES[type] ?? type, value: identifier });
  }
  return read;
}

const valueOf = (found: PatientIdentifier[], type: string) => found.find((identifier) => identifier.type === type)?.value ?? null;

function yearOf(value: unknown): number | null {
  const digits = text(value);
  if (digits === null || !/^\d{4}$/.test(digits)) return null;
  return Number(digits);
}

/**
 * A discovery, on both generations: `{transactionId, patient{id, verifiedIdentifiers, unverifiedIdentifiers, name,
 * gender, yearOfBirth}}`. The patient's `id` is their ABHA address; a verified ABHA_ADDRESS identifier says it too.
 */
export const readDiscovery: HipFlowReader<'careContexts.discover'> = (body): DiscoveryRequest => {
  const patient = obj(body.patient);
  const verified = identifiers(patient.verifiedIdentifiers);
  return {
    transactionId: text(body.transactionId),
    abhaAddress: lower(patient.id) ?? valueOf(verified, 'ABHA_ADDRESS')?.toLowerCase() ?? null,
    abhaNumber: valueOf(verified, 'ABHA_NUMBER'),
    name: text(patient.name),
    gender: text(patient.gender)?.toUpperCase() ?? null,
    yearOfBirth: yearOf(patient.yearOfBirth),
    verified,
    unverified: identifiers(patient.unverifiedIdentifiers),
  };
};

/** The care contexts of one `patient` entry, each with the entry's reference. */
function careContextsOf(patient: Json): CareContextRef[] {
  const patientReference = text(patient.referenceNumber);
  if (patientReference === null) return [];
  const refs: CareContextRef[] = [];
  for (const careContext of list(patient.careContexts)) {
    const careContextReference = text(obj(careContext).referenceNumber);
    if (careContextReference) refs.push({ patientReference, careContextReference });
  }
  return refs;
}

/** The `patient` of a link init: an array on v3, one object on v0.5 (some v3 peers send one object too). */
const patientEntries = (value: unknown): Json[] => (Array.isArray(value) ? value.map(obj) : isObject(value) ? [value] : []);

/** A link init: v3 `{transactionId, abhaAddress, patient[…]}`, v0.5 `{transactionId, patient{id, referenceNumber, careContexts}}`. */
export const readLinkInit: HipFlowReader<'link.init'> = (body): LinkInitRequest => {
  const entries = patientEntries(body.patient);
  return {
    transactionId: text(body.transactionId),
    abhaAddress: lower(body.abhaAddress) ?? lower(entries[0]?.id),
    careContexts: entries.flatMap(careContextsOf),
  };
};

/** The OTP as typed: NHA's v3 file makes it an integer, so a leading zero may be lost; OTPs are 6 digits (ibid.). */
function otpOf(value: unknown): string | null {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return String(value).padStart(6, '0');
  return text(value);
}

/** A link confirm, on both generations: `{confirmation{linkRefNumber, token}}`. */
export const readLinkConfirm: HipFlowReader<'link.confirm'> = (body): LinkConfirmRequest => {
  const confirmation = obj(body.confirmation);
  return { linkRefNumber: text(confirmation.linkRefNumber), token: otpOf(confirmation.token) };
};

// ── Consents and health-information requests ────────────────────────────────────────────────────
function dateRangeOf(value: unknown): { from: string; to: string } | null {
  const from = text(obj(value).from);
  const to = text(obj(value).to);
  return from && to ? { from, to } : null;
}

function hiTypesOf(value: unknown): string[] {
  return list(value).flatMap((entry) => text(entry) ?? []);
}

/**
 * A consent at the HIP, on both generations: `{notification{status, consentId, consentDetail{patient, careContexts,
 * purpose, hip, hiu, hiTypes, permission}}}`. A revocation or expiry may come without the detail.
 */
export const readHipConsentNotice: HipFlowReader<'consents.hipNotify'> = (body, headers): HipConsentNotice => {
  const notification = obj(body.notification);
  const detail = obj(notification.consentDetail);
  const permission = obj(detail.permission);
  const hiu = obj(detail.hiu);
  const hiuId = text(hiu.id);
  const purpose = obj(detail.purpose);
  return {
    consentId: text(notification.consentId) ?? text(detail.consentId),
    status: text(notification.status)?.toUpperCase() ?? null,
    abhaAddress: lower(obj(detail.patient).id),
    hipId: text(obj(detail.hip).id) ?? header(headers, 'X-HIP-ID'),
    hiu: hiuId ? { id: hiuId, name: text(hiu.name) } : null,
    purpose: text(purpose.code) ?? text(purpose.text),
    careContexts: list(detail.careContexts).flatMap((entry) => {
      const patientReference = text(obj(entry).patientReference);
      const careContextReference = text(obj(entry).careContextReference);
      return patientReference && careContextReference ? [{ patientReference, careContextReference }] : [];
    }),
    hiTypes: hiTypesOf(detail.hiTypes),
    dateRange: dateRangeOf(permission.dateRange),
    dataEraseAt: text(permission.dataEraseAt),
  };
};

function keyMaterialOf(value: unknown): RequesterKeyMaterial | null {
  if (!isObject(value)) return null;
  const key = obj(value.dhPublicKey);
  return {
    cryptoAlg: text(value.cryptoAlg),
    curve: text(value.curve),
    publicKey: text(key.keyValue),
    expiry: text(key.expiry),
    parameters: text(key.parameters),
    nonce: text(value.nonce),
  };
}

/** A health-information request, on both generations: `{transactionId, hiRequest{consent{id}, dateRange, dataPushUrl, keyMaterial}}`. */
export const readHipHealthInformationRequest: HipFlowReader<'healthInformation.hipRequest'> = (body): HealthInformationRequestToHip => {
  const request = obj(body.hiRequest);
  return {
    transactionId: text(body.transactionId) ?? text(request.transactionId),
    consentId: text(obj(request.consent).id),
    dateRange: dateRangeOf(request.dateRange),
    dataPushUrl: text(request.dataPushUrl),
    keyMaterial: keyMaterialOf(request.keyMaterial),
  };
};

/** Every flow kind's reader; the two generations differ only in what each reader already tolerates. */
export const HIP_FLOW_READERS: { [K in keyof HipFlowMessages]: HipFlowReader<K> } = {
  'linkToken.onGenerate': readLinkTokenAnswer,
  'links.onAddCareContexts': readAcknowledgement,
  'links.onContextNotify': readAcknowledgement,
  'sms.onNotify': readAcknowledgement,
  'careContexts.discover': readDiscovery,
  'link.init': readLinkInit,
  'link.confirm': readLinkConfirm,
  'consents.hipNotify': readHipConsentNotice,
  'healthInformation.hipRequest': readHipHealthInformationRequest,
};
