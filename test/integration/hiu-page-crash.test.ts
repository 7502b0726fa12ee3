// Crash safety of pushed pages kept in sealed files: a child process (test/support/hiu-page-crash-child.ts) runs the
// real app core against the simulator with bundles large enough that pages and records go to files, stores every
// page, then processes them and is killed with SIGKILL at a chosen point: after a record file is durable but before
// its row commits, after a page's commit but before its page file is unlinked, or after everything. The core is then
// started again on the same data folder. Every page must end applied exactly once with all its records (one row per
// entry, each bundle byte for byte what the HIP sent), every row must have its file, and no file may be left that no
// row names. On both ABDM APIs: the API is set in the data folder's settings before the child starts, and the
// restarted core reads it from there (the data push itself is the same on both, reference/spec/abdm-v3.md §3).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import Database from 'better-sqlite3-multiple-ciphers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startAppCore } from '../../electron/app-core';
import type { ChannelName, InputOf, OutputOf } from '../../electron/ipc/contract';
import { applyKey } from '../../electron/store/db-cipher';
import { DATABASE_FILE_NAME, DATABASE_KEY_ACCOUNT } from '../../electron/store/db';
import { SEALED_FILES_FOLDER } from '../../electron/store/hiu/sealed-files';
import { openConfSettings } from '../../electron/store/settings/settings';
import { ABDM_APIS, type AbdmApi } from '../../electron/store/settings/settings-schema';
import { endpointsOf } from '../../electron/training/simulator';
import { IMMEDIATE_HIU_SETTINGS } from '../../sandbox/gateway/hiu/hiu-settings';
import { startSandbox } from '../../sandbox/index';
import { fileSecretDriver } from '../support/file-secret-driver';
import { repoRoot } from '../support/official-spec';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

type CrashPoint = 'file-written' | 'committed' | 'none';

/** Runs the child until it kills itself; returns the SHA-256 of every bundle the simulated HIPs sent. */
async function runChild(dataFolder: string, secretsFile: string, crashAt: CrashPoint, api: AbdmApi): Promise<{ sent: string[]; pages: number }> {
  // The child opens these settings (test/support/hiu-page-crash-child.ts) and speaks the API they name.
  openConfSettings(dataFolder).update({ abdmApi: api });
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/hiu-page-crash-child.ts', dataFolder, secretsFile, crashAt], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += String(chunk)));
  const lines: Record<string, any>[] = [];
  const reading = (async () => {
    for await (const line of createInterface({ input: child.stdout })) lines.push(JSON.parse(line));
  })();
  const signal = await new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, sig) => resolve(sig)));
  await reading;
  expect(signal, `the child ended by itself:\n${stderr}`).toBe('SIGKILL');
  expect(lines.map((l) => l.event)).toEqual(['stored', 'crashing']);
  return { sent: lines[0]!.sent, pages: lines[0]!.pages };
}

function fileState(dataFolder: string, databaseKey: string) {
  const db = new Database(path.join(dataFolder, DATABASE_FILE_NAME), { readonly: true, fileMustExist: true });
  applyKey(db, databaseKey);
  const named = db.prepare('SELECT body_file FROM data_push_pages WHERE body_file IS NOT NULL UNION ALL SELECT content_file FROM health_records WHERE content_file IS NOT NULL').pluck().all() as string[];
  const pages = db.prepare('SELECT state, body IS NULL AS noBody, body_file FROM data_push_pages').all() as { state: string; noBody: number; body_file: string | null }[];
  const initPaths = db.prepare(`SELECT DISTINCT path FROM outbox WHERE operation = 'consentRequests.init'`).pluck().all() as string[];
  const records = db.prepare('SELECT transfer_id, page_number, entry_index, status, content_file FROM health_records').all() as {
    transfer_id: string;
    page_number: number;
    entry_index: number;
    status: string;
    content_file: string | null;
  }[];
  db.close();
  const folder = path.join(dataFolder, SEALED_FILES_FOLDER);
  const onDisk = existsSync(folder) ? readdirSync(folder) : [];
  return { named, onDisk, pages, records, initPaths };
}

