// Large values in sealed files beside the database (electron/store/hiu/sealed-files.ts) on the app's real encrypted
// database: pages and bundles of 64 KiB or more go to files, small ones stay in their rows; the file is durable
// before the row that names it commits; a deleting transaction unlinks its files only once it has committed; a file
// a crash left without its row is removed at start-up; and nothing in a file is readable without its key.
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3-multiple-ciphers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newPushSecret } from '../../../electron/bridge/push-secret';
import { DataPushPageStore, secretHash } from '../../../electron/store/hiu/data-push-pages';
import { HealthRecordStore, type RecordMeta } from '../../../electron/store/hiu/health-records';
import { migrate } from '../../../electron/store/migrations';
import { purgePatient } from '../../../electron/store/hiu/patient-purge';
import { LARGE_VALUE_BYTES, removeOrphans, SEALED_FILES_FOLDER, SealedFiles } from '../../../electron/store/hiu/sealed-files';
import { openTestDatabase, type TestDatabase } from '../bridge/bridge-support';

const PATIENT = 'asha.verma@sbx';
const AT = '2024-05-14T09:52:00.000Z';

let test: TestDatabase;
let db: Database.Database;
let folder: string;
let pages: DataPushPageStore;
let records: HealthRecordStore;

beforeEach(async () => {
  test = await openTestDatabase();
  db = test.database.db;
  folder = path.join(path.dirname(db.name), SEALED_FILES_FOLDER);
  pages = new DataPushPageStore(db);
  records = new HealthRecordStore(db);
});
afterEach(() => test.dispose());

const filesOnDisk = () => (existsSync(folder) ? readdirSync(folder).sort() : []);
/** Unlinking after a commit happens off the main thread: wait for it. */
const eventually = (check: () => void) => vi.waitFor(check, { timeout: 2_000, interval: 10 });

/** A consent, an artefact and a live transfer (through the store, so it gets its page key). */
function transfer(patientId = PATIENT): { id: string; artefactId: string; secret: string } {
  const id = randomUUID();
  const secret = newPushSecret();
  db.prepare(
    `INSERT INTO consent_requests (id, patient_id, hiu_id, purpose_code, hi_types, date_from, date_to, data_erase_at, requester, status, created_at, updated_at)
     VALUES (?, ?, 'HIU-TEST', 'CAREMGT', '[]', ?, ?, ?, '{}', 'GRANTED', ?, ?)`,
  ).run(`cr-${id}`, patientId, AT, AT, AT, AT, AT);
  db.prepare(`INSERT INTO consent_artefacts (id, consent_request_id, status, patient_id, updated_at) VALUES (?, ?, 'GRANTED', ?, ?)`).run(`ca-${id}`, `cr-${id}`, patientId, AT);
  records.addTransfer({
    id,
    artefactId: `ca-${id}`,
    secretHash: secretHash(secret),
    privateKey: Buffer.from('sealed private key'),
    publicKey: 'pk',
    nonce: 'nonce',
    dateFrom: AT,
    dateTo: AT,
    status: 'REQUESTED',
    createdAt: AT,
  });
  return { id, artefactId: `ca-${id}`, secret };
}

/** A page body of about `bytes` characters, with a marker to look for on disk. */
const pageBody = (bytes: number, marker = 'OPD-SECRET-CONTEXT') =>
  JSON.stringify({ pageNumber: 1, pageCount: 1, transactionId: 'txn-1', entries: [{ content: 'Q'.repeat(bytes), careContextReference: marker, checksum: 'c' }] });

const push = (secret: string, pageNumber: number, body: string) =>
  pages.store({ secret, transactionId: 'txn-1', pageNumber, pageCount: 2, receivedAt: AT, body });

function recordMeta(t: { id: string; artefactId: string }, entryIndex = 0, patientId = PATIENT): RecordMeta {
  return {
    id: randomUUID(),
    transferId: t.id,
    artefactId: t.artefactId,
    consentRequestId: `cr-${t.id}`,
    patientId,
    hipId: 'HIP-1',
    careContext: 'CC-1',
    hiType: 'Prescription',
    recordDate: AT,
    pageNumber: 1,
    entryIndex,
    status: 'delivered',
    error: null,
    contentBytes: 1,
    receivedAt: AT,
  };
}

