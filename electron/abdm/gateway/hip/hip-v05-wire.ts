// The HIP on the legacy generation: gateway v0.5 (reference/spec/official/ndhm-gateway-v1.yml) with ABDM's v1.0
// profile-share paths (Bahmni, older CARE; reference/spec/abdm-frontdesk.md §1, confidence M). The counter travels
// as `profile.hipCode`. v0.5 has no link token by demographics: the token for `links/link/add-contexts` comes from
// `users/auth/*` with purpose LINK, the HIU's auth.* kinds (one path serves both roles there), so linkToken.generate
// and its callback are not on this generation (OperationNotOnThisApi). The SMS deep link is `patients/sms/notify2`
// (ABDM's sandbox pages and every peer; the yml lists only the older `notify`, which requires a careContextInfo text).
import { z } from 'zod';
import type { RoleCallback, RoleOperation, RoleWire } from '../role-wire';
import { onShareV05Body } from './on-share';
import { readShareV05 } from './hip-messages';
import { HIP_FLOW_READERS } from './hip-flow-readers';
import { HIP_V05_SCHEMAS } from './hip-flow-schemas';
import type { HipCallbackKind, HipOperation } from './hip-kinds';
import { consentOnNotifyBody, contextNotifyBody, hipTransferNotifyBody, smsNotifyBody } from './hip-v3-bodies';
import { addContextsV05Body, hipOnRequestV05Body, onDiscoverV05Body, onLinkConfirmV05Body, onLinkInitV05Body } from './hip-v05-bodies';

type FlowKind = Exclude<HipCallbackKind, 'profile.share'>;

export const HIP_V05_CALLBACK_PATHS: Partial<Record<HipCallbackKind, string>> = {
  'profile.share': '/v1.0/patients/profile/share',
  'links.onAddCareContexts': '/v0.5/links/link/on-add-contexts',
  'links.onContextNotify': '/v0.5/links/context/on-notify',
  'sms.onNotify': '/v0.5/patients/sms/on-notify',
  'careContexts.discover': '/v0.5/care-contexts/discover',
  'link.init': '/v0.5/links/link/init',
  'link.confirm': '/v0.5/links/link/confirm',
  'consents.hipNotify': '/v0.5/consents/hip/notify',
  'healthInformation.hipRequest': '/v0.5/health-information/hip/request',
};

const OPERATIONS: Partial<Record<HipOperation, RoleOperation>> = {
  'profile.onShare': { path: '/v1.0/patients/profile/on-share', body: onShareV05Body },
  'links.addCareContexts': { path: '/v0.5/links/link/add-contexts', body: addContextsV05Body },
  'links.contextNotify': { path: '/v0.5/links/context/notify', body: contextNotifyBody },
  'sms.notify': { path: '/v0.5/patients/sms/notify2', body: smsNotifyBody },
  'careContexts.onDiscover': { path: '/v0.5/care-contexts/on-discover', body: onDiscoverV05Body },
  'link.onInit': { path: '/v0.5/links/link/on-init', body: onLinkInitV05Body },
  'link.onConfirm': { path: '/v0.5/links/link/on-confirm', body: onLinkConfirmV05Body },
  'consents.hipOnNotify': { path: '/v0.5/consents/hip/on-notify', body: consentOnNotifyBody },
  'healthInformation.hipOnRequest': { path: '/v0.5/health-information/hip/on-request', body: hipOnRequestV05Body },
  'healthInformation.hipNotify': { path: '/v0.5/health-information/notify', body: hipTransferNotifyBody },
};

const flowCallback = (kind: FlowKind): RoleCallback => ({
  kind,
  path: HIP_V05_CALLBACK_PATHS[kind]!,
  schema: HIP_V05_SCHEMAS[kind]!,
  read: HIP_FLOW_READERS[kind] as RoleCallback['read'],
});

export const HIP_V05_WIRE: RoleWire = {
  callbacks: [
    { kind: 'profile.share', path: HIP_V05_CALLBACK_PATHS['profile.share']!, schema: z.object({}).loose(), read: readShareV05 },
    ...(Object.keys(HIP_V05_SCHEMAS) as FlowKind[]).map(flowCallback),
  ],
  operations: OPERATIONS,
};
