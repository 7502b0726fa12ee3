import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { FideliusError } from '../../../electron/crypto/fidelius-error';
import { parseNonce, parsePublicKey } from '../../../electron/crypto/fidelius-keys';
import type { healthInformationNotifyBody, healthInformationRequestBody } from './body-schemas';
import { CM, refuse } from './cm-errors';
import type { ArtefactRecord } from './consent-records';
import { timestampMillis } from './gateway-rules';
import { pushHealthInformation } from './hip-data-push';
import { sameWire } from './callback-sender';
import type { Caller, HiuWorld } from './hiu-world';
import type { TransferRecord } from './transfer-records';

// health-information/cm/request: the CM checks the artefact and the date range (ProjectEKA
// DataFlowRequester), answers with a transaction id, and asks the HIP to push the data.

type HiRequestBody = z.infer<typeof healthInformationRequestBody>;

export function requestHealthInformation(world: HiuWorld, caller: Caller, body: HiRequestBody): void {
  const artefact = world.artefacts.get(body.hiRequest.consent.id);
  const recipient = artefact ? sameWire(caller, { clientId: caller.clientId, serviceId: artefact.detail.hiu.id }) : caller;
  world.answer(recipient, '/health-information/hiu/on-request', body.requestId, () => {
    const granted = checkArtefact(world, caller, artefact);
    checkRequestedRange(granted, body.hiRequest.dateRange);
    checkKeyMaterial(body.hiRequest.keyMaterial);
    const transfer: TransferRecord = {
      transactionId: randomUUID(),
      consentId: granted.id,
      hipId: granted.detail.hip.id,
      caller: recipient,
      dateRange: body.hiRequest.dateRange,
      dataPushUrl: body.hiRequest.dataPushUrl,
      hiuKeyMaterial: body.hiRequest.keyMaterial,
      status: 'REQUESTED',
      pages: [],
      hiuNotifications: [],
      sent: [],
    };
    world.transfers.set(transfer.transactionId, transfer);
    world.later(world.settings.dataPushDelayMs, () => pushHealthInformation(world, transfer));
    return { hiRequest: { transactionId: transfer.transactionId, sessionStatus: 'REQUESTED' } };
  });
}

function checkArtefact(world: HiuWorld, caller: Caller, artefact: ArtefactRecord | undefined): ArtefactRecord {
  if (!artefact || artefact.caller.clientId !== caller.clientId) return refuse(CM.artefactNotFound, 'Cannot find the consent artefact');
  const erased = timestampMillis(artefact.detail.permission.dataEraseAt) <= world.now();
  if (artefact.status === 'EXPIRED' || erased) refuse(CM.artefactExpired, 'Consent artefact expired');
  if (artefact.status !== 'GRANTED') refuse(CM.consentNotGranted, 'Not a granted consent.');
  return artefact;
}

function checkRequestedRange(artefact: ArtefactRecord, range: { from: string; to: string }): void {
  const granted = artefact.detail.permission.dateRange;
  const from = timestampMillis(range.from);
  const to = timestampMillis(range.to);
  const inside = from <= to && from >= timestampMillis(granted.from) && to <= timestampMillis(granted.to);
  if (!inside) refuse(CM.invalidDateRange, 'Date Range given is invalid');
}

/** The HIP would fail to encrypt; saying so at once is kinder to whoever debugs the HIU. */
function checkKeyMaterial(keyMaterial: HiRequestBody['hiRequest']['keyMaterial']): void {
  try {
    parsePublicKey(keyMaterial.dhPublicKey.keyValue, 'keyMaterial.dhPublicKey.keyValue');
    parseNonce(keyMaterial.nonce, 'keyMaterial.nonce');
  } catch (error) {
    if (error instanceof FideliusError) refuse(CM.unableToParseKey, `Unable to parse key: ${error.message}`);
    throw error;
  }
}

/** health-information/notify from the HIU: no callback; the CM records it against the transfer. */
export function recordHiuNotification(world: HiuWorld, body: z.infer<typeof healthInformationNotifyBody>): void {
  const transfer = world.transfers.get(body.notification.transactionId);
  if (transfer) transfer.hiuNotifications.push(body);
  else world.notifications.unmatched.push({ path: '/health-information/notify', receivedAt: world.now(), body });
}
