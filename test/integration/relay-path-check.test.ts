// "Test the callback path" (docs/relay.md, "Check the callback path"): from the desk (Settings' button, bridge.checkPath)
// and from the relay's side (`npm run relay -- check`), a check signed with the desk's credential goes in at the
// relay's public URL for the HIU and must come out at the desk over its WebSocket; each failing leg is named.
import { execFile } from 'node:child_process';
import { createHmac, createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { relayConfig, type RelayConfig } from '../../relay/config';
import { runPathChecks } from '../../relay/check';
import { issueDesk } from '../../relay/desk-credentials';
import { silentLog } from '../../relay/relay-log';
import { startRelay, type RunningRelay } from '../../relay/relay-server';
import { openRelayStore } from '../../relay/store/open-store';
import type { RelayStore } from '../../relay/store/relay-store';
import { startAppHarness, type AppHarness } from '../support/app-harness';
import { freePort } from '../support/relay-harness';

const HIU_ID = 'CLINIC-HIU-01';
let app: AppHarness | undefined;
let relay: RunningRelay | undefined;
let store: RelayStore | undefined;

afterEach(async () => {
  await app?.close();
  await relay?.close();
  await store?.close();
  app = relay = store = undefined;
});

async function startTrainingRelay(storage: RelayConfig['storage'] = { sqlite: ':memory:' }): Promise<RelayConfig> {
  const port = await freePort();
  store = await openRelayStore(storage);
  const config = relayConfig.parse({ publicUrl: `http://127.0.0.1:${port}`, listen: { host: '127.0.0.1', port }, hius: [{ id: HIU_ID, api: 'v3', training: true }], storage });
  relay = await startRelay({ config, store, log: silentLog });
  return config;
}

/** The signature as docs/relay.md defines it, written out here rather than taken from the code under test. */
function documentedSignature(secret: string, fields: { deskId: string; nonce: string; at: string }): string {
  const key = createHash('sha256').update(secret).digest('hex');
  return createHmac('sha256', key).update(`abha-desk-path-check|${HIU_ID}|${fields.deskId}|${fields.nonce}|${fields.at}`).digest('hex');
}

describe('test the callback path', () => {
  it('from the desk: in at the relay’s public URL, out at this desk; from the relay: OK for the connected desk, “not connected” for another', { timeout: 60_000 }, async () => {
    const config = await startTrainingRelay();
    const { credential } = await issueDesk(store!, HIU_ID, 'Front desk 1', new Date().toISOString());
    const away = await issueDesk(store!, HIU_ID, 'Front desk 2', new Date().toISOString());
    app = await startAppHarness({}, { api: 'v3', relay: { url: relay!.url, credential } });

    const outcome = await app.call('bridge.checkPath');
    expect(outcome).toMatchObject({ ok: true, url: `${relay!.url}/hiu/${HIU_ID}/path-check` });

    const lines: string[] = [];
    expect(await runPathChecks(config, store!, undefined, (line) => lines.push(line))).toBe(1);
    expect(lines).toHaveLength(2);
    expect(lines.find((l) => l.includes('Front desk 1'))).toMatch(/: OK: in at http:\/\/127\.0\.0\.1:\d+\/hiu\/CLINIC-HIU-01\/path-check, out at the desk, acknowledged\.$/);
    expect(lines.find((l) => l.includes(away.desk.id))).toMatch(/FAILED: the desk is not connected to the relay \(HTTP 409\)/);
    lines.length = 0;
    const deskId = credential.split('.')[0]!;
    expect(await runPathChecks(config, store!, deskId, (line) => lines.push(line))).toBe(0);
  });

  it('the relay takes only a check signed as documented, once, and fresh', { timeout: 60_000 }, async () => {
    await startTrainingRelay();
    const { desk, credential } = await issueDesk(store!, HIU_ID, 'Front desk 1', new Date().toISOString());
    app = await startAppHarness({}, { api: 'v3', relay: { url: relay!.url, credential } });
    const secret = credential.split('.')[1]!;
    const url = `${relay!.url}/hiu/${HIU_ID}/path-check`;
    const post = (fields: { deskId: string; nonce: string; at: string }, signature: string) =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `PathCheck ${signature}` }, body: JSON.stringify(fields) });

    const fields = { deskId: desk.id, nonce: 'AAAAAAAAAAAAAAAAAAAAAA', at: new Date().toISOString() };
    const good = await post(fields, documentedSignature(secret, fields));
    expect(good.status).toBe(200);
    expect(await good.json()).toMatchObject({ status: 'delivered', deskId: desk.id });
    // The same check again, a wrong secret, a stale time: refused.
    expect((await post(fields, documentedSignature(secret, fields))).status).toBe(401);
    const other = { ...fields, nonce: 'BBBBBBBBBBBBBBBBBBBBBB' };
    expect((await post(other, documentedSignature(`${secret}x`, other))).status).toBe(401);
    const stale = { ...fields, nonce: 'CCCCCCCCCCCCCCCCCCCCCC', at: new Date(Date.now() - 10 * 60_000).toISOString() };
    expect((await post(stale, documentedSignature(secret, stale))).status).toBe(401);
  });

  it('names the leg: a relay that is down is unreachable; a desk on its own bridge has no relay path', { timeout: 60_000 }, async () => {
    const config = await startTrainingRelay();
    const { credential } = await issueDesk(store!, HIU_ID, 'Front desk 1', new Date().toISOString());
    app = await startAppHarness({}, { api: 'v3', relay: { url: relay!.url, credential } });
    // The public URL names a port nothing listens on, as a wrong proxy or DNS entry would.
    const lines: string[] = [];
    const deadPort = await freePort();
    expect(await runPathChecks({ ...config, publicUrl: `http://127.0.0.1:${deadPort}` }, store!, undefined, (line) => lines.push(line))).toBe(1);
    expect(lines[0]).toMatch(/FAILED: the relay is unreachable at http:\/\/127\.0\.0\.1:\d+\/hiu\/CLINIC-HIU-01\/path-check \(ECONNREFUSED\)/);

    await app.call('settings.update', { bridge: { mode: 'direct' } });
    expect(await app.call('bridge.checkPath')).toEqual({ ok: false, failure: 'not-relay-mode', url: null, detail: null });
  });

  it('npm run relay -- check, on the relay’s configuration file and storage, says OK and exits 0', { timeout: 90_000 }, async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'relay-check-'));
    try {
      const config = await startTrainingRelay({ sqlite: path.join(folder, 'relay.db') });
      const { credential } = await issueDesk(store!, HIU_ID, 'Front desk 1', new Date().toISOString());
      app = await startAppHarness({}, { api: 'v3', relay: { url: relay!.url, credential } });
      const file = path.join(folder, 'relay.json');
      writeFileSync(file, JSON.stringify(config));
      const repo = fileURLToPath(new URL('../..', import.meta.url));
      const run = await new Promise<{ code: number | null; out: string }>((resolve) =>
        execFile(process.execPath, ['--import', 'tsx', 'relay/cli.ts', '--config', file, 'check'], { cwd: repo }, (error, stdout) => resolve({ code: error ? (error.code as number) : 0, out: stdout })),
      );
      expect(run.out).toMatch(/^desk-[a-z0-9]+ \(Front desk 1\): OK: in at http:\/\/127\.0\.0\.1:\d+\/hiu\/CLINIC-HIU-01\/path-check, out at the desk, acknowledged\.$/m);
      expect(run.code).toBe(0);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
