import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { SandboxContext } from '../context';
import type { CmPatient } from '../gateway/hiu/patient-directory';
import { sendToBridge } from './hip-bridge-sender';
import { hipFlowStateOf, nowIso, type LinkedCareContext } from './hip-flow-state';
import type { addContextsBody, generateTokenBody, linkCareContextBody, smsNotifyV05Body, smsNotifyV3Body } from './hip-gateway-schemas';

// The consent manager's side of HIP-initiated linking (abdm-frontdesk.md §3): a link token by demographics (v3),
// care contexts linked with it under the patient's ABHA (v3 X-LINK-TOKEN; v0.5 the users/auth LINK access token),
// and the SMS deep link. Each answer goes to the desk's bridge after the gateway's 202.

/** NHA: the link token is valid for 6 months. */
const LINK_TOKEN_VALIDITY_MS = 183 * 86_400_000;

export const HIP_V3_CALLBACKS = {
  onGenerateToken: '/api/v3/hip/token/on-generate-token',
  onCareContext: '/api/v3/link/on_carecontext',
  onContextNotify: '/api/v3/links/context/on-notify',
  onSmsNotify: '/api/v3/patients/sms/on-notify',
} as const;

export const HIP_V05_CALLBACKS = {
  onAddContexts: '/v0.5/links/link/on-add-contexts',
  onContextNotify: '/v0.5/links/context/on-notify',
  onSmsNotify: '/v0.5/patients/sms/on-notify',
} as const;

type Refusal = { code: string; message: string };

const digits = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value).replace(/\D/g, ''));

/** Why ABDM would refuse a link token for these demographics, or null. */
function tokenRefusal(ctx: SandboxContext, body: z.infer<typeof generateTokenBody>): Refusal | null {
  if (hipFlowStateOf(ctx).blocked.has(body.abhaAddress.toLowerCase())) {
    return { code: 'ABDM-1027', message: 'You are blocked. Please try again after 24 hours.' };
  }
  const patient = ctx.hiu.directory.findActive(body.abhaAddress);
  if (!patient || !sameDemographics(patient, body)) return { code: 'ABDM-1051', message: 'Invalid ABHA Number or ABHA Address' };
  return null;
}

/** The ABHA number (when given), gender and year of birth must be the patient's; names are spelt too many ways. */
function sameDemographics(patient: CmPatient, body: z.infer<typeof generateTokenBody>): boolean {
  const givenNumber = digits(body.abhaNumber);
  if (givenNumber !== '' && givenNumber !== digits(patient.abhaNumber)) return false;
  return patient.gender === body.gender && patient.yearOfBirth === body.yearOfBirth;
}

export function generateLinkToken(ctx: SandboxContext, hipId: string, requestId: string, body: z.infer<typeof generateTokenBody>): void {
  const response = { requestId };
  const refusal = tokenRefusal(ctx, body);
  if (refusal) {
    sendToBridge(ctx, 'v3', hipId, HIP_V3_CALLBACKS.onGenerateToken, { abhaAddress: body.abhaAddress, error: refusal, response });
    return;
  }
  const token = randomBytes(32).toString('base64url');
  const abhaAddress = body.abhaAddress.toLowerCase();
  hipFlowStateOf(ctx).linkTokens.set(token, { token, abhaAddress, hipId, expiresAt: ctx.clock.now() + LINK_TOKEN_VALIDITY_MS });
  sendToBridge(ctx, 'v3', hipId, HIP_V3_CALLBACKS.onGenerateToken, { abhaAddress, linkToken: token, response });
}

/** A link token this gateway issued to this HIP for this ABHA address, still valid. */
function tokenFits(ctx: SandboxContext, token: string, hipId: string, abhaAddress: string): boolean {
  const issued = hipFlowStateOf(ctx).linkTokens.get(token);
  return !!issued && issued.hipId === hipId && issued.abhaAddress === abhaAddress.toLowerCase() && issued.expiresAt > ctx.clock.now();
}

export function linkCareContextsV3(ctx: SandboxContext, hipId: string, requestId: string, linkToken: string, body: z.infer<typeof linkCareContextBody>): void {
  const response = { requestId };
  const answer = (payload: Record<string, unknown>) => sendToBridge(ctx, 'v3', hipId, HIP_V3_CALLBACKS.onCareContext, { ...payload, response });
  if (!tokenFits(ctx, linkToken, hipId, body.abhaAddress)) {
    answer({ abhaAddress: body.abhaAddress, error: { code: 'ABDM-1038', message: 'ABHA address and Link token mismatch' } });
    return;
  }
  const miscounted = body.patient.find((patient) => patient.count !== patient.careContexts.length);
  if (miscounted) {
    answer({ abhaAddress: body.abhaAddress, error: { code: 'ABDM-1037', message: 'Counter and Care context count mismatch' } });
    return;
  }
  const linkedAt = nowIso(ctx);
  for (const patient of body.patient) {
    const hiType = patient.hiType ?? patient.hiTypes;
    hipFlowStateOf(ctx).link(
      body.abhaAddress,
      patient.careContexts.map((cc) => careContextOf(hipId, patient, cc, hiType ? [hiType] : [], 'desk', linkedAt)),
    );
  }
  answer({ abhaAddress: body.abhaAddress.toLowerCase(), status: 'Successfully Linked care context' });
}

