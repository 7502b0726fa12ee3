// The HIP on HIE-CM v3 (reference/spec/abdm-frontdesk.md §1, §3; NHA's patient-share, link-token,
// hip-initiated-linking, user-initiated-linking and consent-management-data-flow files). Callbacks come to
// <bridge>/api/v3/...; requests go to the HIE-CM base. The share's schema takes any JSON object: a body the desk
// cannot read is answered FAILED by the handler (and kept for the timeline), never refused at the door, since a
// refused share leaves the patient at the counter with a spinner. The Milestone 2 schemas require only what the
// answer must repeat (hip-flow-schemas.ts).
import { z } from 'zod';
import type { RoleCallback, RoleOperation, RoleWire } from '../role-wire';
import { onShareV3Body } from './on-share';
import { readShareV3 } from './hip-messages';
import { HIP_FLOW_READERS } from './hip-flow-readers';
import { HIP_V3_SCHEMAS } from './hip-flow-schemas';
import type { HipCallbackKind, HipOperation } from './hip-kinds';
import {
  addCareContextsV3Body,
  consentOnNotifyBody,
  contextNotifyBody,
  generateTokenV3Body,
  hipOnRequestV3Body,
  hipTransferNotifyBody,
  linkTokenHeader,
  onDiscoverV3Body,
  onLinkConfirmV3Body,
  onLinkInitBody,
  smsNotifyBody,
} from './hip-v3-bodies';

type FlowKind = Exclude<HipCallbackKind, 'profile.share'>;

export const HIP_V3_CALLBACK_PATHS: Record<HipCallbackKind, string> = {
  'profile.share': '/api/v3/hip/patient/share',
  'linkToken.onGenerate': '/api/v3/hip/token/on-generate-token',
  'links.onAddCareContexts': '/api/v3/link/on_carecontext',
  'links.onContextNotify': '/api/v3/links/context/on-notify',
  'sms.onNotify': '/api/v3/patients/sms/on-notify',
  'careContexts.discover': '/api/v3/hip/patient/care-context/discover',
  'link.init': '/api/v3/hip/link/care-context/init',
  'link.confirm': '/api/v3/hip/link/care-context/confirm',
  'consents.hipNotify': '/api/v3/consent/request/hip/notify',
  'healthInformation.hipRequest': '/api/v3/hip/health-information/request',
};

const OPERATIONS: Record<HipOperation, RoleOperation> = {
  'profile.onShare': { path: '/patient-share/v3/on-share', body: onShareV3Body },
  'linkToken.generate': { path: '/v3/token/generate-token', body: generateTokenV3Body },
  'links.addCareContexts': { path: '/hip/v3/link/carecontext', body: addCareContextsV3Body, headers: linkTokenHeader },
  'links.contextNotify': { path: '/hip/v3/link/context/notify', body: contextNotifyBody },
  'sms.notify': { path: '/hip/v3/link/patient/links/sms/notify2', body: smsNotifyBody },
  'careContexts.onDiscover': { path: '/user-initiated-linking/v3/patient/care-context/on-discover', body: onDiscoverV3Body },
  'link.onInit': { path: '/user-initiated-linking/v3/link/care-context/on-init', body: onLinkInitBody },
  'link.onConfirm': { path: '/user-initiated-linking/v3/link/care-context/on-confirm', body: onLinkConfirmV3Body },
  'consents.hipOnNotify': { path: '/consent/v3/request/hip/on-notify', body: consentOnNotifyBody },
  'healthInformation.hipOnRequest': { path: '/data-flow/v3/health-information/hip/on-request', body: hipOnRequestV3Body },
  'healthInformation.hipNotify': { path: '/data-flow/v3/health-information/notify', body: hipTransferNotifyBody },
};

const flowCallback = (kind: FlowKind): RoleCallback => ({
  kind,
  path: HIP_V3_CALLBACK_PATHS[kind],
  schema: HIP_V3_SCHEMAS[kind],
  read: HIP_FLOW_READERS[kind] as RoleCallback['read'],
});

export const HIP_V3_WIRE: RoleWire = {
  callbacks: [
    { kind: 'profile.share', path: HIP_V3_CALLBACK_PATHS['profile.share'], schema: z.object({}).loose(), read: readShareV3 },
    ...(Object.keys(HIP_V3_SCHEMAS) as FlowKind[]).map(flowCallback),
  ],
  operations: OPERATIONS,
};
