import type { SandboxContext } from '../context';
import { careContextOf } from './hip-linking';
import { hipFlowStateOf, nowIso, type HipFlowState, type PhrExchange } from './hip-flow-state';

// The desk's answers to news from ABDM, matched with the message they answer (docs/sandbox-hip.md §12): a
// discovery's on-discover, a link init's on-init, a confirm's on-confirm (whose care contexts the consent manager
// then holds under the patient's ABHA), a consent notify's on-notify, a health-information request's on-request;
// and the HIP's end-of-transfer notify, which arrives on the HIU's notify path.

export type AnswerKind = PhrExchange['kind'] | 'consent-notify' | 'hi-request';

/** Takes an answer; returns why it cannot be taken (it names no message of that kind), or null. */
export function acceptAnswer(ctx: SandboxContext, kind: AnswerKind, answered: string, body: unknown): string | null {
  const state = hipFlowStateOf(ctx);
  if (kind === 'consent-notify') {
    const consent = [...state.consents.values()].find((c) => c.notifications.some((sent) => sent.requestId === answered));
    if (!consent) return 'names no consent notification the gateway sent';
    consent.acknowledgements.push(body);
    return null;
  }
  if (kind === 'hi-request') {
    const transfer = [...state.transfers.values()].find((t) => t.request.requestId === answered);
    if (!transfer) return 'names no health-information request the gateway sent';
    transfer.onRequest = body;
    return null;
  }
  const exchange = state.exchange(answered, kind);
  if (!exchange) return `names no ${kind} the gateway sent`;
  const transactionId = (body as { transactionId?: unknown }).transactionId;
  if (kind !== 'link-confirm' && transactionId !== exchange.transactionId) return `answers a ${kind} of transaction ${exchange.transactionId}, not ${String(transactionId)}`;
  exchange.answer = { receivedAt: nowIso(ctx), body };
  if (kind === 'link-confirm') linkConfirmed(ctx, state, exchange, body);
  return null;
}

type ConfirmedPatient = { referenceNumber: string; display: string; careContexts: { referenceNumber: string; display: string }[]; hiType?: string };

/** A confirm answered without error: the consent manager links what the desk says is linked, under the init's ABHA. */
function linkConfirmed(ctx: SandboxContext, state: HipFlowState, confirm: PhrExchange, body: unknown): void {
  const answer = body as { error?: unknown; patient?: ConfirmedPatient | ConfirmedPatient[] | null };
  if (answer.error || !answer.patient) return;
  const linkRefNumber = (confirm.sent.body.confirmation as { linkRefNumber: string }).linkRefNumber;
  const init = state.initWithLinkRef(linkRefNumber);
  if (!init?.abhaAddress) return;
  const linkedAt = nowIso(ctx);
  const patients = Array.isArray(answer.patient) ? answer.patient : [answer.patient];
  for (const patient of patients) {
    const hiTypes = patient.hiType ? [patient.hiType] : [];
    state.link(init.abhaAddress, patient.careContexts.map((cc) => careContextOf(confirm.hipId, patient, cc, hiTypes, 'patient', linkedAt)));
  }
}

/**
 * The HIP's transfer notify for a foreign-HIU transaction: 'unknown' when the transaction is not the foreign HIU's
 * (the HIU side records it), 'duplicate' when one came already (the first is kept).
 */
export function recordHipTransferNotify(ctx: SandboxContext, transactionId: string, body: unknown): 'recorded' | 'duplicate' | 'unknown' {
  const transfer = hipFlowStateOf(ctx).transfers.get(transactionId);
  if (!transfer) return 'unknown';
  if (transfer.notify !== null) return 'duplicate';
  transfer.notify = body;
  return 'recorded';
}
