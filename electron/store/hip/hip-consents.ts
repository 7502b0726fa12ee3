// The hip_consents table (migrations/012-hip-data-flow.ts): the consents ABDM told this HIP of, while GRANTED.
// REVOKED and EXPIRED consents are deleted, not marked: nothing is shared under them and nothing of them is kept but
// their id, in hip_consents_ended, so that a late GRANTED cannot bring them back.
import type { Database } from 'better-sqlite3-multiple-ciphers';
import type { CareContextRef } from '../../abdm/gateway/hip/hip-flow-messages';

export interface HipConsentRecord {
  consentId: string;
  abhaAddress: string | null;
  hiuId: string;
  hiuName: string | null;
  purpose: string | null;
  careContexts: CareContextRef[];
  hiTypes: string[];
  dateFrom: string;
  dateTo: string;
  dataEraseAt: string | null;
  grantedAt: string;
}

interface Row {
  consent_id: string;
  abha_address: string | null;
  hiu_id: string;
  hiu_name: string | null;
  purpose: string | null;
  care_contexts: string;
  hi_types: string;
  date_from: string;
  date_to: string;
  data_erase_at: string | null;
  granted_at: string;
}

export class HipConsentStore {
  constructor(private readonly db: Database) {}

  /** Keeps a granted consent; a repeated notification of the same consent replaces what was kept. */
  put(consent: HipConsentRecord): void {
    this.db
      .prepare(
        `INSERT OR REPLACE INTO hip_consents (consent_id, abha_address, hiu_id, hiu_name, purpose, care_contexts, hi_types, date_from, date_to, data_erase_at, granted_at)
         VALUES (@consentId, @abhaAddress, @hiuId, @hiuName, @purpose, @careContexts, @hiTypes, @dateFrom, @dateTo, @dataEraseAt, @grantedAt)`,
      )
      .run({ ...consent, abhaAddress: consent.abhaAddress?.toLowerCase() ?? null, careContexts: JSON.stringify(consent.careContexts), hiTypes: JSON.stringify(consent.hiTypes) });
  }

  get(consentId: string): HipConsentRecord | null {
    const row = this.db.prepare('SELECT * FROM hip_consents WHERE consent_id = ?').get(consentId) as Row | undefined;
    return row ? toRecord(row) : null;
  }

  /** True when there was one to delete. */
  delete(consentId: string): boolean {
    return this.db.prepare('DELETE FROM hip_consents WHERE consent_id = ?').run(consentId).changes > 0;
  }

  /** Deletes the consent and remembers, by its id alone, that it ended (migrations/014-hip-ended-consents.ts). */
  end(consentId: string, status: 'REVOKED' | 'EXPIRED' | 'DENIED', endedAt: string): void {
    this.delete(consentId);
    this.db.prepare('INSERT OR IGNORE INTO hip_consents_ended (consent_id, status, ended_at) VALUES (?, ?, ?)').run(consentId, status, endedAt);
  }

  /** True when ABDM has told us this consent ended: a GRANTED for it now is a late or repeated one. */
  ended(consentId: string): boolean {
    return this.db.prepare('SELECT 1 FROM hip_consents_ended WHERE consent_id = ?').get(consentId) !== undefined;
  }

  /** Deletes consents whose dataEraseAt has passed; returns how many went. */
  deleteExpired(nowIso: string): number {
    return this.db.prepare('DELETE FROM hip_consents WHERE data_erase_at IS NOT NULL AND data_erase_at <= ?').run(nowIso).changes;
  }
}

function toRecord(row: Row): HipConsentRecord {
  return {
    consentId: row.consent_id,
    abhaAddress: row.abha_address,
    hiuId: row.hiu_id,
    hiuName: row.hiu_name,
    purpose: row.purpose,
    careContexts: JSON.parse(row.care_contexts) as CareContextRef[],
    hiTypes: JSON.parse(row.hi_types) as string[],
    dateFrom: row.date_from,
    dateTo: row.date_to,
    dataEraseAt: row.data_erase_at,
    grantedAt: row.granted_at,
  };
}
