// The relay's SQLite file holds callbacks with patients' details and the desks' credential hashes: only the user the
// relay runs as may read it (0600, and 0600 for the -wal and -shm files beside it), in a folder of its own (0700) when
// the relay makes that folder. docs/relay.md, "Storage". Checked with the process's usual umask (022), under which
// files were created 0644 before.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRelayStore } from '../../relay/store/open-store';

const folder = mkdtempSync(path.join(tmpdir(), 'relay-modes-'));
let umask: number;
beforeAll(() => {
  umask = process.umask(0o022);
});
afterAll(() => {
  process.umask(umask);
  rmSync(folder, { recursive: true, force: true });
});

const modeOf = (file: string) => statSync(file).mode & 0o777;

describe('the relay’s files', () => {
  it('creates relay.db and its -wal and -shm files 0600, in a folder it makes 0700', async () => {
    const dir = path.join(folder, 'new', 'abha-relay');
    const db = path.join(dir, 'relay.db');
    const store = await openRelayStore({ sqlite: db });
    try {
      await store.addDesk({ id: 'desk-0123456789ab', hiuId: 'CLINIC-HIU-01', name: 'Front desk', secretHash: 'a'.repeat(64), createdAt: new Date().toISOString() });
      expect(existsSync(`${db}-wal`)).toBe(true);
      expect(modeOf(dir).toString(8)).toBe('700');
      for (const file of [db, `${db}-wal`, `${db}-shm`]) expect(modeOf(file).toString(8), file).toBe('600');
    } finally {
      await store.close();
    }
  });

  it('narrows a relay.db an older relay left readable by everyone', async () => {
    const db = path.join(folder, 'old.db');
    writeFileSync(db, '');
    chmodSync(db, 0o644);
    const store = await openRelayStore({ sqlite: db });
    await store.close();
    expect(modeOf(db).toString(8)).toBe('600');
  });

  it('npm run relay -- desks add makes relay.db 0600 in a new folder 0700', () => {
    const dir = path.join(folder, 'cli', 'data');
    const config = path.join(folder, 'cli-relay.json');
    writeFileSync(
      config,
      JSON.stringify({
        publicUrl: 'https://relay.example-clinic.in',
        hius: [{ id: 'CLINIC-HIU-01', api: 'v3', gatewayCertsUrl: 'https://dev.abdm.gov.in/api/hiecm/gateway/v3/certs' }],
        storage: { sqlite: path.join(dir, 'relay.db') },
      }),
    );
    const run = spawnSync('npm', ['run', '--silent', 'relay', '--', '--config', config, 'desks', 'add', '--name', 'Front desk 1'], { encoding: 'utf8', timeout: 60_000 });
    expect(run.status, run.stderr).toBe(0);
    expect(modeOf(dir).toString(8)).toBe('700');
    expect(modeOf(path.join(dir, 'relay.db')).toString(8)).toBe('600');
  }, 90_000);
});
