// Training mode through the clinic's relay, set up as docs/relay.md says: a relay.json with the HIU marked
// "training": true and SQLite storage, `npm run relay -- desks add`, the relay started, and on the desk Settings →
// Callbacks arrive through the clinic's relay, its address and the credential. The desk says it is connected, the
// callback path test passes, and a consent request made in training reaches "Records received" with every callback
// coming through the relay. A relay set up for another HIU, API or for the real ABDM is named as such, in Hindi too.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { endpointsOf } from '../../electron/training/simulator';
import { askFiveYears, expect, nameDoctor, test } from './records-steps';
import { reviewShot } from './review-shot';
import { openScreen, setAdminPin } from './web-mode';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const HIU_ID = 'CLINIC-HIU-01';

interface Relay {
  url: string;
  credential: string;
  /** Everything the relay wrote to stderr (its JSON lines log). */
  log(): string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** `npm run relay -- …` (package.json: tsx relay/cli.ts), in the repository. */
function relayArgs(args: string[]): [string, string[]] {
  return [process.execPath, ['--import', 'tsx', 'relay/cli.ts', ...args]];
}

/** A relay as docs/relay.md sets one up: the config file, a desk added, the relay started. */
async function startRelay(hiu: Record<string, unknown>, folder: string): Promise<Relay> {
  const port = await freePort();
  const config = path.join(folder, 'relay.json');
  writeFileSync(config, JSON.stringify({ publicUrl: `http://127.0.0.1:${port}`, listen: { host: '127.0.0.1', port }, hius: [{ id: HIU_ID, ...hiu }], storage: { sqlite: path.join(folder, 'relay.db') } }));
  const [node, addArgs] = relayArgs(['--config', config, 'desks', 'add', '--hiu', HIU_ID, '--name', 'Front desk 1']);
  const added = execFileSync(node, addArgs, { cwd: repo, encoding: 'utf8' });
  const credential = added.trim().split('\n').at(-1)!;
  const [, runArgs] = relayArgs(['--config', config]);
  const child: ChildProcess = spawn(node, runArgs, { cwd: repo, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const ended = new Promise<void>((resolve) => child.once('close', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the relay did not start: ${out}${err}`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes(`ABHA Desk relay listening on http://127.0.0.1:${port}`)) {
        clearTimeout(timer);
        resolve();
      }
    });
    void ended.then(() => reject(new Error(`the relay exited: ${out}${err}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    credential,
    log: () => err,
    async stop() {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        return;
      }
      await ended;
    },
  };
}

/** Settings → Callbacks: the HIU ID, through the clinic's relay at `url`, and this desk's credential. */
async function connectToRelay(page: Page, relay: Relay): Promise<void> {
  await openScreen(page, 6);
  await page.getByLabel('HIU ID').fill(HIU_ID);
  await page.getByLabel('Callbacks arrive').selectOption('relay');
  await page.getByLabel('Relay address').fill(relay.url);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await setAdminPin(page);
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();
  await page.getByLabel('Relay credential', { exact: true }).fill(relay.credential);
  await page.getByRole('button', { name: 'Save relay credential' }).click();
}

// No system keychain on this desk: its secrets (the relay credential among them) go to the secrets file, as on a
// PC without one, so Settings must not say "system keychain".
test.use({ webOptions: async ({ sandbox }, use) => use({ training: async () => endpointsOf(sandbox), secretDriver: null, secretsFallback: 'file' }) });

/** The ABDM API the desk is on (the project's: headless is v1, headless-v3 v3), as the app itself says. */
async function deskApi(page: Page): Promise<'v1' | 'v3'> {
  const settings = await page.evaluate(() => window.abhaDesk!.settings.get());
  if (!settings.ok) throw new Error(settings.error.code);
  return settings.value.abdmApi;
}

let folder: string;
let relay: Relay | undefined;
test.beforeEach(() => {
  folder = mkdtempSync(path.join(os.tmpdir(), 'relay-training-e2e-'));
});
test.afterEach(async () => {
  await relay?.stop();
  relay = undefined;
  rmSync(folder, { recursive: true, force: true });
});

test('set up as docs/relay.md says: connected, the callback path works, and a consent request in training reaches Records received', { tag: '@both-apis' }, async ({ app }) => {
  test.setTimeout(120_000);
  relay = await startRelay({ api: await deskApi(app), training: true }, folder);
  await nameDoctor(app);
  await connectToRelay(app, relay);

  const status = app.getByTestId('bridge-status');
  await expect(status).toContainText('Connected to the clinic’s relay.', { timeout: 15_000 });
  // Set up alike on both sides: no warning under "Connected".
  await expect(status.locator('.bridge-status-problem')).toHaveCount(0);
  await expect(app.getByTestId('callback-url')).toHaveText(`${relay.url}/hiu/${HIU_ID}`);
  // The credential is in the secrets file on this desk, and Settings says so rather than "system keychain".
  await expect(app.getByTestId('data-protection')).not.toHaveAttribute('data-level', 'keychain');
  await expect(app.getByLabel('Relay credential', { exact: true })).toHaveAccessibleDescription(/It is saved on this computer, protected as Settings → Data protection describes/);
  await expect(app.getByRole('status').filter({ hasText: 'Saved on this computer, protected as Settings → Data protection describes.' })).toBeVisible();

  await app.getByRole('button', { name: 'Test the callback path' }).click();
  const result = app.getByTestId('path-check-result');
  await expect(result).toHaveAttribute('data-outcome', 'ok', { timeout: 30_000 });
  await expect(result).toContainText(`The callback path works: a check sent to ${relay.url}/hiu/${HIU_ID}/path-check came through the relay to this desk`);

  await askFiveYears(app, 'asha.verma', 'Asha Devi Verma');
  // Every answer came in at the relay: its log has the callbacks it stored for this HIU.
  expect(relay.log()).toContain('"event":"callback-stored"');
  expect(relay.log()).toContain(`"hiuId":"${HIU_ID}"`);
  await reviewShot(app, 'relay-records-received');

  await app.getByRole('button', { name: 'Language: हिन्दी' }).click();
  await openScreen(app, 6);
  await expect(app.getByTestId('bridge-status')).toContainText('क्लिनिक के रिले से जुड़ा है।');
  await app.getByRole('button', { name: 'कॉलबैक का रास्ता जाँचें' }).click();
  await expect(result).toHaveAttribute('data-outcome', 'ok', { timeout: 30_000 });
  await expect(result).toContainText('कॉलबैक का रास्ता काम करता है');
});

test('a relay set up for another HIU, the other ABDM API and the real ABDM says so under “Connected”, in English and Hindi', { tag: '@both-apis' }, async ({ app }) => {
  test.setTimeout(60_000);
  const desk = await deskApi(app);
  const other = desk === 'v1' ? 'v3' : 'v1';
  relay = await startRelay({ api: other, gatewayCertsUrl: 'https://dev.abdm.gov.in/api/hiecm/gateway/v3/certs' }, folder);
  // This desk is on the project's API, with another HIU id.
  await openScreen(app, 6);
  await app.getByLabel('HIU ID').fill('OTHER-HIU-07');
  await app.getByLabel('Callbacks arrive').selectOption('relay');
  await app.getByLabel('Relay address').fill(relay.url);
  await app.getByRole('button', { name: 'Save settings' }).click();
  await setAdminPin(app);
  await app.getByLabel('Relay credential', { exact: true }).fill(relay.credential);
  await app.getByRole('button', { name: 'Save relay credential' }).click();

  const status = app.getByTestId('bridge-status');
  await expect(status).toContainText('Connected to the clinic’s relay.', { timeout: 15_000 });
  await expect(status).toContainText(`The relay serves HIU ${HIU_ID}, but this desk’s HIU ID is OTHER-HIU-07.`);
  await expect(status).toContainText(`The relay’s HIU is set up for ABDM API ${other}, but this desk uses ${desk}`);
  await expect(status).toContainText('This desk is in training, but the relay’s HIU is set up for the real ABDM');

  await app.getByRole('button', { name: 'Language: हिन्दी' }).click();
  await expect(status).toContainText(`रिले HIU ${HIU_ID} के लिए है, पर इस डेस्क की HIU आईडी OTHER-HIU-07 है।`);
  await expect(status).toContainText(`रिले का HIU ABDM API ${other} के लिए सेट है, पर यह डेस्क ${desk} इस्तेमाल करता है`);
  await expect(status).toContainText('यह डेस्क प्रशिक्षण में है, पर रिले का HIU असली ABDM के लिए सेट है');
});
