// Patient-initiated linking's tables (migrations/013-hip-link-requests.ts): the only code that writes or reads their
// SQL. The service (services/hip/patient-link.ts) decides; this keeps what a discovery found and each link request.
import type { Database } from 'better-sqlite3-multiple-ciphers';

export interface Discovery {
  transactionId: string;
  patientNumber: string;
  /** The visit ids offered to the patient's app: the only ones a link request of this discovery may name. */
  careContexts: string[];
  /** How the patient was found (ABHA_NUMBER, ABHA_ADDRESS, MOBILE…). */
  matchedBy: string[];
  discoveredAt: string;
}

export type LinkRequestStatus = 'waiting' | 'linked' | 'dead';
export type SmsStatus = 'sending' | 'sent' | 'failed';

export interface LinkRequest {
  reference: string;
  transactionId: string;
  patientNumber: string;
  careContexts: string[];
  otpSalt: string;
  otpHash: string;
  expiresAt: string;
  tries: number;
  status: LinkRequestStatus;
  smsStatus: SmsStatus;
  /** Why the SMS did not go (a reason code, never the message). */
  smsProblem: string | null;
  createdAt: string;
  confirmedAt: string | null;
}

interface LinkRow {
  reference: string;
  transaction_id: string;
  patient_number: string;
  care_contexts: string;
  otp_salt: string;
  otp_hash: string;
  expires_at: string;
  tries: number;
  status: LinkRequestStatus;
  sms_status: SmsStatus;
  sms_problem: string | null;
  created_at: string;
  confirmed_at: string | null;
}

export class LinkRequestStore {
  constructor(private readonly db: Database) {}

  /** Keeps a discovery; a discovery repeated under the same transaction id replaces the earlier answer. */
  addDiscovery(discovery: Discovery): void {
    this.db
      .prepare(
        `INSERT INTO hip_discoveries (transaction_id, patient_number, care_contexts, matched_by, discovered_at)
         VALUES (?, ?, ?, ?, ?) ON CONFLICT (transaction_id) DO UPDATE SET patient_number = excluded.patient_number,
         care_contexts = excluded.care_contexts, matched_by = excluded.matched_by, discovered_at = excluded.discovered_at`,
      )
      .run(discovery.transactionId, discovery.patientNumber, JSON.stringify(discovery.careContexts), JSON.stringify(discovery.matchedBy), discovery.discoveredAt);
  }

  discovery(transactionId: string): Discovery | null {
    const row = this.db.prepare('SELECT * FROM hip_discoveries WHERE transaction_id = ?').get(transactionId) as
      | { transaction_id: string; patient_number: string; care_contexts: string; matched_by: string; discovered_at: string }
      | undefined;
    if (!row) return null;
    return {
      transactionId: row.transaction_id,
      patientNumber: row.patient_number,
      careContexts: JSON.parse(row.care_contexts) as string[],
      matchedBy: JSON.parse(row.matched_by) as string[],
      discoveredAt: row.discovered_at,
    };
  }

  add(request: Omit<LinkRequest, 'tries' | 'status' | 'smsStatus' | 'smsProblem' | 'confirmedAt'>): void {
    this.db
      .prepare(
        `INSERT INTO hip_link_requests (reference, transaction_id, patient_number, care_contexts, otp_salt, otp_hash, expires_at,
           tries, status, sms_status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 0, 'waiting', 'sending', ?)`,
      )
      .run(request.reference, request.transactionId, request.patientNumber, JSON.stringify(request.careContexts), request.otpSalt, request.otpHash, request.expiresAt, request.createdAt);
  }

  get(reference: string): LinkRequest | null {
    const row = this.db.prepare('SELECT * FROM hip_link_requests WHERE reference = ?').get(reference) as LinkRow | undefined;
    return row ? fromRow(row) : null;
  }

  /** The patient's link requests, newest first (what the visits screen may show of an SMS that failed). */
  forPatient(patientNumber: string): LinkRequest[] {
    return (this.db.prepare('SELECT * FROM hip_link_requests WHERE patient_number = ? ORDER BY created_at DESC').all(patientNumber) as LinkRow[]).map(fromRow);
  }

  /** How many link requests (OTPs sent) the patient had since `since` (ISO). */
  countSince(patientNumber: string, since: string): number {
    return (this.db.prepare('SELECT count(*) AS n FROM hip_link_requests WHERE patient_number = ? AND created_at >= ?').get(patientNumber, since) as { n: number }).n;
  }

  /** Counts one wrong OTP; the request dies at `deadAt` tries. Returns the tries counted so far. */
  wrongTry(reference: string, deadAt: number): number {
    const row = this.db
      .prepare(
        `UPDATE hip_link_requests SET tries = tries + 1, status = CASE WHEN tries + 1 >= ? THEN 'dead' ELSE status END
         WHERE reference = ? RETURNING tries`,
      )
      .get(deadAt, reference) as { tries: number } | undefined;
    return row?.tries ?? 0;
  }

  markLinked(reference: string, at: string): void {
    this.db.prepare("UPDATE hip_link_requests SET status = 'linked', confirmed_at = ? WHERE reference = ?").run(at, reference);
  }

  /** SMS still marked going since before `before` (the desk stopped mid-send): marked failed. Returns how many. */
  staleSending(before: string): number {
    return this.db
      .prepare("UPDATE hip_link_requests SET sms_status = 'failed', sms_problem = 'interrupted' WHERE sms_status = 'sending' AND created_at < ?")
      .run(before).changes;
  }

  smsOutcome(reference: string, outcome: { status: 'sent' } | { status: 'failed'; problem: string }): void {
    this.db
      .prepare('UPDATE hip_link_requests SET sms_status = ?, sms_problem = ? WHERE reference = ?')
      .run(outcome.status, outcome.status === 'failed' ? outcome.problem : null, reference);
  }
}

function fromRow(row: LinkRow): LinkRequest {
  return {
    reference: row.reference,
    transactionId: row.transaction_id,
    patientNumber: row.patient_number,
    careContexts: JSON.parse(row.care_contexts) as string[],
    otpSalt: row.otp_salt,
    otpHash: row.otp_hash,
    expiresAt: row.expires_at,
    tries: row.tries,
    status: row.status,
    smsStatus: row.sms_status,
    smsProblem: row.sms_problem,
    createdAt: row.created_at,
    confirmedAt: row.confirmed_at,
  };
}
