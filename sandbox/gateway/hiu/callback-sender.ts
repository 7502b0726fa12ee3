import { randomUUID } from 'node:crypto';
import type { BridgeRegistry } from './bridge-registry';
import type { SandboxContext } from '../../context';
import { signCallbackToken } from '../access-tokens';
import type { HiuSettings } from './hiu-settings';
import type { WorkTracker } from './work-tracker';
import { CONSENT_MANAGER_ID } from './demo-directory';

// Delivers gateway callbacks and notifications to a client's bridge: POST <bridge>/v0.5/<path>
// with a gateway-signed bearer token, X-HIU-ID (or X-HIP-ID) and X-CM-ID, like ProjectEKA's
// ServiceClient. One attempt by default; test faults can duplicate, delay or reorder deliveries.

export interface CallbackFaults {
  /** Deliver every message twice (same requestId), as a retrying gateway might. */
  duplicate: boolean;
  /** Extra real milliseconds before each delivery. */
  extraDelayMs: number;
  /** Hold each message until the next one to the same bridge has gone out. */
  outOfOrder: boolean;
}

export const NO_CALLBACK_FAULTS: CallbackFaults = { duplicate: false, extraDelayMs: 0, outOfOrder: false };

/** How long an out-of-order message waits for a successor before it is sent anyway. */
const OUT_OF_ORDER_HOLD_MS = 250;
const LOG_LIMIT = 2000;

export interface Recipient {
  clientId: string;
  /** Value of X-HIU-ID (or X-HIP-ID when `role` is HIP). */
  serviceId: string;
  role?: 'HIU' | 'HIP';
  /** The API generation the HIU spoke when it started this exchange; absent = gateway v0.5. */
  wire?: 'v3';
}

/** `to`, addressed in the same generation as `from` (a v3 consent request is notified in v3). */
export function sameWire(from: Recipient, to: Recipient): Recipient {
  return from.wire ? { ...to, wire: from.wire } : to;
}

/**
 * How messages of another API generation are written (sandbox/gateway/hiecm-v3/v3-wire-format.ts).
 * Paths passed in are the v0.5 callback names the consent-manager code uses.
 */
export interface WireFormat {
  /** The path recorded in the delivery log. */
  path(path: string): string;
  url(bridgeBase: string, path: string): string;
  body(path: string, payload: Record<string, unknown>): Record<string, unknown>;
  headers(requestId: string, timestamp: string, recipient: Recipient): Record<string, string>;
}

export interface DeliveryAttempt {
  at: string;
  status?: number;
  error?: string;
}

export interface DeliveryRecord {
  path: string;
  /** Set only for messages written in another generation than v0.5. */
  wire?: 'v3';
  requestId: string;
  respRequestId?: string;
  clientId: string;
  serviceId: string;
  url?: string;
  attempts: DeliveryAttempt[];
  delivered: boolean;
}

interface Outgoing {
  recipient: Recipient;
  path: string;
  body: Record<string, unknown>;
  record: DeliveryRecord;
  format?: WireFormat;
  headers?: Record<string, string>;
}

export class CallbackSender {
  readonly log: DeliveryRecord[] = [];
  faults: CallbackFaults = { ...NO_CALLBACK_FAULTS };
  private readonly held = new Map<string, Outgoing>();
  private readonly formats = new Map<string, WireFormat>();

  constructor(
    private readonly ctx: SandboxContext,
    private readonly bridges: BridgeRegistry,
    private readonly settings: () => HiuSettings,
    private readonly work: WorkTracker,
  ) {}

  /** Lets recipients with `wire: name` be written in that generation. */
  useWireFormat(name: 'v3', format: WireFormat): void {
    this.formats.set(name, format);
  }

  /**
   * Queues a message for `<bridge>/v0.5<path>`; adds a fresh requestId and (unless told not to)
   * a timestamp. Returns the requestId, which acknowledgements must echo in resp.requestId.
   */
  send(recipient: Recipient, path: string, payload: Record<string, unknown>, options: { timestamp?: boolean } = {}): string {
    const format = recipient.wire ? this.formats.get(recipient.wire) : undefined;
    if (format && recipient.wire) return this.sendFormatted(format, recipient.wire, recipient, path, payload);
    const requestId = randomUUID();
    const body = {
      requestId,
      ...(options.timestamp === false ? {} : { timestamp: new Date(this.ctx.clock.now()).toISOString() }),
      ...payload,
    };
    this.queue({ recipient, path, body, record: deliveryRecord(path, requestId, recipient, payload) });
    return requestId;
  }

