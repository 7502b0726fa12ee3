// What the desk can do on each ABDM API, named for the desk's work rather than for an API: screens ask "can this
// desk find a patient at the consent manager?", never "is this v3?". The gateway's part is read from each
// generation's own supports(operation), so adding a generation adds no branch here; the ABHA side (Health ID v1,
// ABHA v3) has no such seam yet, so its one difference is listed.
import { ABDM_APIS, type AbdmApi } from '../../shared/abdm-api';
import type { HiuOperation } from './generation';
import { gatewayGenerationFor } from './generation-choice';

/**
 * - `patient-find`: find a patient by ABHA address at the consent manager (before asking for records);
 * - `kyc-auth`: confirm the patient through the consent manager's user auth (an OTP or their demographics);
 * - `consent-status`: ask the consent manager where a consent request stands;
 * - `subscriptions`: subscribe to a patient's new care contexts and records;
 * - `patient-status`: hear from the consent manager that a patient's ABHA was deactivated or deleted;
 * - `verify-by-mobile`: verify a patient by the mobile their ABHA is registered with;
 * - `invoice-records`: ask for (and receive) bills, the HI type `Invoice` of HIE-CM v3 (gateway v0.5's enum has seven types);
 * - `otp-to-abha-mobile`: verify an ABHA number or address with an OTP to the ABHA's own mobile, not only the
 *   Aadhaar-linked one (ABDM's VRFY_ABHA_201);
 * - `identity-authentication`: confirm a patient's ABHA number or address with their demographics at the consent
 *   manager (HIE-CM v3 identity/authentication, ABDM's HIU_FLOW_101; on v0.5 patients/find does it: `patient-find`).
 */
export const DESK_CAPABILITIES = ['patient-find', 'kyc-auth', 'consent-status', 'subscriptions', 'patient-status', 'verify-by-mobile', 'invoice-records', 'otp-to-abha-mobile', 'identity-authentication'] as const;
export type DeskCapability = (typeof DESK_CAPABILITIES)[number];

/** The gateway operation each gateway capability needs; the generation says whether it has it. */
const GATEWAY_OPERATION: Partial<Record<DeskCapability, HiuOperation>> = {
  'patient-find': 'patients.find',
  'kyc-auth': 'auth.init',
  'consent-status': 'consentRequests.status',
  subscriptions: 'subscriptionRequests.init',
  'patient-status': 'patientStatus.onNotify',
};

/**
 * The ABHA side: ABHA v3 verifies by mobile; Health ID v1 has no such search (services/verify/verify-v1.ts refuses it).
 * And the gateway's vocabulary, which has no operation to ask about: HIE-CM v3's HITypeEnum has Invoice, v0.5's not.
 */
const ABHA_CAPABILITIES: Record<AbdmApi, readonly DeskCapability[]> = { v3: ['verify-by-mobile', 'invoice-records', 'otp-to-abha-mobile', 'identity-authentication'], v1: [] };

export function supports(api: AbdmApi, capability: DeskCapability): boolean {
  const operation = GATEWAY_OPERATION[capability];
  return operation ? gatewayGenerationFor(api).supports(operation) : ABHA_CAPABILITIES[api].includes(capability);
}

/** What the desk can do on the given API, in DESK_CAPABILITIES order. */
export function capabilitiesOf(api: AbdmApi): DeskCapability[] {
  return DESK_CAPABILITIES.filter((capability) => supports(api, capability));
}

/** Each API's capabilities, for the page: it reads the chosen API's list, and a switch of API needs no new call. */
export function capabilitiesByApi(): Record<AbdmApi, DeskCapability[]> {
  return Object.fromEntries(ABDM_APIS.map((api) => [api, capabilitiesOf(api)])) as Record<AbdmApi, DeskCapability[]>;
}
