// The relay as an operator runs it: `npm run relay` with a configuration file, and `desks add|list|revoke`.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadRelayConfig } from '../../relay/config';
import { freePort } from '../support/relay-harness';

const folder = mkdtempSync(path.join(tmpdir(), 'relay-cli-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function writeConfig(name: string, config: object): string {
  const file = path.join(folder, name);
  writeFileSync(file, JSON.stringify(config));
  return file;
}

const baseConfig = (db: string) => ({
  publicUrl: 'https://relay.example-clinic.in/',
  hius: [{ id: 'CLINIC-HIU-01', api: 'v3', gatewayCertsUrl: 'https://dev.abdm.gov.in/api/hiecm/gateway/v3/certs' }],
  storage: { sqlite: db },
});

function relayCommand(args: string[], env: NodeJS.ProcessEnv = {}) {
  // The CLI itself, as `npm run relay` starts it (the tests below start it through npm); without npx and tsx's own
  // launcher, each of the seven commands costs one Node start instead of three (about 0.8 core-s less each).
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'relay/cli.ts', ...args], { encoding: 'utf8', env: { ...process.env, ...env }, timeout: 60_000 });
  return { code: run.status, out: run.stdout, err: run.stderr };
}

describe('relay configuration', () => {
  it('reads the file, with RELAY_* variables over it, and names each unusable setting', () => {
    const file = writeConfig('ok.json', baseConfig(path.join(folder, 'a.db')));
    const config = loadRelayConfig({ file, env: { RELAY_PORT: '9911' } });
    expect(config.publicUrl).toBe('https://relay.example-clinic.in');
    expect(config.listen).toEqual({ host: '127.0.0.1', port: 9911 });
    expect(config.hius[0]).toEqual({ id: 'CLINIC-HIU-01', api: 'v3', gatewayCertsUrl: 'https://dev.abdm.gov.in/api/hiecm/gateway/v3/certs', cmId: 'sbx' });
    expect(config.retention).toEqual({ messageDays: 30, expectationDays: 400 });

    const bad = writeConfig('bad.json', { ...baseConfig('x.db'), hius: [{ id: 'has space', gatewayCertsUrl: 'ftp://x' }] });
    expect(() => loadRelayConfig({ file: bad, env: {} })).toThrow(/hius\.0\.id: letters, digits.*hius\.0\.gatewayCertsUrl/);
    expect(() => loadRelayConfig({ file: path.join(folder, 'missing.json'), env: {} })).toThrow(/cannot be read/);
  });

  it('runs a one-HIU relay from the environment alone', () => {
    const config = loadRelayConfig({
      env: { RELAY_PUBLIC_URL: 'https://r.example.in', RELAY_POSTGRES_URL: 'postgres://relay@db/relay', RELAY_HIU_ID: 'HIU-9', RELAY_GATEWAY_CERTS_URL: 'https://dev.abdm.gov.in/gateway/v0.5/certs' },
    });
    expect(config.storage).toEqual({ postgres: 'postgres://relay@db/relay' });
    expect(config.hius).toEqual([{ id: 'HIU-9', api: 'v1', gatewayCertsUrl: 'https://dev.abdm.gov.in/gateway/v0.5/certs', cmId: 'sbx' }]);
  });
});

describe('npm run relay', () => {
  it('issues a desk credential once, lists the desk without it, and revokes it', () => {
    const db = path.join(folder, 'desks.db');
    const file = writeConfig('desks.json', baseConfig(db));
    const added = relayCommand(['--config', file, 'desks', 'add', '--name', 'Front desk 2']);
    expect(added.code, added.err).toBe(0);
    const credential = added.out.trim().split('\n').at(-1)!;
    expect(credential).toMatch(/^desk-[a-z0-9]+\.[A-Za-z0-9_-]{43}$/);
    const deskId = credential.split('.')[0]!;

    const listed = relayCommand(['--config', file, 'desks', 'list']);
    expect(listed.code).toBe(0);
    expect(listed.out).toContain(`${deskId}\tCLINIC-HIU-01\tFront desk 2\t`);
    expect(listed.out).toContain('\tactive\t0');
    expect(listed.out).not.toContain(credential.split('.')[1]);
    // The credential's secret is nowhere in the relay's file, only its hash.
    expect(readFileSync(db).includes(Buffer.from(credential.split('.')[1]!))).toBe(false);

    expect(relayCommand(['--config', file, 'desks', 'add', '--hiu', 'NOT-OURS', '--name', 'x']).err).toContain('--hiu must name an HIU of this relay: CLINIC-HIU-01');
    expect(relayCommand(['--config', file, 'desks', 'revoke', deskId]).code).toBe(0);
    expect(relayCommand(['--config', file, 'desks', 'list']).out).toMatch(new RegExp(`${deskId}.*revoked`));
    expect(relayCommand(['--config', file, 'desks', 'revoke', deskId]).code).toBe(1);
  }, 120_000);

  it('starts, says where it listens, answers /healthz, and stops on SIGTERM', async () => {
    const port = await freePort();
    const file = writeConfig('run.json', baseConfig(path.join(folder, 'run.db')));
    const child = spawn('npm', ['run', '--silent', 'relay', '--', '--config', file, '--port', String(port)], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      for (let i = 0; i < 300 && !out.includes('listening'); i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(out).toContain(`ABHA Desk relay listening on http://127.0.0.1:${port}`);
      const health = await fetch(`http://127.0.0.1:${port}/healthz`);
      // Liveness only: which desks there are is for the operator's monitoring credential (relay-limits.test.ts).
      expect(await health.json()).toEqual({ status: 'ok' });
    } finally {
      process.kill(-child.pid!, 'SIGTERM');
    }
    await exited;
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  }, 60_000);

  it('prints the id of the process that listens: a SIGTERM to that one id stops the relay and frees its port', async () => {
    const port = await freePort();
    const file = writeConfig('pid.json', baseConfig(path.join(folder, 'pid.db')));
    // As docs/relay.md says to run it; detached only so that the test can clean up whatever is left.
    const child = spawn('npm', ['run', 'relay', '--', '--config', file, '--port', String(port)], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    try {
      for (let i = 0; i < 300 && !out.includes('listening'); i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
      const printed = /listening on http:\/\/127\.0\.0\.1:(\d+) \(process (\d+); stop it with: kill (\d+)\)/.exec(out);
      expect(printed, out).not.toBeNull();
      expect(Number(printed![1])).toBe(port);
      expect(printed![3]).toBe(printed![2]);
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      process.kill(Number(printed![2]), 'SIGTERM');
      await exited;
      await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    } finally {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // all gone, as it should be
      }
    }
  }, 60_000);
});
