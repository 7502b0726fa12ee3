// The hip_link_tokens table (migrations/010-hip-visits.ts): per ABHA address, the link token ABDM gave (v3
// generate-token; it holds 6 months, so it is reused) and until when ABDM blocked link tokens for the patient
// (ABDM-1027). The token is a credential for the patient's records: it lives only in the encrypted database.
import type { Database } from 'better-sqlite3-multiple-ciphers';

export interface LinkTokenRow {
  abhaAddress: string;
  linkToken: string | null;
  validUntil: string | null;
  blockedUntil: string | null;
}

export class LinkTokenStore {
  constructor(private readonly db: Database) {}

  get(abhaAddress: string): LinkTokenRow | null {
    const row = this.db.prepare('SELECT * FROM hip_link_tokens WHERE abha_address = ?').get(abhaAddress.toLowerCase()) as
      | { abha_address: string; link_token: string | null; valid_until: string | null; blocked_until: string | null }
      | undefined;
    return row ? { abhaAddress: row.abha_address, linkToken: row.link_token, validUntil: row.valid_until, blockedUntil: row.blocked_until } : null;
  }

  keep(abhaAddress: string, linkToken: string, validUntil: string): void {
    this.db
      .prepare(
        `INSERT INTO hip_link_tokens (abha_address, link_token, valid_until, blocked_until) VALUES (?, ?, ?, NULL)
         ON CONFLICT (abha_address) DO UPDATE SET link_token = excluded.link_token, valid_until = excluded.valid_until, blocked_until = NULL`,
      )
      .run(abhaAddress.toLowerCase(), linkToken, validUntil);
  }

  /** Drops the token ABDM refused (a block stays). */
  drop(abhaAddress: string): void {
    this.db.prepare('UPDATE hip_link_tokens SET link_token = NULL, valid_until = NULL WHERE abha_address = ?').run(abhaAddress.toLowerCase());
  }

  block(abhaAddress: string, until: string): void {
    this.db
      .prepare(
        `INSERT INTO hip_link_tokens (abha_address, link_token, valid_until, blocked_until) VALUES (?, NULL, NULL, ?)
         ON CONFLICT (abha_address) DO UPDATE SET link_token = NULL, valid_until = NULL, blocked_until = excluded.blocked_until`,
      )
      .run(abhaAddress.toLowerCase(), until);
  }
}
