// The events main pushes to the screen, with their payloads. They are raised by the services and the gateway
// pipeline and carried by IPC, so they live here, below all three: the services and the pipeline name them without
// importing electron/ipc/ (which imports the services' own types: the two would import each other). The IPC
// contract re-exports them for the page.
import type { BridgeStatus } from '../gateway/bridge-part';
import type { Settings } from '../store/settings/settings-schema';

/** Events pushed from main to the renderer, with their payload types. */
export interface EventPayloads {
  'settings.changed': Settings;
  /** A consent request (ours) or one of its artefacts changed; read it with consents.get. */
  'consents.changed': { id: string };
  /** Records of a transfer were stored (`count` delivered on this page). */
  'records.arrived': { consentRequestId: string; artefactId: string; patientId: string; count: number };
  'bridge.changed': BridgeStatus;
  'patients.statusChanged': { patientId: string; status: string };
  /** A profile was shared at a counter, or a share changed (registered, expired): read it with counter.shares. */
  'counter.changed': { id: string; counterId: string | null };
  /** A visit of the clinic as an HIP changed (opened, linked, a document filed or shared): read it with hip.visits. */
  'hip.changed': { visitId: string; patientNumber: string };
  'subscriptions.event': { subscriptionId: string; eventId: string; category: string; patientId: string; hipId: string; careContexts: string[]; hiTypes: string[] };
}
export const eventNames = [
  'settings.changed',
  'consents.changed',
  'records.arrived',
  'bridge.changed',
  'patients.statusChanged',
  'subscriptions.event',
  'counter.changed',
  'hip.changed',
] as const satisfies readonly (keyof EventPayloads)[];

export type EventName = keyof EventPayloads;
