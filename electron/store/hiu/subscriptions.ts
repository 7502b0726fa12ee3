// The subscription_requests and subscription_events tables (migrations/002-hiu.ts): what we asked a consent manager
// to tell us about a patient (new links, new data), what became of it, and each event it sent.
// A request's id is ours (the requestId of subscription-requests/cm/init); gateway_id is the CM's, from on-init.
import type { Database } from 'better-sqlite3-multiple-ciphers';

export const SUBSCRIPTION_STATUSES = ['REQUESTED', 'GRANTED', 'DENIED', 'REVOKED', 'EXPIRED', 'FAILED'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export type SubscriptionCategory = 'LINK' | 'DATA';

/** One source of a granted subscription, as the CM's notification lists it (spec §2.18 `subscription.sources`). */
export interface SubscriptionSourceRecord {
  hip: { id: string; name?: string };
  categories: string[];
  period?: { from: string; to: string };
}

export interface SubscriptionRequestRecord {
  id: string;
  gatewayId: string | null;
  patientId: string;
  hiuId: string;
  purposeCode: string;
  categories: SubscriptionCategory[];
  /** The HIPs asked for; empty means every HIP. */
  hipIds: string[];
  from: string;
  to: string;
  status: SubscriptionStatus;
  subscriptionId: string | null;
  sources: SubscriptionSourceRecord[] | null;
  errorCode: string | null;
  createdAt: string;
  updatedAt: string;
}

export type NewSubscriptionRequest = Pick<SubscriptionRequestRecord, 'id' | 'patientId' | 'hiuId' | 'purposeCode' | 'categories' | 'hipIds' | 'from' | 'to'> & { at: string };

export interface SubscriptionEventRecord {
  eventId: string;
  subscriptionId: string;
  category: string;
  patientId: string | null;
  hipId: string | null;
  /** The event's `content` as received. */
  content: Record<string, unknown>;
  receivedAt: string;
}

interface RequestRow {
  id: string;
  gateway_id: string | null;
  patient_id: string;
  hiu_id: string;
  purpose_code: string;
  categories: string;
  hips: string | null;
  period_from: string;
  period_to: string;
  status: SubscriptionStatus;
  subscription_id: string | null;
  sources: string | null;
  error_code: string | null;
  created_at: string;
  updated_at: string;
}

interface EventRow {
  event_id: string;
  subscription_id: string;
  category: string;
  patient_id: string | null;
  hip_id: string | null;
  content: string;
  received_at: string;
}

export class SubscriptionStore {
  constructor(private readonly db: Database) {}

  add(request: NewSubscriptionRequest): void {
    this.db
      .prepare(
        `INSERT INTO subscription_requests (id, patient_id, hiu_id, purpose_code, categories, hips, period_from, period_to, status, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'REQUESTED', ?, ?)`,
      )
      .run(
        request.id,
        request.patientId,
        request.hiuId,
        request.purposeCode,
        JSON.stringify(request.categories),
        request.hipIds.length > 0 ? JSON.stringify(request.hipIds) : null,
        request.from,
        request.to,
        request.at,
        request.at,
      );
  }

  get(id: string): SubscriptionRequestRecord | undefined {
    const row = this.db.prepare('SELECT * FROM subscription_requests WHERE id = ?').get(id) as RequestRow | undefined;
    return row && toRequest(row);
  }

  byGatewayId(gatewayId: string): SubscriptionRequestRecord | undefined {
    const row = this.db.prepare('SELECT * FROM subscription_requests WHERE gateway_id = ?').get(gatewayId) as RequestRow | undefined;
    return row && toRequest(row);
  }

  bySubscriptionId(subscriptionId: string): SubscriptionRequestRecord | undefined {
    const row = this.db.prepare('SELECT * FROM subscription_requests WHERE subscription_id = ?').get(subscriptionId) as RequestRow | undefined;
    return row && toRequest(row);
  }

  /** Whether a request still waits for the CM's on-init (so a notification naming an unknown CM id may be its). */
  hasUnacknowledged(): boolean {
    return this.db.prepare(`SELECT 1 FROM subscription_requests WHERE gateway_id IS NULL AND status = 'REQUESTED' LIMIT 1`).get() !== undefined;
  }

  /** Whether a request is granted-or-pending at the CM but no subscription id is known yet. */
  hasUndecided(): boolean {
    return this.db.prepare(`SELECT 1 FROM subscription_requests WHERE status = 'REQUESTED' LIMIT 1`).get() !== undefined;
  }

  /** The CM took the request (on-init). */
  initiated(id: string, gatewayId: string, at: string): void {
    this.db.prepare('UPDATE subscription_requests SET gateway_id = ?, updated_at = ? WHERE id = ?').run(gatewayId, at, id);
  }

  /** The request failed: refused by the gateway or the CM (the code is kept). */
  failed(id: string, errorCode: string, at: string): void {
    this.db.prepare(`UPDATE subscription_requests SET status = 'FAILED', error_code = ?, updated_at = ? WHERE id = ?`).run(errorCode, at, id);
  }

  /** The patient's decision, or the end of a granted subscription. */
  decided(id: string, change: { status: SubscriptionStatus; subscriptionId?: string | null; sources?: SubscriptionSourceRecord[] | null }, at: string): void {
    this.db
      .prepare(
        `UPDATE subscription_requests SET status = ?, subscription_id = COALESCE(?, subscription_id), sources = COALESCE(?, sources), updated_at = ? WHERE id = ?`,
      )
      .run(change.status, change.subscriptionId ?? null, change.sources ? JSON.stringify(change.sources) : null, at, id);
  }

  /** Newest first; a patient's ABHA address is compared without case. */
  list(filter: { patientId?: string; limit?: number } = {}): SubscriptionRequestRecord[] {
    const rows = this.db
      .prepare(`SELECT * FROM subscription_requests WHERE (? IS NULL OR patient_id = ? COLLATE NOCASE) ORDER BY created_at DESC, rowid DESC LIMIT ?`)
      .all(filter.patientId ?? null, filter.patientId ?? null, filter.limit ?? 500) as RequestRow[];
    return rows.map(toRequest);
  }

  /** Stores an event once: false when an event with this id is already stored (nothing changes then). */
  addEvent(event: SubscriptionEventRecord): boolean {
    const result = this.db
      .prepare(
        `INSERT INTO subscription_events (event_id, subscription_id, category, patient_id, hip_id, content, received_at)
         VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (event_id) DO NOTHING`,
      )
      .run(event.eventId, event.subscriptionId, event.category, event.patientId, event.hipId, JSON.stringify(event.content), event.receivedAt);
    return result.changes === 1;
  }

  /** Oldest first. */
  events(filter: { subscriptionId?: string; patientId?: string; limit?: number } = {}): SubscriptionEventRecord[] {
    const rows = this.db
      .prepare(
        `SELECT * FROM subscription_events WHERE (? IS NULL OR subscription_id = ?) AND (? IS NULL OR patient_id = ? COLLATE NOCASE)
         ORDER BY received_at, rowid LIMIT ?`,
      )
      .all(filter.subscriptionId ?? null, filter.subscriptionId ?? null, filter.patientId ?? null, filter.patientId ?? null, filter.limit ?? 1000) as EventRow[];
    return rows.map((row) => ({
      eventId: row.event_id,
      subscriptionId: row.subscription_id,
      category: row.category,
      patientId: row.patient_id,
      hipId: row.hip_id,
      content: JSON.parse(row.content) as Record<string, unknown>,
      receivedAt: row.received_at,
    }));
  }
}

function toRequest(row: RequestRow): SubscriptionRequestRecord {
  return {
    id: row.id,
    gatewayId: row.gateway_id,
    patientId: row.patient_id,
    hiuId: row.hiu_id,
    purposeCode: row.purpose_code,
    categories: JSON.parse(row.categories) as SubscriptionCategory[],
    hipIds: row.hips ? (JSON.parse(row.hips) as string[]) : [],
    from: row.period_from,
    to: row.period_to,
    status: row.status,
    subscriptionId: row.subscription_id,
    sources: row.sources ? (JSON.parse(row.sources) as SubscriptionSourceRecord[]) : null,
    errorCode: row.error_code,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