  /** The same message in another generation: its id and time travel in headers, not in the body. */
  private sendFormatted(format: WireFormat, wire: 'v3', recipient: Recipient, path: string, payload: Record<string, unknown>): string {
    const requestId = randomUUID();
    const record: DeliveryRecord = { ...deliveryRecord(format.path(path), requestId, recipient, payload), wire };
    const headers = format.headers(requestId, new Date(this.ctx.clock.now()).toISOString(), recipient);
    this.queue({ recipient, path, body: format.body(path, payload), record, format, headers });
    return requestId;
  }

  private queue(message: Outgoing): void {
    this.remember(message.record);
    const delay = this.settings().callbackDelayMs + this.faults.extraDelayMs;
    this.work.schedule(delay, () => this.dispatch(message), () => undefined);
  }

  private async dispatch(message: Outgoing): Promise<void> {
    if (!this.faults.outOfOrder) return this.deliverWithFaults(message);
    const key = message.recipient.clientId;
    const earlier = this.held.get(key);
    if (!earlier) {
      this.held.set(key, message);
      this.work.schedule(OUT_OF_ORDER_HOLD_MS, () => this.releaseHeld(key, message), () => undefined);
      return;
    }
    this.held.delete(key);
    await this.deliverWithFaults(message);
    await this.deliverWithFaults(earlier);
  }

  /** Sends a held message that no successor overtook in time. */
  private async releaseHeld(key: string, message: Outgoing): Promise<void> {
    if (this.held.get(key) !== message) return;
    this.held.delete(key);
    await this.deliverWithFaults(message);
  }

  private async deliverWithFaults(message: Outgoing): Promise<void> {
    await this.deliver(message, 0);
    if (this.faults.duplicate) await this.deliver(message, 0);
  }

  private async deliver(message: Outgoing, retry: number): Promise<void> {
    const { record } = message;
    const base = this.bridges.urlFor(message.recipient.clientId);
    if (!base) {
      record.attempts.push({ at: this.now(), error: `no bridge URL registered for client ${message.recipient.clientId}` });
      return;
    }
    record.url = message.format ? message.format.url(base, message.path) : `${base}/v0.5${message.path}`;
    const attempt = await this.post(record.url, message);
    record.attempts.push(attempt);
    if (attempt.status !== undefined && attempt.status >= 200 && attempt.status < 300) {
      record.delivered = true;
      return;
    }
    const { callbackRetries, callbackRetryDelayMs } = this.settings();
    if (retry < callbackRetries) {
      this.work.schedule(callbackRetryDelayMs, () => this.deliver(message, retry + 1), () => undefined);
    }
  }

  private async post(url: string, message: Outgoing): Promise<DeliveryAttempt> {
    const token = await signCallbackToken(this.ctx);
    const idHeader = message.recipient.role === 'HIP' ? 'X-HIP-ID' : 'X-HIU-ID';
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${token}`,
          [idHeader]: message.recipient.serviceId,
          'X-CM-ID': CONSENT_MANAGER_ID,
          ...message.headers,
        },
        body: JSON.stringify(message.body),
        signal: AbortSignal.timeout(this.settings().callbackTimeoutMs),
      });
      await response.arrayBuffer();
      return { at: this.now(), status: response.status };
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
      return { at: this.now(), error: timedOut ? 'Timed out When calling target system' : describe(error) };
    }
  }

  private remember(record: DeliveryRecord): void {
    this.log.push(record);
    if (this.log.length > LOG_LIMIT) this.log.splice(0, this.log.length - LOG_LIMIT);
  }

  private now(): string {
    return new Date(this.ctx.clock.now()).toISOString();
  }
}

/** The log entry of one message, before any attempt; `respRequestId` is the request it answers, if any. */
function deliveryRecord(path: string, requestId: string, recipient: Recipient, payload: Record<string, unknown>): DeliveryRecord {
  const resp = payload.resp as { requestId?: string } | undefined;
  return {
    path,
    requestId,
    ...(resp?.requestId ? { respRequestId: resp.requestId } : {}),
    clientId: recipient.clientId,
    serviceId: recipient.serviceId,
    attempts: [],
    delivered: false,
  };
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: { code?: string } }).cause;
    return `Error in making call to target system: ${cause?.code ?? error.message}`;
  }
  return String(error);
}
