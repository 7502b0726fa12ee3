// The README's first command on a fresh machine: `npm ci` must complete where keytar cannot be built (no
// libsecret-1-dev, or no compiler). keytar is an optional dependency, so npm leaves it out and the app keeps its secrets
// in the data folder instead (electron/store/secrets/vault.ts). Simulated here on a copy of package.json and the lockfile:
// PKG_CONFIG_LIBDIR points pkg-config at an empty folder, so `pkg-config --cflags libsecret-1` fails exactly as on a
// machine without libsecret-1-dev. Slow (a whole install), so it has a test file of its own.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const folder = mkdtempSync(path.join(tmpdir(), 'abha-desk-install-'));
// A whole node_modules to delete: on a busy 2-core machine that took longer than the default hook timeout.
afterAll(() => rmSync(folder, { recursive: true, force: true }), 180_000);

/**
 * The environment of a fresh shell: none of the npm_* variables of an `npm test` around this test (its prefix, its
 * allow-scripts list, its lifecycle), except the cache the README's `npm ci` just filled.
 */
function freshEnvironment(emptyPkgConfig: string): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name) && name !== 'INIT_CWD'));
  if (process.env.npm_config_cache) env.npm_config_cache = process.env.npm_config_cache;
  return {
    ...env,
    PKG_CONFIG_LIBDIR: emptyPkgConfig,
    PKG_CONFIG_PATH: '',
    // keytar's install script first tries to download a prebuilt binary from GitHub; where that works it would hide
    // the build. Building from source is the path that needs libsecret-1-dev, so that is the one taken here.
    npm_config_build_from_source: 'true',
    ELECTRON_SKIP_BINARY_DOWNLOAD: '1',
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
  };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv) {
  return spawnSync(command, args, { cwd: folder, env, encoding: 'utf8', timeout: 600_000, maxBuffer: 64 * 1024 * 1024 });
}

it('npm ci completes without libsecret: keytar is left out, the encrypted database library loads', { timeout: 900_000 }, () => {
  for (const file of ['package.json', 'package-lock.json', '.npmrc']) {
    if (existsSync(path.join(repo, file))) copyFileSync(path.join(repo, file), path.join(folder, file));
  }
  const emptyPkgConfig = path.join(folder, 'empty-pkgconfig');
  mkdirSync(emptyPkgConfig);
  const env = freshEnvironment(emptyPkgConfig);
  // The simulation holds: pkg-config finds no libsecret here.
  expect(run('pkg-config', ['--exists', 'libsecret-1'], env).status).not.toBe(0);

  const install = run('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], env);
  const output = `${install.stdout}\n${install.stderr}`;
  expect(install.status, output.slice(-4000)).toBe(0);

  // The project's own Node (a dev dependency), as `npm start` and `npm test` use it.
  const node = path.join(folder, 'node_modules', '.bin', 'node');
  const keytar = run(node, ['-e', "require('keytar')"], env);
  expect(keytar.status, 'keytar should be absent or fail to load').not.toBe(0);
  expect(keytar.stderr).toMatch(/Cannot find module 'keytar'|keytar\.node/);

  // An encrypted file, as the app's database is: keyed, written, read back.
  const script = [
    "const Database = require('better-sqlite3-multiple-ciphers');",
    "const db = new Database('encrypted.db');",
    'db.pragma("key=\'install-test\'");',
    "db.exec('CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (42)');",
    "console.log(db.prepare('SELECT n FROM t').get().n);",
  ].join(' ');
  const sqlite = run(node, ['-e', script], env);
  expect(sqlite.stderr).toBe('');
  expect(sqlite.stdout.trim()).toBe('42');
});
