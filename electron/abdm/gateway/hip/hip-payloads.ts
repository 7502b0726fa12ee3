// What the HIP's services queue for each operation (effects.enqueue / outbox.send): ONE neutral payload per operation,
// in HIE-CM v3's words (NHA's files; reference/spec/abdm-frontdesk.md §3), which each generation's wire writes as it
// spells it (hip-v3-wire.ts, hip-v05-wire.ts). An acknowledgement names the news it answers in `resp.requestId`
// (the v3 transport writes it `response`). Types, not interfaces: the outbox takes plain JSON.

/**
 * A care context as the patient's app shows it. `hiType` (added for the wire): the kind of record it holds, by which
 * v3's answers to the patient's app (on-discover, on-confirm) group care contexts; OPConsultation when not said.
 */
export type CareContextEntry = { referenceNumber: string; display: string; hiType?: string };

/** `linkToken.generate` (v3 only): a link token by demographics; answered by `linkToken.onGenerate`. */
export type GenerateLinkTokenPayload = {
  abhaNumber: string | null;
  abhaAddress: string;
  name: string;
  /** M, F, O, U. */
  gender: string;
  yearOfBirth: number;
};

/**
 * `links.addCareContexts`: link the patient's visits to their ABHA. `linkToken` travels in the X-LINK-TOKEN header
 * on v3 and as `link.accessToken` on v0.5 (where it is the `users/auth/on-confirm` access token).
 */
export type AddCareContextsPayload = {
  linkToken: string;
  abhaNumber: string | null;
  abhaAddress: string;
  /** The clinic's patient number, and how the patient's app names the patient. */
  patientReference: string;
  patientDisplay: string;
  careContexts: CareContextEntry[];
  /** v3 wants the HI type and count of the records under the care contexts (Prescription, OPConsultation…). */
  hiType: string;
  count: number;
};

/** `links.contextNotify`: new data on a linked care context. */
export type ContextNotifyPayload = {
  abhaAddress: string;
  patientReference: string;
  careContextReference: string;
  hiTypes: string[];
  /** ISO time of the new data. */
  date: string;
  hipId: string;
};

/** `sms.notify`: the SMS deep link to a patient whose ABHA address is not known. */
export type SmsNotifyPayload = { phoneNo: string; hipId: string; hipName: string | null };

/** `careContexts.onDiscover`: the answer to a patient's discovery; no patient (and an error) when none matched. */
export type OnDiscoverPayload = {
  resp: { requestId: string };
  transactionId: string;
  patient: { referenceNumber: string; display: string; careContexts: CareContextEntry[]; matchedBy: string[] } | null;
  error: { code: string; message: string } | null;
};

/** `link.onInit`: the link reference and where the HIP's OTP went, or why not. */
export type OnLinkInitPayload = {
  resp: { requestId: string };
  transactionId: string;
  link: { referenceNumber: string; communicationHint: string; communicationExpiry: string } | null;
  error: { code: string; message: string } | null;
};

/** `link.onConfirm`: the care contexts now linked, or why not (a wrong or expired OTP). */
export type OnLinkConfirmPayload = {
  resp: { requestId: string };
  patient: { referenceNumber: string; display: string; careContexts: CareContextEntry[] } | null;
  error: { code: string; message: string } | null;
};

/** `consents.hipOnNotify`: the HIP kept (or dropped) the consent. */
export type ConsentHipOnNotifyPayload = { resp: { requestId: string }; consentId: string; status: 'OK' };

/** `healthInformation.hipOnRequest`: the request is taken (ACKNOWLEDGED) or refused (ERRORED with ABDM's error). */
export type HipOnRequestPayload = {
  resp: { requestId: string };
  transactionId: string;
  sessionStatus: 'ACKNOWLEDGED' | 'ERRORED';
  error: { code: string; message: string } | null;
};

/** `healthInformation.hipNotify`: how the transfer ended, per care context (notifier HIP). */
export type HipTransferNotifyPayload = {
  consentId: string;
  transactionId: string;
  /** ISO time the transfer ended. */
  doneAt: string;
  hipId: string;
  sessionStatus: 'TRANSFERRED' | 'FAILED';
  statusResponses: { careContextReference: string; hiStatus: 'DELIVERED' | 'ERRORED'; description: string }[];
};
