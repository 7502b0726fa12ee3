import type { z } from 'zod';
import type { healthInformationNotifyBody } from '../hiu/body-schemas';
import { recordHiuNotification } from '../hiu/data-flow';
import type { HiuWorld } from '../hiu/hiu-world';
import type { v3HealthInformationNotifyBody } from './v3-bodies';
import { HiecmError, V3_CODES } from './v3-errors';
import type { V3Call } from './v3-request-headers';

// data-flow/v3/health-information/notify (reference/spec/abdm-v3.md §3): recorded against the transfer
// like v0.5's, but a second notification for the same transaction id is refused with ABDM-1101.

type Recorded = z.infer<typeof healthInformationNotifyBody>;

/** Notified before: on the transfer, or (unknown transaction) among the unmatched notifications. */
function notifiedBefore(world: HiuWorld, transactionId: string): boolean {
  const transfer = world.transfers.get(transactionId);
  if (transfer) return transfer.hiuNotifications.length > 0;
  return world.notifications.unmatched.some(
    (entry) => entry.path === '/health-information/notify' && (entry.body as Partial<Recorded>).notification?.transactionId === transactionId,
  );
}

export function recordHiuNotificationV3(world: HiuWorld, body: z.infer<typeof v3HealthInformationNotifyBody>, call: V3Call): void {
  if (notifiedBefore(world, body.notification.transactionId)) {
    throw new HiecmError(400, V3_CODES.duplicateNotification, 'Duplicate Health Information request');
  }
  // Kept in the v0.5 record's shape, the envelope filled from the headers.
  recordHiuNotification(world, { requestId: call.requestId, timestamp: call.timestamp, ...body } as Recorded);
}
