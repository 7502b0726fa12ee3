// The bodies of the HIP's Milestone 2 callbacks on each generation (reference/spec/abdm-frontdesk.md §3): v3 after
// NHA's link-token.yaml, hip-initiated-linking.yaml, user-initiated-linking.yaml and consent-management-data-flow.yaml;
// v0.5 after reference/spec/official/ndhm-gateway-v1.yml (definition names in the comments). A body refused here is a
// 400 and lost for good (the gateway does not retry), so each schema requires only what makes the callback useless
// when missing, and lets the readers (hip-flow-readers.ts) and the services judge the rest:
// - an answer to our request must name it (`response.requestId` on v3, `resp.requestId` on v0.5), else it cannot be
//   matched to anything;
// - news the desk answers must carry what the answer has to repeat: a discovery and a link init their
//   `transactionId`, a health-information request its `transactionId`, a consent notice its `consentId` and status;
// - everything else (the patient's details, the care contexts, the consent's detail, the key material) may be
//   missing or odd: the service answers such news with an error rather than the bridge refusing it at the door;
// - on v0.5 every callback carries its own `requestId` (a UUID: the inbox keys on it) in the body.
import { z } from 'zod';
import { UUID_PATTERN } from '../../request-id';
import type { HipCallbackKind } from './hip-kinds';

type FlowKind = Exclude<HipCallbackKind, 'profile.share'>;

const id = z.string().min(1).max(100);
const obj = <T extends z.ZodRawShape>(shape: T) => z.object(shape).loose();
const requestReference = obj({ requestId: id });

// ── HIE-CM v3 ───────────────────────────────────────────────────────────────────────────────────
/** An answer to one of our requests: whatever else it says, `response` names the request. */
const v3Answer = obj({ response: requestReference });

export const HIP_V3_SCHEMAS: Record<FlowKind, z.ZodType> = {
  // `{abhaAddress, linkToken, response}` or `{error, response}` (link-token.yaml).
  'linkToken.onGenerate': v3Answer,
  // `{abhaAddress, status, response}` or `{error, response}` (hip-initiated-linking.yaml).
  'links.onAddCareContexts': v3Answer,
  // `{acknowledgement{status}, error, response}`.
  'links.onContextNotify': v3Answer,
  'sms.onNotify': v3Answer,
  // `{transactionId, patient{id, verifiedIdentifiers, unverifiedIdentifiers, name, gender, yearOfBirth}}`.
  'careContexts.discover': obj({ transactionId: id, patient: obj({}).optional() }),
  // `{transactionId, abhaAddress, patient[{referenceNumber, display, careContexts, hiType, count}]}`.
  'link.init': obj({ transactionId: id }),
  // `{confirmation{linkRefNumber, token}}`: the token is an integer in NHA's file, a text on v0.5.
  'link.confirm': obj({ confirmation: obj({}) }),
  // `{notification{status, consentId, consentDetail, signature, grantAcknowledgement}}`; a revocation may carry no detail.
  'consents.hipNotify': obj({ notification: obj({ status: z.string().min(1), consentId: id }) }),
  // `{transactionId, hiRequest{consent{id}, dateRange, dataPushUrl, keyMaterial}}`.
  'healthInformation.hipRequest': obj({ transactionId: id, hiRequest: obj({}).optional() }),
};

// ── Gateway v0.5 ────────────────────────────────────────────────────────────────────────────────
/** The callback's own id: a UUID (it is stored and shown, so it may carry nothing else). */
const requestId = z.string().regex(UUID_PATTERN, { error: 'must be a UUID' });
const v05 = <T extends z.ZodRawShape>(shape: T) => obj({ requestId, timestamp: z.string().max(64).optional(), ...shape });
/** An answer to one of our requests: `resp.requestId` names it. */
const v05Answer = v05({ resp: requestReference });

export const HIP_V05_SCHEMAS: Partial<Record<FlowKind, z.ZodType>> = {
  // PatientCareContextLinkResponse
  'links.onAddCareContexts': v05Answer,
  // HipDataNotificationAcknowledgement
  'links.onContextNotify': v05Answer,
  // PatientSMSNotifcationResponse
  'sms.onNotify': v05Answer,
  // PatientDiscoveryRequest
  'careContexts.discover': v05({ transactionId: id, patient: obj({}).optional() }),
  // PatientLinkReferenceRequest
  'link.init': v05({ transactionId: id }),
  // LinkConfirmationRequest
  'link.confirm': v05({ confirmation: obj({}) }),
  // HIPConsentNotification
  'consents.hipNotify': v05({ notification: obj({ status: z.string().min(1), consentId: id }) }),
  // HIPHIRequest
  'healthInformation.hipRequest': v05({ transactionId: id, hiRequest: obj({}).optional() }),
};