describe('pushed pages', () => {
  it('keeps a large page in a sealed file that its row names, and a small one in its row', async () => {
    const t = transfer();
    const large = pageBody(LARGE_VALUE_BYTES);
    const small = pageBody(100);
    expect(await push(t.secret, 1, large)).toBe('stored');
    expect(await push(t.secret, 2, small)).toBe('stored');

    const rows = db.prepare('SELECT page_number, body, body_file FROM data_push_pages ORDER BY page_number').all() as { page_number: number; body: string | null; body_file: string | null }[];
    expect(rows[0]).toMatchObject({ page_number: 1, body: null, body_file: expect.any(String) });
    expect(rows[1]).toMatchObject({ page_number: 2, body: small, body_file: null });
    expect(filesOnDisk()).toEqual([rows[0]!.body_file]);

    // The file is ciphertext: neither the page's text nor its metadata is in it.
    const onDisk = readFileSync(path.join(folder, rows[0]!.body_file!)).toString('latin1');
    expect(onDisk).not.toContain('OPD-SECRET-CONTEXT');
    expect(onDisk).not.toContain('QQQQQQQQ');
    expect(pages.pending(secretHash(t.secret)).map((p) => p.body)).toEqual([large, small]);
  });

  it('a large page pushed again is a duplicate and writes no second file', async () => {
    const t = transfer();
    expect(await push(t.secret, 1, pageBody(LARGE_VALUE_BYTES))).toBe('stored');
    expect(await push(t.secret, 1, pageBody(LARGE_VALUE_BYTES, 'ANOTHER'))).toBe('duplicate');
    expect(filesOnDisk()).toHaveLength(1);
    expect(pages.pending()[0]!.body).toContain('OPD-SECRET-CONTEXT');
  });

  it('keeps pages in rows when there is no live transfer to seal them for, or the database is in memory', async () => {
    expect(await push(newPushSecret(), 1, pageBody(LARGE_VALUE_BYTES))).toBe('stored');
    const memory = new Database(':memory:');
    migrate(memory);
    expect(SealedFiles.of(memory)).toBeNull();
    expect(await new DataPushPageStore(memory).store({ secret: newPushSecret(), transactionId: 't', pageNumber: 1, pageCount: 1, receivedAt: AT, body: pageBody(LARGE_VALUE_BYTES) })).toBe('stored');
    memory.close();
    expect(filesOnDisk()).toEqual([]);
  });

  it('no row without its file: when the file cannot be written the page is refused and nothing is stored', async () => {
    const t = transfer();
    writeFileSync(folder, 'not a folder'); // the sealed-files folder cannot be made
    await expect(push(t.secret, 1, pageBody(LARGE_VALUE_BYTES))).rejects.toThrow();
    expect(db.prepare('SELECT count(*) AS n FROM data_push_pages').get()).toEqual({ n: 0 });
    rmSync(folder);
    expect(await push(t.secret, 1, pageBody(LARGE_VALUE_BYTES))).toBe('stored'); // the HIP's retry is taken
  });

  it('a done page loses its file once the transaction commits; a rolled-back one keeps it', async () => {
    const t = transfer();
    const hash = secretHash(t.secret);
    await push(t.secret, 1, pageBody(LARGE_VALUE_BYTES));
    const [file] = filesOnDisk();

    expect(() =>
      db.transaction(() => {
        pages.markDone(hash, 1);
        throw new Error('crash before the commit');
      })(),
    ).toThrow('crash before the commit');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(filesOnDisk()).toEqual([file]);
    expect(pages.pending(hash)[0]!.body).toContain('OPD-SECRET-CONTEXT');

    db.transaction(() => pages.markDone(hash, 1))();
    expect(db.prepare('SELECT state, body, body_file FROM data_push_pages').get()).toEqual({ state: 'done', body: null, body_file: null });
    await eventually(() => expect(filesOnDisk()).toEqual([]));
  });

  it('the page key goes with the transfer: a page file left behind opens for nobody', async () => {
    const t = transfer();
    await push(t.secret, 1, pageBody(LARGE_VALUE_BYTES));
    const [page] = pages.pendingPages();
    expect(pages.bodyOf(page!)).toContain('OPD-SECRET-CONTEXT');
    records.end(t.id, 'FAILED', AT, 'PAGES_MISSING');
    expect(db.prepare('SELECT page_key, private_key FROM data_transfers').get()).toEqual({ page_key: null, private_key: null });
    expect(pages.bodyOf(page!)).toBeNull();
  });
});

