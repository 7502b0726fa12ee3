// `npm run web` itself (after the build): it prints a URL whose page shows the version from main.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pkg from '../../package.json' with { type: 'json' };
import { exitOf, startWebCommand, URL_LINE } from './web-command-process';
import { expect, test } from './web-mode';

test('prints the URL; the page shows the version; the temporary data folder goes on exit', async ({ page }) => {
  const command = startWebCommand(['--port', '0', '--keychain', 'memory']);
  try {
    const url = await command.line(URL_LINE);
    const dataFolder = await command.line(/^Data folder: (.+) \(temporary, removed on exit\)$/m);
    expect(existsSync(dataFolder)).toBe(true);

    await page.goto(url);
    await expect(page.getByTestId('app-version')).toHaveText(pkg.version);
    // No keychain is used with --keychain memory, and Settings says so instead of claiming one.
    await page.keyboard.press('Alt+Digit6');
    await expect(page.getByRole('region', { name: 'Data protection' })).toContainText('Nothing is kept on this computer in this run');

    command.child.kill('SIGTERM');
    expect((await exitOf(command.child)).code).toBe(0);
    expect(existsSync(dataFolder)).toBe(false);
  } finally {
    command.child.kill('SIGKILL');
  }
});

test('rejects a bad flag with a specific message', async () => {
  const command = startWebCommand(['--keychain', 'vault']);
  expect((await exitOf(command.child)).code).toBe(2);
  expect(command.output()).toContain('--keychain must be "system", "file" or "memory", not "vault".');
});

for (const [args, value] of [
  [['--bridge-port', '70000'], '70000'],
  [['--bridge-port', 'eighty'], 'eighty'],
  [['--bridge-port=-1'], '-1'],
  [['--bridge-port', '80.5'], '80.5'],
  [['--bridge-port='], ''],
] as const) {
  test(`refuses ${args.join(' ')}: the bridge port is a whole number from 0 to 65535`, async () => {
    const command = startWebCommand(['--port', '0', '--keychain', 'memory', ...args]);
    expect((await exitOf(command.child)).code).toBe(2);
    expect(command.output()).toContain(`--bridge-port must be a whole number from 0 to 65535, not "${value}".`);
    expect(command.output()).toContain('Usage: npm run web -- [--port 5174] [--bridge-port <port>]');
  });
}

test('takes --bridge-port 0, and names the bridge address only when the bridge is listening', async () => {
  const command = startWebCommand(['--port', '0', '--keychain', 'memory', '--bridge-port', '0']);
  try {
    await command.line(URL_LINE);
    // Everything the command printed has arrived once its output streams close.
    const closed = new Promise<number | null>((resolve) => command.child.once('close', (code) => resolve(code)));
    command.child.kill('SIGTERM');
    expect(await closed).toBe(0);
    // The line is there only while the app core reports a listening bridge; it never shows port 0.
    const bridgeLines = command.output().match(/^Callback bridge.*$/gm) ?? [];
    expect(bridgeLines.length).toBeLessThanOrEqual(1);
    for (const line of bridgeLines) expect(line).toMatch(/^Callback bridge listening on http:\/\/127\.0\.0\.1:(?!0$)\d+$/);
  } finally {
    command.child.kill('SIGKILL');
  }
});

test('refuses --keychain memory with --data-dir, which would leave a database no later run could open', async () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'abha-web-refused-'));
  try {
    const command = startWebCommand(['--port', '0', '--keychain', 'memory', '--data-dir', folder]);
    expect((await exitOf(command.child)).code).toBe(2);
    expect(command.output()).toContain('--keychain memory keeps the database key only while this run lasts');
    expect(command.output()).toContain('Leave out --data-dir');
    expect(readdirSync(folder)).toEqual([]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test('--keychain file keeps the key in the data folder, says so on the console, and a second run opens the same data', async ({ page }) => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'abha-web-file-'));
  const secretsFile = path.join(folder, 'vault', 'secrets.json');
  try {
    for (const run of ['first', 'second']) {
      const command = startWebCommand(['--port', '0', '--bridge-port', '0', '--keychain', 'file', '--data-dir', folder]);
      try {
        const url = await command.line(URL_LINE);
        expect(command.output()).toContain(`Data folder: ${folder}\n`);
        expect(command.output()).toContain(`the database key and the other secrets are kept in ${secretsFile}, readable only by this user`);
        await page.goto(url);
        await expect(page.getByTestId('app-version')).toHaveText(pkg.version);
        command.child.kill('SIGTERM');
        expect((await exitOf(command.child)).code, `${run} run`).toBe(0);
      } finally {
        command.child.kill('SIGKILL');
      }
      // Kept, not a temporary folder: the database and its key are both still there after the run.
      expect(existsSync(path.join(folder, 'abha-desk.db'))).toBe(true);
      expect(existsSync(secretsFile)).toBe(true);
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
