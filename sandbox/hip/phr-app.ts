import { randomUUID } from 'node:crypto';
import type { SandboxContext } from '../context';
import { sendToBridge } from './hip-bridge-sender';
import { hipFlowStateOf, type HipGeneration, type PhrExchange } from './hip-flow-state';

// The patient's ABHA app, as the consent manager relays it to the desk (docs/sandbox-hip.md §16): it asks the clinic
// whether it holds the patient's records (discover), asks to link some of them (init; the clinic sends its own OTP
// by SMS) and confirms with that OTP. The desk's answers arrive at the gateway (hip-gateway-routes.ts).

const PATHS: Record<HipGeneration, Record<PhrExchange['kind'], string>> = {
  v3: {
    discover: '/api/v3/hip/patient/care-context/discover',
    'link-init': '/api/v3/hip/link/care-context/init',
    'link-confirm': '/api/v3/hip/link/care-context/confirm',
  },
  'v0.5': {
    discover: '/v0.5/care-contexts/discover',
    'link-init': '/v0.5/links/link/init',
    'link-confirm': '/v0.5/links/link/confirm',
  },
};

export interface DiscoverInput {
  hipId: string;
  abhaAddress: string;
  abhaNumber?: string | undefined;
  name: string;
  gender: string;
  yearOfBirth: number;
  mobile: string;
  unverifiedIdentifiers: { type: string; value: string }[];
  generation: HipGeneration;
}

function exchange(ctx: SandboxContext, kind: PhrExchange['kind'], generation: HipGeneration, hipId: string, ids: { abhaAddress: string | null; transactionId: string | null }, payload: Record<string, unknown>): PhrExchange {
  const sent = sendToBridge(ctx, generation, hipId, PATHS[generation][kind], payload);
  const record: PhrExchange = { kind, generation, hipId, ...ids, sent, answer: null };
  hipFlowStateOf(ctx).exchanges.set(sent.requestId, record);
  return record;
}

export function discover(ctx: SandboxContext, input: DiscoverInput): PhrExchange {
  const transactionId = randomUUID();
  // v3 calls the ABHA number ABHA_NUMBER; gateway v0.5's IdentifierType calls it NDHM_HEALTH_NUMBER.
  const numberType = input.generation === 'v3' ? 'ABHA_NUMBER' : 'NDHM_HEALTH_NUMBER';
  const verifiedIdentifiers = [
    { type: 'MOBILE', value: input.mobile },
    ...(input.abhaNumber ? [{ type: numberType, value: input.abhaNumber }] : []),
    ...(input.generation === 'v0.5' ? [{ type: 'HEALTH_ID', value: input.abhaAddress }] : []),
  ];
  const patient = {
    id: input.abhaAddress,
    name: input.name,
    gender: input.gender,
    yearOfBirth: input.yearOfBirth,
    verifiedIdentifiers,
    unverifiedIdentifiers: input.unverifiedIdentifiers,
  };
  return exchange(ctx, 'discover', input.generation, input.hipId, { abhaAddress: input.abhaAddress.toLowerCase(), transactionId }, { transactionId, patient });
}

export interface LinkInitInput {
  hipId: string;
  transactionId: string;
  abhaAddress: string;
  careContexts: { patientReference: string; careContextReference: string }[];
  hiType: string;
  generation: HipGeneration;
}

export function linkInit(ctx: SandboxContext, input: LinkInitInput): PhrExchange {
  const byPatient = new Map<string, string[]>();
  for (const cc of input.careContexts) byPatient.set(cc.patientReference, [...(byPatient.get(cc.patientReference) ?? []), cc.careContextReference]);
  const ids = { abhaAddress: input.abhaAddress.toLowerCase(), transactionId: input.transactionId };
  if (input.generation === 'v3') {
    const patient = [...byPatient].map(([referenceNumber, references]) => ({
      referenceNumber,
      careContexts: references.map((reference) => ({ referenceNumber: reference })),
      hiType: input.hiType,
      count: references.length,
    }));
    return exchange(ctx, 'link-init', 'v3', input.hipId, ids, { transactionId: input.transactionId, abhaAddress: input.abhaAddress, patient });
  }
  // v0.5 links one patient per request: the first patient reference named.
  const [referenceNumber, references] = [...byPatient][0] ?? ['', []];
  const patient = { id: input.abhaAddress, referenceNumber, careContexts: references.map((reference) => ({ referenceNumber: reference })) };
  return exchange(ctx, 'link-init', 'v0.5', input.hipId, ids, { transactionId: input.transactionId, patient });
}

export function linkConfirm(ctx: SandboxContext, input: { hipId: string; linkRefNumber: string; otp: string; generation: HipGeneration }): PhrExchange {
  const init = hipFlowStateOf(ctx).initWithLinkRef(input.linkRefNumber);
  const ids = { abhaAddress: init?.abhaAddress ?? null, transactionId: init?.transactionId ?? null };
  return exchange(ctx, 'link-confirm', input.generation, input.hipId, ids, { confirmation: { linkRefNumber: input.linkRefNumber, token: input.otp } });
}