describe('records', () => {
  it('keeps a large sealed bundle in a file and reads it back byte for byte; a small one stays in its row', () => {
    const t = transfer();
    const large = randomBytes(LARGE_VALUE_BYTES);
    const small = randomBytes(100);
    const a = recordMeta(t, 0);
    const b = recordMeta(t, 1);
    db.transaction(() => {
      expect(records.addRecord(a, large)).toBe(true);
      expect(records.addRecord(b, small)).toBe(true);
    })();
    const rows = db.prepare('SELECT id, content, content_file FROM health_records').all() as { id: string; content: Buffer | null; content_file: string | null }[];
    expect(rows.find((r) => r.id === a.id)).toMatchObject({ content: null, content_file: expect.any(String) });
    expect(rows.find((r) => r.id === b.id)).toMatchObject({ content: small, content_file: null });
    expect(records.record(a.id)!.content!.equals(large)).toBe(true);
    expect(records.record(b.id)!.content!.equals(small)).toBe(true);
    expect(filesOnDisk()).toEqual([rows.find((r) => r.id === a.id)!.content_file]);
  });

  it('a page applied half way and rolled back (a crash before the commit) leaves neither rows nor files', async () => {
    const t = transfer();
    expect(() =>
      db.transaction(() => {
        records.addRecord(recordMeta(t, 0), randomBytes(LARGE_VALUE_BYTES));
        records.addRecord(recordMeta(t, 1), randomBytes(LARGE_VALUE_BYTES));
        throw new Error('crash before the commit');
      })(),
    ).toThrow();
    expect(db.prepare('SELECT count(*) AS n FROM health_records').get()).toEqual({ n: 0 });
    await eventually(() => expect(filesOnDisk()).toEqual([]));
  });

  it('a second copy of an entry (insert ignored) does not leave its file behind', async () => {
    const t = transfer();
    const meta = recordMeta(t, 0);
    db.transaction(() => records.addRecord(meta, randomBytes(LARGE_VALUE_BYTES)))();
    expect(db.transaction(() => records.addRecord({ ...meta, id: randomUUID() }, randomBytes(LARGE_VALUE_BYTES)))()).toBe(false);
    await eventually(() => expect(filesOnDisk()).toHaveLength(1));
    expect(records.record(meta.id)!.content).not.toBeNull();
  });

  it('erasing an artefact unlinks its records’ and pages’ files after the commit, and only then', async () => {
    const kept = transfer();
    const erased = transfer();
    db.transaction(() => {
      records.addRecord(recordMeta(kept), randomBytes(LARGE_VALUE_BYTES));
      records.addRecord(recordMeta(erased), randomBytes(LARGE_VALUE_BYTES));
    })();
    await push(erased.secret, 2, pageBody(LARGE_VALUE_BYTES));
    expect(filesOnDisk()).toHaveLength(3);
    const keptFile = db.prepare('SELECT content_file FROM health_records WHERE artefact_id = ?').pluck().get(kept.artefactId);

    // A rolled-back erasure keeps every row and every file.
    expect(() =>
      db.transaction(() => {
        records.eraseArtefact(erased.artefactId, AT);
        throw new Error('rolled back');
      })(),
    ).toThrow();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(filesOnDisk()).toHaveLength(3);

    expect(db.transaction(() => records.eraseArtefact(erased.artefactId, AT))()).toBe(1);
    await eventually(() => expect(filesOnDisk()).toEqual([keptFile]));
    expect(db.prepare('SELECT page_key, private_key, status FROM data_transfers WHERE id = ?').get(erased.id)).toEqual({ page_key: null, private_key: null, status: 'ERASED' });
  });

  it('forgetting an artefact’s transfers and purging a patient unlink their files', async () => {
    const asha = transfer();
    const ravi = transfer('ravi.kumar@sbx');
    const other = transfer('meena.iyer@sbx');
    db.transaction(() => {
      records.addRecord(recordMeta(asha), randomBytes(LARGE_VALUE_BYTES));
      records.addRecord(recordMeta(ravi, 0, 'ravi.kumar@sbx'), randomBytes(LARGE_VALUE_BYTES));
      records.addRecord(recordMeta(other, 0, 'meena.iyer@sbx'), randomBytes(LARGE_VALUE_BYTES));
    })();
    await push(asha.secret, 2, pageBody(LARGE_VALUE_BYTES));
    expect(filesOnDisk()).toHaveLength(4);

    db.transaction(() => purgePatient(db, PATIENT))();
    await eventually(() => expect(filesOnDisk()).toHaveLength(2));
    db.transaction(() => records.forgetArtefactTransfers(ravi.artefactId))();
    await eventually(() => expect(filesOnDisk()).toHaveLength(1));
    expect(filesOnDisk()).toEqual([db.prepare('SELECT content_file FROM health_records').pluck().get()]);
  });
});

