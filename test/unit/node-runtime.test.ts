// Web mode on a Node whose N-API is too old used to die with SIGSEGV and no word; now it says what is needed.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { nodeRuntimeProblem } from '../../electron/node-runtime';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const SYSTEM_NODE = '/usr/bin/node';

function napiOf(node: string): number {
  const run = spawnSync(node, ['-p', 'process.versions.napi'], { encoding: 'utf8' });
  return Number(run.stdout.trim());
}
const oldSystemNode = existsSync(SYSTEM_NODE) && napiOf(SYSTEM_NODE) < 10;

describe('the Node.js check', () => {
  it.each([
    [{ node: '20.20.2', napi: '9' }, /needs Node\.js 22\.14 or newer.*this is Node\.js 20\.20\.2/s],
    [{ node: '22.0.0', napi: '9' }, /this is Node\.js 22\.0\.0/],
    [{ node: '18.0.0' }, /Node-API unknown/],
  ])('refuses %j, saying which Node is needed', (versions, message) => {
    expect(nodeRuntimeProblem(versions)).toMatch(message);
  });

  it.each([{ node: '22.14.0', napi: '10' }, { node: '24.21.0', napi: '10' }])('accepts %j', (versions) => {
    expect(nodeRuntimeProblem(versions)).toBeNull();
  });

  // The machine's own Node 20 is the real case: the project's scripts run on the Node 24 npm installs.
  it.skipIf(!oldSystemNode)('npm run web started by an old system Node exits 1 with the reason, not SIGSEGV', () => {
    const run = spawnSync(SYSTEM_NODE, ['node_modules/tsx/dist/cli.mjs', 'scripts/web.ts', '--port', '0', '--keychain', 'memory'], {
      cwd: repo,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.signal).toBeNull();
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('ABHA Desk needs Node.js 22.14 or newer');
    expect(run.stdout).not.toContain('ABHA Desk (web mode):');
  });
});
