import type { z } from 'zod';
import type { healthInformationNotifyBody } from '../hiu/body-schemas';
import { recordHiuNotification } from '../hiu/data-flow';
import type { HiuWorld } from '../hiu/hiu-world';
import type { v3HealthInformationNotifyBody } from './v3-bodies';
import { HiecmError, V3_CODES } from './v3-errors';
import type { V3Call } from './v3-request-headers';

// data-flow/v3/health-information/notify (reference/spec/abdm-v3.md §3): recorded against the transfer
// like v0.5's, but a second notification for the same transaction id is refused with ABDM-1101.

const notified = new WeakMap<HiuWorld, Set<string>>();

function notifiedIn(world: HiuWorld): Set<string> {
  const known = notified.get(world) ?? new Set<string>();
  notified.set(world, known);
  return known;
}

export function recordHiuNotificationV3(world: HiuWorld, body: z.infer<typeof v3HealthInformationNotifyBody>, call: V3Call): void {
  const { transactionId } = body.notification;
  const known = notifiedIn(world);
  const transfer = world.transfers.get(transactionId);
  if (known.has(transactionId) || (transfer && transfer.hiuNotifications.length > 0)) {
    throw new HiecmError(400, V3_CODES.duplicateNotification, 'Duplicate Health Information request');
  }
  known.add(transactionId);
  // Kept in the v0.5 record's shape, the envelope filled from the headers.
  const asRecorded = { requestId: call.requestId, timestamp: call.timestamp, ...body } as z.infer<typeof healthInformationNotifyBody>;
  recordHiuNotification(world, asRecorded);
}