describe('start-up', () => {
  it('removes the files a crash left without rows, keeps every file a row names, and leaves other names alone', async () => {
    const t = transfer();
    await push(t.secret, 1, pageBody(LARGE_VALUE_BYTES));
    db.transaction(() => records.addRecord(recordMeta(t), randomBytes(LARGE_VALUE_BYTES)))();
    const named = filesOnDisk();
    // A crash after a file was written and fsynced but before its row committed (or after a deleting commit but
    // before the unlink) leaves exactly this: a sealed file no row names.
    const orphan = new SealedFiles(folder).write([randomBytes(1000)]);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'notes.txt'), 'not ours');
    expect(filesOnDisk()).toContain(orphan);

    expect(removeOrphans(db)).toBe(1);
    expect(filesOnDisk()).toEqual([...named, 'notes.txt'].sort());
    // Every row still has its file.
    const names = db.prepare('SELECT body_file FROM data_push_pages WHERE body_file IS NOT NULL UNION ALL SELECT content_file FROM health_records WHERE content_file IS NOT NULL').pluck().all() as string[];
    for (const name of names) expect(existsSync(path.join(folder, name))).toBe(true);
    expect(pages.pending()[0]!.body).toContain('OPD-SECRET-CONTEXT');
  });

  it('does nothing inside a transaction (a file its uncommitted row names is not an orphan)', () => {
    const orphan = new SealedFiles(folder).write([randomBytes(10)]);
    expect(db.transaction(() => removeOrphans(db))()).toBe(0);
    expect(filesOnDisk()).toEqual([orphan]);
  });
});

describe('pages the relay kept for this desk', () => {
  it('keeps a large relayed page in a sealed file too, and reads it back as it was pushed', async () => {
    const t = transfer();
    const large = pageBody(LARGE_VALUE_BYTES);
    const hash = secretHash(t.secret);
    expect(await pages.storeHashed({ secretHash: hash, transactionId: 'txn-1', pageNumber: 1, pageCount: 1, receivedAt: AT, body: large })).toBe('stored');
    const row = db.prepare('SELECT body, body_file FROM data_push_pages').get() as { body: string | null; body_file: string | null };
    expect(row).toEqual({ body: null, body_file: expect.any(String) });
    expect(filesOnDisk()).toEqual([row.body_file]);
    expect(readFileSync(path.join(folder, row.body_file!)).toString('latin1')).not.toContain('OPD-SECRET-CONTEXT');
    expect(pages.pending(hash).map((p) => p.body)).toEqual([large]);
  });
});
