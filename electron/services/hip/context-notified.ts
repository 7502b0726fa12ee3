// ABDM's answer to a context notify (links/context/on-notify): the documents that notify named are marked as told
// to the patient's app, so the visit's screen stops saying "not yet in the patient's app" for them. The notify's own
// payload, kept by the outbox, says which visit and which kinds it named; an answer with an error leaves them unmarked
// (the next document filed on that visit notifies again).
import type { GatewayOutbox } from '../../gateway/outbox';
import type { CallbackProcessor } from '../../gateway/callback-processor';
import type { GatewayAcknowledgement } from '../../abdm/gateway/hip/hip-flow-messages';
import type { HipDocuments } from './documents';

export function markDocumentsWhenNotified(processor: CallbackProcessor, outbox: Pick<GatewayOutbox, 'get'>, documents: Pick<HipDocuments, 'markNotified'>): void {
  processor.on<GatewayAcknowledgement>('links.onContextNotify', (callback, effects) => {
    const entry = callback.respRequestId ? outbox.get(callback.respRequestId) : undefined;
    if (!entry || entry.operation !== 'links.contextNotify') return { applied: true, patientId: null };
    const visitId = typeof entry.payload.careContextReference === 'string' ? entry.payload.careContextReference : '';
    const hiTypes = Array.isArray(entry.payload.hiTypes) ? entry.payload.hiTypes.filter((t): t is string => typeof t === 'string') : [];
    const failed = Boolean(callback.message.error ?? callback.errorCode);
    if (!failed && visitId && hiTypes.length > 0) documents.markNotified(visitId, hiTypes, effects.emit);
    return { applied: true, patientId: typeof entry.payload.abhaAddress === 'string' ? entry.payload.abhaAddress : null };
  });
}
