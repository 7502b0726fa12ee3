// Reading a data folder the way an attacker with a copy of it would (every file's bytes), and the way the app would
// (the database decrypted with its key): shared by the privacy scans.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3-multiple-ciphers';
import { applyKey } from '../../electron/store/db-cipher';

/** Every file below `dir`, recursively. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/** Every row of every table of the encrypted database, as one JSON text. */
export function decryptedDump(file: string, key: string): string {
  const db = new Database(file, { readonly: true });
  applyKey(db, key);
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
  const dump = JSON.stringify(tables.map(({ name }) => db.prepare(`SELECT * FROM "${name}"`).all()));
  db.close();
  return dump;
}
