// The child of the crash test in wal-checkpointer.test.ts: opens the app's database on <dataFolder> (its key in
// <secretsFile>), then writes rows of about 2 KB, ten to a commit, each commit made durable the way the callback
// inbox makes its own (commitDurably), with the checkpoint worker copying the WAL every few milliseconds. After each
// commit it prints the number of rows committed so far, and keeps going until it is killed.
//
//   node --import tsx test/unit/store/wal-checkpoint-crash-child.ts <dataFolder> <secretsFile>
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { commitDurably, DATABASE_FILE_NAME, openDatabase } from '../../../electron/store/db';
import { openVault } from '../../../electron/store/secrets/vault';
import { fileSecretDriver } from '../../support/file-secret-driver';

const [dataFolder, secretsFile] = process.argv.slice(2);
if (!dataFolder || !secretsFile) {
  console.error('usage: wal-checkpoint-crash-child.ts <dataFolder> <secretsFile>');
  process.exit(2);
}

const database = await openDatabase({
  file: path.join(dataFolder, DATABASE_FILE_NAME),
  vault: await openVault(fileSecretDriver(secretsFile)),
  checkpoints: { passiveEveryMs: 5, restartAtBytes: 128 * 1024 },
});
database.db.exec('CREATE TABLE IF NOT EXISTS crash_rows (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
const insert = database.db.prepare('INSERT INTO crash_rows (body) VALUES (?)');

let committed = 0;
for (;;) {
  commitDurably(database.db, () => {
    for (let row = 0; row < 10; row += 1) insert.run(randomBytes(1024).toString('hex'));
  });
  committed += 10;
  process.stdout.write(`${committed}\n`);
  await sleep(1);
}
