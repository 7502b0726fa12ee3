import { AbdmError } from '../../errors';

// Notifications the CM sent to HIUs and the acknowledgements (on-notify) that came back.
// The gateway accepts an acknowledgement only while it remembers the notification's requestId.

export interface SentNotification {
  requestId: string;
  path: string;
  clientId: string;
  sentAt: number;
  acknowledgements: Array<{ path: string; receivedAt: number; body: unknown }>;
}

export class NotificationLog {
  private readonly sent = new Map<string, SentNotification>();
  readonly unmatched: Array<{ path: string; receivedAt: number; body: unknown }> = [];

  record(requestId: string, path: string, clientId: string, now: number): void {
    this.sent.set(requestId, { requestId, path, clientId, sentAt: now, acknowledgements: [] });
  }

  /** Ties an on-notify to its notification; unknown resp.requestId → 400, as the gateway answers. */
  acknowledge(respRequestId: string | undefined, path: string, body: unknown, now: number): SentNotification | undefined {
    if (respRequestId === undefined) {
      this.unmatched.push({ path, receivedAt: now, body });
      return undefined;
    }
    const notification = this.sent.get(respRequestId);
    if (!notification) {
      throw new AbdmError(400, 'HIS-400', 'No mapping found for resp.requestId on cache', { gatewayCode: 2500 });
    }
    notification.acknowledgements.push({ path, receivedAt: now, body });
    return notification;
  }

  all(): SentNotification[] {
    return [...this.sent.values()];
  }

  clear(): void {
    this.sent.clear();
    this.unmatched.length = 0;
  }
}
