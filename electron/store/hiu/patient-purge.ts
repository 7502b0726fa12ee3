// Everything the HIU holds about one patient, gone (the consent manager said DELETED): consents, artefacts,
// transfers, pushed pages, records, subscriptions and their events, the timeline; and the bodies of the requests and
// callbacks that concerned them are blanked (their ids stay, so a replayed callback is still known as seen).
// Sealed files (records' bundles, pending pages) are unlinked once the caller's transaction has committed.
import type { Database } from 'better-sqlite3-multiple-ciphers';
import { removeWhenUnnamed, SealedFiles } from './sealed-files';

export interface PurgeCounts {
  consentRequests: number;
  records: number;
  subscriptions: number;
  exchanges: number;
}

export function purgePatient(db: Database, patientId: string): PurgeCounts {
  const requestIds = (db.prepare('SELECT DISTINCT request_id FROM timeline WHERE patient_id = ?').all(patientId) as { request_id: string }[]).map((r) => r.request_id);
  const blankInbox = db.prepare(`UPDATE inbox SET body = '{}', headers = '{}' WHERE request_id = ?`);
  const blankOutbox = db.prepare(`UPDATE outbox SET body = '{}' WHERE request_id = ?`);
  for (const id of requestIds) {
    blankInbox.run(id);
    blankOutbox.run(id);
  }
  // The patient's requests keep their ids but lose the patient: a 202 or a timeout that comes after the purge
  // files nothing under them again.
  db.prepare(`UPDATE outbox SET body = '{}', patient_id = NULL, consent_request_id = NULL WHERE patient_id = ?`).run(patientId);
  const artefacts = `SELECT id FROM consent_artefacts WHERE patient_id = ?`;
  const sealed = SealedFiles.of(db);
  const files = sealed
    ? (db
        .prepare(
          `SELECT content_file FROM health_records WHERE patient_id = ? AND content_file IS NOT NULL
           UNION ALL SELECT body_file FROM data_push_pages WHERE body_file IS NOT NULL
             AND secret_hash IN (SELECT secret_hash FROM data_transfers WHERE artefact_id IN (${artefacts}))`,
        )
        .pluck()
        .all(patientId, patientId) as string[])
    : [];
  db.prepare(`DELETE FROM data_push_pages WHERE secret_hash IN (SELECT secret_hash FROM data_transfers WHERE artefact_id IN (${artefacts}))`).run(patientId);
  const records = db.prepare('DELETE FROM health_records WHERE patient_id = ?').run(patientId).changes;
  db.prepare(`DELETE FROM data_transfers WHERE artefact_id IN (${artefacts})`).run(patientId);
  db.prepare('DELETE FROM consent_artefacts WHERE patient_id = ?').run(patientId);
  const consentRequests = db.prepare('DELETE FROM consent_requests WHERE patient_id = ?').run(patientId).changes;
  db.prepare('DELETE FROM subscription_events WHERE patient_id = ?').run(patientId);
  const subscriptions = db.prepare('DELETE FROM subscription_requests WHERE patient_id = ?').run(patientId).changes;
  const exchanges = db.prepare('DELETE FROM timeline WHERE patient_id = ?').run(patientId).changes;
  removeWhenUnnamed(db, sealed, files);
  return { consentRequests, records, subscriptions, exchanges };
}
