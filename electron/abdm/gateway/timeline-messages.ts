// Each row of a consent request's timeline, named for what it was in the desk's own words ('consent-request.sent',
// 'consent.granted'…) rather than by the path it took: the screens word these names and never a path of either API.
// Names are given per operation and callback kind; the HIU's wire on each generation says which path that is, so a
// new generation's rows are named without a change here. Rows written before the API was
// switched keep their names: a path is looked up in every generation.
import type { HipCallbackKind, HipOperation } from './hip/hip-kinds';
import { HIP_ROLE } from './hip/hip-role';
import type { HiuCallbackKind, HiuOperation } from './hiu/hiu-kinds';
import { HIU_ROLE } from './hiu/hiu-role';

export const TIMELINE_MESSAGES = [
  'consent-request.sent',
  'consent-request.acknowledged',
  'consent-request.status-asked',
  'consent-request.status-answered',
  'consent.notified',
  'consent.notification-acknowledged',
  'consent.fetch-asked',
  'consent.fetched',
  'health-information.requested',
  'health-information.request-acknowledged',
  'health-information.pushed',
  'health-information.transfer-reported',
  // The HIP role (Scan & Share): a profile shared at a counter, and the desk's answer with the token.
  'profile.shared',
  'profile.share-answered',
] as const;
export type TimelineMessage = (typeof TIMELINE_MESSAGES)[number];

const OF_OPERATION: Partial<Record<HiuOperation | HipOperation, TimelineMessage>> = {
  'consentRequests.init': 'consent-request.sent',
  'consentRequests.status': 'consent-request.status-asked',
  'consents.onNotify': 'consent.notification-acknowledged',
  'consents.fetch': 'consent.fetch-asked',
  'healthInformation.request': 'health-information.requested',
  'healthInformation.notify': 'health-information.transfer-reported',
  'profile.onShare': 'profile.share-answered',
};

const OF_CALLBACK: Partial<Record<HiuCallbackKind | HipCallbackKind, TimelineMessage>> = {
  'consentRequests.onInit': 'consent-request.acknowledged',
  'consentRequests.onStatus': 'consent-request.status-answered',
  'consents.notify': 'consent.notified',
  'consents.onFetch': 'consent.fetched',
  'healthInformation.onRequest': 'health-information.request-acknowledged',
  'profile.share': 'profile.shared',
};

/** The desk's own rows, written with a name rather than a gateway path (services/hiu/health-information.ts). */
const DESK_ROWS: Record<string, TimelineMessage> = { 'data-push': 'health-information.pushed' };

let byPath: Map<string, TimelineMessage> | undefined;

/** Every path the HIU's and the HIP's wires have on any generation, with its row's name. */
function pathsOfGenerations(): Map<string, TimelineMessage> {
  const paths = new Map<string, TimelineMessage>(Object.entries(DESK_ROWS));
  for (const wire of [...Object.values(HIU_ROLE.wires), ...Object.values(HIP_ROLE.wires)]) {
    for (const [operation, sent] of Object.entries(wire?.operations ?? {})) {
      const message = OF_OPERATION[operation as HiuOperation | HipOperation];
      if (message && sent) paths.set(sent.path, message);
    }
    for (const callback of wire?.callbacks ?? []) {
      const message = OF_CALLBACK[callback.kind as HiuCallbackKind | HipCallbackKind];
      if (message) paths.set(callback.path, message);
    }
  }
  return paths;
}

/** What a timeline row was, by the path it records; null for a path the timeline has no name for. */
export function timelineMessageOf(path: string): TimelineMessage | null {
  byPath ??= pathsOfGenerations();
  return byPath.get(path) ?? null;
}