describe.each(ABDM_APIS)('pages in sealed files across a SIGKILL on ABDM API %s', (api) => {
  it.each<[CrashPoint, string]>([
    ['file-written', 'after a record file is durable, before its row commits'],
    ['committed', 'after a page commits, before its page file is unlinked'],
    ['none', 'after every page was processed'],
  ])('a SIGKILL %s (%s): after the restart every page is applied once with all its records, every row has its file, no file is left over', { timeout: 120_000 }, async (crashAt) => {
    const base = mkdtempSync(path.join(os.tmpdir(), 'abha-desk-page-crash-'));
    folders.push(base);
    const dataFolder = path.join(base, 'data');
    const secretsFile = path.join(base, 'keychain.json'); // outside the data folder, as the OS keychain is
    const { sent, pages } = await runChild(dataFolder, secretsFile, crashAt, api);
    expect(pages).toBe(4);
    expect(sent).toHaveLength(4);

    const secrets = fileSecretDriver(secretsFile);
    const databaseKey = (await secrets.get(DATABASE_KEY_ACCOUNT))!;
    const killed = fileState(dataFolder, databaseKey);
    // The child spoke the API set (consent init: gateway-v05.md §2.10, abdm-v3.md §3).
    expect(killed.initPaths).toEqual([api === 'v1' ? '/v0.5/consent-requests/init' : '/consent/v3/request/init']);
    // What the kill left: every row's file is there; the crash points leave exactly one file no row names.
    for (const name of killed.named) expect(killed.onDisk).toContain(name);
    const orphans = killed.onDisk.filter((name) => !killed.named.includes(name));
    expect(orphans).toHaveLength(crashAt === 'none' ? 0 : 1);
    if (crashAt === 'file-written') expect(killed.records).toHaveLength(1); // page 1 committed, page 2 not at all
    if (crashAt === 'committed') expect(killed.records).toHaveLength(1);

    // Started again on the same folder and keychain (a fresh simulator: the outbox may send to it, nothing else).
    const sandbox = await startSandbox({ port: 0, hiu: IMMEDIATE_HIU_SETTINGS });
    const core = await startAppCore({
      dataFolder,
      settings: openConfSettings(dataFolder),
      secretDriver: secrets,
      transport: 'web',
      training: async () => endpointsOf(sandbox),
      bridgePort: 0,
      logError: () => undefined,
      logNotice: () => undefined,
    });
    try {
      expect(openConfSettings(dataFolder).get().abdmApi).toBe(api);
      const call = async <C extends ChannelName>(channel: C, input: InputOf<C>): Promise<OutputOf<C>> => {
        const result = await core.dispatch(channel, input);
        if (!result.ok) throw new Error(`${channel} failed: ${JSON.stringify(result.error)}`);
        return result.value as OutputOf<C>;
      };
      await core.hiu.idle();
      const list = await call('records.list', { patientId: 'asha.verma@sbx' });
      expect(list).toHaveLength(4);
      expect(list.every((r) => r.status === 'delivered')).toBe(true);
      const digests: string[] = [];
      for (const record of list) {
        const { bundle } = await call('records.get', { id: record.id });
        digests.push(createHash('sha256').update(bundle, 'utf8').digest('hex'));
      }
      expect(digests.sort()).toEqual([...sent].sort());

      // Unlinks after a commit run in the background: the folder holds exactly the files rows name.
      await vi.waitFor(
        () => {
          const after = fileState(dataFolder, databaseKey);
          expect(after.pages.every((p) => p.state === 'done' && p.noBody === 1 && p.body_file === null)).toBe(true);
          expect(new Set(after.records.map((r) => `${r.transfer_id}/${r.page_number}/${r.entry_index}`)).size).toBe(4);
          expect(after.records.every((r) => r.content_file !== null)).toBe(true); // 200 KB bundles: all in files
          expect(after.onDisk.sort()).toEqual(after.named.sort());
        },
        { timeout: 5_000, interval: 50 },
      );
    } finally {
      await core.close();
      await sandbox.close();
    }
  });
});