export function careContextOf(
  hipId: string,
  patient: { referenceNumber: string; display: string },
  careContext: { referenceNumber: string; display: string },
  hiTypes: string[],
  linkedBy: LinkedCareContext['linkedBy'],
  linkedAt: string,
): LinkedCareContext {
  return {
    hipId,
    patientReference: patient.referenceNumber,
    patientDisplay: patient.display,
    careContextReference: careContext.referenceNumber,
    display: careContext.display,
    hiTypes,
    linkedBy,
    linkedAt,
  };
}

/**
 * v0.5 add-contexts: the token is the access token users/auth/on-confirm gave for purpose LINK (or KYC_AND_LINK)
 * to this HIP (sandbox/gateway/hiu/user-auth.ts writes it `link-token-<transaction id>`).
 */
export function addContextsV05(ctx: SandboxContext, hipId: string, body: z.infer<typeof addContextsBody>): void {
  const resp = { requestId: body.requestId };
  const transactionId = body.link.accessToken.replace(/^link-token-/, '');
  const txn = body.link.accessToken.startsWith('link-token-') ? ctx.hiu.authTransactions.get(transactionId) : undefined;
  const usable =
    txn && ['CONFIRMED', 'GRANTED'].includes(txn.status) && txn.purpose !== 'KYC' && txn.requester.type === 'HIP' && (hipId === '' || txn.requester.id === hipId);
  if (!usable || !ctx.hiu.directory.findActive(txn.patientId)) {
    sendToBridge(ctx, 'v0.5', hipId, HIP_V05_CALLBACKS.onAddContexts, { error: { code: 1000, message: 'Invalid link token' }, resp });
    return;
  }
  const { patient } = body.link;
  const linkedAt = nowIso(ctx);
  const forHip = txn.requester.id;
  hipFlowStateOf(ctx).link(txn.patientId, patient.careContexts.map((cc) => careContextOf(forHip, patient, cc, [], 'desk', linkedAt)));
  sendToBridge(ctx, 'v0.5', forHip, HIP_V05_CALLBACKS.onAddContexts, { acknowledgement: { status: 'SUCCESS' }, resp });
}

/** New data on a care context: acknowledged whether or not the care context is linked (the record says which). */
export function acknowledgeContextNotify(ctx: SandboxContext, generation: 'v3' | 'v0.5', hipId: string, requestId: string): void {
  if (generation === 'v3') {
    sendToBridge(ctx, 'v3', hipId, HIP_V3_CALLBACKS.onContextNotify, { acknowledgement: { status: 'SUCCESS' }, response: { requestId } });
  } else {
    sendToBridge(ctx, 'v0.5', hipId, HIP_V05_CALLBACKS.onContextNotify, { acknowledgement: { status: 'SUCCESS' }, resp: { requestId } });
  }
}

/** ABDM texts the patient a deep link to the ABHA app; in the simulator it lands in the training SMS inbox. */
export function sendSmsDeepLink(
  ctx: SandboxContext,
  generation: 'v3' | 'v0.5',
  requestId: string,
  notification: z.infer<typeof smsNotifyV3Body>['notification'] | z.infer<typeof smsNotifyV05Body>['notification'],
): void {
  const hipName = notification.hip.name ?? notification.hip.id;
  hipFlowStateOf(ctx).addSms({
    id: requestId,
    to: notification.phoneNo.replace(/\D/g, '').slice(-10),
    message: `${hipName} has health records for you. Create your ABHA address in the ABHA app to see them: https://abha.abdm.gov.in/abha/v3/`,
    receivedAt: nowIso(ctx),
    from: 'abdm',
  });
  if (generation === 'v3') {
    sendToBridge(ctx, 'v3', notification.hip.id, HIP_V3_CALLBACKS.onSmsNotify, { acknowledgement: { status: 'SUCCESS' }, response: { requestId } });
  } else {
    sendToBridge(ctx, 'v0.5', notification.hip.id, HIP_V05_CALLBACKS.onSmsNotify, { status: 'ACKNOWLEDGED', resp: { requestId } });
  }
}
