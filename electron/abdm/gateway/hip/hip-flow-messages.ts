// The HIP's callbacks of Milestone 2 in the desk's words (reference/spec/abdm-frontdesk.md §3), whichever generation
// brought them. Readers (hip-flow-readers.ts) never throw: what a callback does not say is null or empty, and the
// service that applies it decides whether that is a refusal (a consent with no care contexts shares nothing).

/** A refusal as the gateway wrote it (`error {code, message}`); the code as text on both generations. */
export interface GatewayRefusal {
  code: string;
  message: string;
}

/** v3 `on-generate-token`: the link token for a patient, or why there is none (ABDM-1051, ABDM-1027 blocked 24 h). */
export interface LinkTokenAnswer {
  abhaAddress: string | null;
  linkToken: string | null;
  error: GatewayRefusal | null;
}

/** An acknowledgement of a request of ours: `on_carecontext`, `links/context/on-notify`, `sms/on-notify`. */
export interface GatewayAcknowledgement {
  /** `SUCCESS`, `OK`, `ACKNOWLEDGED`, … as sent; null when the body says none. */
  status: string | null;
  error: GatewayRefusal | null;
}

/** An identifier the patient's app sends with a discovery (`MOBILE`, `ABHA_NUMBER`, `MR`, …). */
export interface PatientIdentifier {
  type: string;
  value: string;
}

/** Patient-initiated discovery: the patient's app asks whether this HIP holds their records. */
export interface DiscoveryRequest {
  transactionId: string | null;
  abhaAddress: string | null;
  abhaNumber: string | null;
  name: string | null;
  /** M, F, O, U as sent. */
  gender: string | null;
  yearOfBirth: number | null;
  /** Identifiers ABDM verified (the mobile the ABHA is registered with). */
  verified: PatientIdentifier[];
  /** Identifiers the patient typed (a hospital number, another mobile). */
  unverified: PatientIdentifier[];
}

/** A care context named by the patient's app or a consent: the patient (our patient number) and the visit. */
export interface CareContextRef {
  patientReference: string;
  careContextReference: string;
}

/** Patient-initiated link, step 1: link these care contexts (the HIP then sends its own OTP). */
export interface LinkInitRequest {
  transactionId: string | null;
  abhaAddress: string | null;
  careContexts: CareContextRef[];
}

/** Patient-initiated link, step 2: the OTP the patient typed, for the link reference we gave. */
export interface LinkConfirmRequest {
  linkRefNumber: string | null;
  token: string | null;
}

/** A consent at the HIP: granted with what it covers, or revoked / expired (then only its id matters). */
export interface HipConsentNotice {
  consentId: string | null;
  /** GRANTED, REVOKED, EXPIRED, DENIED as sent (upper case). */
  status: string | null;
  abhaAddress: string | null;
  hipId: string | null;
  hiu: { id: string; name: string | null } | null;
  purpose: string | null;
  careContexts: CareContextRef[];
  hiTypes: string[];
  /** ISO date-times from `permission.dateRange`. */
  dateRange: { from: string; to: string } | null;
  /** `permission.dataEraseAt`: the consent ends then. */
  dataEraseAt: string | null;
}

/** The requester's Fidelius key material as sent (`keyMaterial`). */
export interface RequesterKeyMaterial {
  cryptoAlg: string | null;
  curve: string | null;
  /** `dhPublicKey.keyValue`: a raw point or X.509, base64 (crypto/fidelius-keys.ts reads both). */
  publicKey: string | null;
  /** `dhPublicKey.expiry`. */
  expiry: string | null;
  parameters: string | null;
  nonce: string | null;
}

/** A health-information request to the HIP: push what consent `consentId` covers to `dataPushUrl`. */
export interface HealthInformationRequestToHip {
  transactionId: string | null;
  consentId: string | null;
  dateRange: { from: string; to: string } | null;
  dataPushUrl: string | null;
  keyMaterial: RequesterKeyMaterial | null;
}

export interface HipFlowMessages {
  'linkToken.onGenerate': LinkTokenAnswer;
  'links.onAddCareContexts': GatewayAcknowledgement;
  'links.onContextNotify': GatewayAcknowledgement;
  'sms.onNotify': GatewayAcknowledgement;
  'careContexts.discover': DiscoveryRequest;
  'link.init': LinkInitRequest;
  'link.confirm': LinkConfirmRequest;
  'consents.hipNotify': HipConsentNotice;
  'healthInformation.hipRequest': HealthInformationRequestToHip;
}
