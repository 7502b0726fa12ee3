// Front-desk performance: renderer size, time to an interactive enrol form, the app's overhead on a full
// enrolment compared with the same ABDM calls made directly (on each ABDM API generation, v1 and v3), and the IPC
// round trip over the web transport.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import WebSocket from 'ws';
import { startAppCore } from '../electron/app-core';
import type { ChannelName, InputOf, OutputOf } from '../electron/ipc/contract';
import type { AbdmApi } from '../electron/store/settings/settings-schema';
import { endpointsOf } from '../electron/training/simulator';
import { verhoeffCheckDigit } from '../electron/shared/aadhaar';
import { openConfSettings } from '../electron/store/settings/settings';
import { memorySecretDriver } from '../electron/store/secrets/vault';
import { IPC_PATH, SUBPROTOCOL, TOKEN_PROTOCOL_PREFIX } from '../web-mode/protocol';
import { DEFAULT_RENDERER_FOLDER, startWebServer } from '../web-mode/server';
import { startSandbox } from '../sandbox/index';
import { directEnrolmentV1, directEnrolmentV3, v1GatewayToken, v3Direct } from './enrolment-direct';
import { line, median, percentile } from './report';

const OTP = '123456';
/** Pairs of enrolments (one through the app, one direct) per API generation, after one warm-up each. */
const ENROLMENTS = 80;
const IPC_CALLS = 2000;

let serial = 0;
/**
 * A fresh Verhoeff-valid Aadhaar number (a synthetic resident of the sandbox on either API, docs/sandbox.md §2) and a
 * fresh mobile for every enrolment, so no sandbox limit is hit: 10 OTP transactions per Aadhaar or mobile in 30 min,
 * 6 ABHAs per mobile on v3 (docs/sandbox-abha-v3.md §7). The mobile is not the resident's Aadhaar-linked one
 * (that comes from a hash, sandbox/residents/synthetic-resident.ts), so its OTP is asked; both sides check it was.
 */
function nextResident(): { aadhaar: string; mobile: string } {
  serial += 1;
  const body = `7${String(serial).padStart(10, '0')}`;
  return { aadhaar: body + verhoeffCheckDigit(body), mobile: `9${String(serial).padStart(9, '0')}` };
}

/**
 * Gzip KB of the renderer's JS: what the page loads before the first screen (the scripts and module preloads
 * index.html names, and the chunks those import statically), and every chunk. Every screen but Today, the Hindi words
 * and the PDF reader load on first use, so only the first number has the 45 KB budget.
 */
function rendererJsGzipKb(): { firstLoad: number; all: number } {
  const assets = path.join(DEFAULT_RENDERER_FOLDER, 'assets');
  const gzipKb = (file: string) => gzipSync(readFileSync(path.join(assets, file))).length / 1024;
  const html = readFileSync(path.join(DEFAULT_RENDERER_FOLDER, 'index.html'), 'utf8');
  const eager = new Set([...html.matchAll(/(?:src|href)="\.\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!));
  // Static imports between chunks (`from"./x.js"` / `import"./x.js"`); dynamic import("./x.js") is not followed.
  for (const file of eager) {
    for (const m of readFileSync(path.join(assets, file), 'utf8').matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) eager.add(m[1]!);
  }
  const all = readdirSync(assets).filter((f) => f.endsWith('.js') || f.endsWith('.mjs'));
  return { firstLoad: [...eager].reduce((sum, f) => sum + gzipKb(f), 0), all: all.reduce((sum, f) => sum + gzipKb(f), 0) };
}

/**
 * Full enrolments on one ABDM API generation, through `AppCore.dispatch` (validation, flows, the audit write to the
 * encrypted database, error mapping, the ABDM client) and as the same ABDM calls made by hand
 * (bench/enrolment-direct.ts), against one in-process sandbox. Both sides take the same path: a mobile other than
 * the Aadhaar-linked one, so its OTP is asked on either API; on v3 the first suggested address is chosen (the app
 * then sets it with enrol/abha-address), on v1 none is typed (v1 has no suggestions; ABDM makes one).
 */
async function enrolmentTimes(api: AbdmApi): Promise<{ app: number[]; direct: number[] }> {
  const sandbox = await startSandbox({ port: 0 });
  const dataFolder = mkdtempSync(path.join(os.tmpdir(), 'abha-desk-bench-'));
  const settings = openConfSettings(dataFolder);
  settings.update({ abdmApi: api });
  const core = await startAppCore({
    dataFolder,
    settings,
    secretDriver: memorySecretDriver(),
    transport: 'web',
    training: async () => endpointsOf(sandbox),
    bridgePort: 0,
  });
  const call = async <C extends ChannelName>(channel: C, input: InputOf<C>): Promise<OutputOf<C>> => {
    const result = await core.dispatch(channel, input);
    if (!result.ok) throw new Error(`${channel}: ${JSON.stringify(result.error)}`);
    return result.value as OutputOf<C>;
  };
  // The order of the Enrol screen (test/integration/front-desk.test.ts drives the same steps).
  const appEnrolment = async () => {
    const { aadhaar, mobile } = nextResident();
    const { flowId } = await call('enrol.start', { aadhaar, patientConsented: true });
    const afterAadhaar = await call('enrol.verifyAadhaarOtp', { flowId, otp: OTP, mobile });
    if (afterAadhaar.next !== 'mobile-otp') throw new Error(`${api} app: expected the mobile OTP step, got ${afterAadhaar.next}`);
    const afterMobile = await call('enrol.verifyMobileOtp', { flowId, otp: OTP });
    if (afterMobile.next !== 'address') throw new Error(`${api} app: expected the address step, got ${afterMobile.next}`);
    const chosen = api === 'v3' ? afterMobile.suggestions[0] : undefined;
    if (api === 'v3' && !chosen) throw new Error('v3 app: no address suggested');
    const created = await call('enrol.create', { flowId, ...(chosen ? { abhaAddress: chosen } : {}) });
    if (!created.isNew) throw new Error(`${api} app: the ABHA was not new`);
  };
  // Outside the timing, as the app's session and key are cached after its first enrolment (the warm-up).
  const cmId = settings.get().cmId;
  const directEnrolment =
    api === 'v3'
      ? await v3Direct(sandbox, cmId).then((v3) => () => directEnrolmentV3(sandbox, v3, nextResident(), OTP))
      : await v1GatewayToken(sandbox).then((token) => () => directEnrolmentV1(sandbox, token, nextResident(), OTP));
  const app: number[] = [];
  const direct: number[] = [];
  await appEnrolment();
  await directEnrolment();
  // In pairs, each pair's two enrolments back to back and the side that goes first alternating, so drift in the
  // machine's load (and whatever the one before left behind: garbage to collect, a timer) hits both sides alike.
  const timed = async (enrolment: () => Promise<unknown>, into: number[]) => {
    const start = performance.now();
    await enrolment();
    into.push(performance.now() - start);
  };
  for (let i = 0; i < ENROLMENTS; i += 1) {
    if (i % 2 === 0) {
      await timed(appEnrolment, app);
      await timed(directEnrolment, direct);
    } else {
      await timed(directEnrolment, direct);
      await timed(appEnrolment, app);
    }
  }
  await core.close();
  await sandbox.close();
  rmSync(dataFolder, { recursive: true, force: true });
  return { app, direct };
}

/**
 * The app's overhead as one number that a loaded machine moves little: the median of the pairs' ratios (app ÷ direct
 * of enrolments made back to back), with the middle half of those ratios as the spread. A ratio of the two medians
 * mixes enrolments made minutes apart, under different load.
 */
function pairedOverhead(app: number[], direct: number[]): { ratio: number; low: number; high: number } {
  const ratios = app.map((each, i) => each / direct[i]!);
  return { ratio: median(ratios), low: percentile(ratios, 25), high: percentile(ratios, 75) };
}

async function ipcRoundTrip(url: string, origin: string, token: string): Promise<number[]> {
  const socket = new WebSocket(`${origin.replace('http', 'ws')}${IPC_PATH}`, [SUBPROTOCOL, TOKEN_PROTOCOL_PREFIX + token], { origin });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const samples: number[] = [];
  for (let id = 1; id <= IPC_CALLS; id += 1) {
    const start = performance.now();
    const reply = new Promise((resolve) => socket.once('message', resolve));
    socket.send(JSON.stringify({ id, channel: 'app.info' }));
    await reply;
    samples.push(performance.now() - start);
  }
  socket.close();
  void url;
  return samples.slice(100);
}

/**
 * Navigation start → the Enrol form's Aadhaar field present and enabled, measured by the page itself.
 * The app opens on Today, so the page clicks Enrol the moment the navigation exists: the operator's own
 * reaction time and Playwright's round trips (about 150 ms per click here) are not the app's.
 * The page says it is done on its console, and the page is opened without waiting for its load event: waiting with
 * `waitForFunction` injected Playwright's own script into the page at its load event, while the app was still
 * drawing, and its compiling and running (83 ms in one Chromium trace under load) fell inside the measured time. The
 * marks are read after.
 * Each run is a new page in a new browser context, so nothing is cached: every run is a first start.
 */
async function timeToInteractiveEnrol(url: string): Promise<number> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'],
  });
  const samples: number[] = [];
  for (let i = 0; i < 9; i += 1) {
    const page = await browser.newPage();
    await page.addInitScript(() => {
      const marks: { clicked?: boolean; interactive?: number } = {};
      (window as unknown as { benchMarks: typeof marks }).benchMarks = marks;
      new MutationObserver(() => {
        const enrol = document.querySelector<HTMLButtonElement>('nav button[data-screen="enrol"]');
        if (enrol && !marks.clicked) {
          marks.clicked = true;
          enrol.click();
        }
        const field = document.querySelector<HTMLInputElement>('input#aadhaar');
        if (field && !field.disabled && marks.interactive === undefined) {
          marks.interactive = performance.now();
          console.log('bench: enrol form interactive');
        }
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
    const interactive = page.waitForEvent('console', (message) => message.text() === 'bench: enrol form interactive');
    await page.goto(url, { waitUntil: 'commit' });
    await interactive;
    samples.push(await page.evaluate(() => (window as unknown as { benchMarks: { interactive: number } }).benchMarks.interactive));
    await page.close();
  }
  await browser.close();
  return median(samples);
}

const dataFolder = mkdtempSync(path.join(os.tmpdir(), 'abha-desk-bench-web-'));
const web = await startWebServer({ dataFolder, secretDriver: memorySecretDriver() });
const rendererJs = rendererJsGzipKb();
console.log(line('renderer JS on first load (gzip)', rendererJs.firstLoad, 'KB', 45));
console.log(line('renderer JS, every chunk, lazy ones too (gzip)', rendererJs.all, 'KB'));
console.log(line('page load → interactive enrol form (median of 9)', await timeToInteractiveEnrol(web.url), 'ms', 200));
const ipc = await ipcRoundTrip(web.url, web.origin, web.token);
console.log(line(`IPC round trip over WebSocket p50 (${ipc.length} calls)`, percentile(ipc, 50), 'ms', 2));
console.log(line('IPC round trip over WebSocket p99', percentile(ipc, 99), 'ms'));
await web.close();
rmSync(dataFolder, { recursive: true, force: true });
for (const api of ['v1', 'v3'] as const) {
  const { app, direct } = await enrolmentTimes(api);
  const overhead = pairedOverhead(app, direct);
  console.log(line(`${api}: enrolment through the app (median of ${ENROLMENTS})`, median(app), 'ms'));
  console.log(line(`${api}: the same ABDM calls made directly`, median(direct), 'ms'));
  console.log(line(`${api}: app ÷ direct, pairs' middle half`, overhead.low, `to ${overhead.high.toFixed(3)} ×`));
  console.log(line(`${api}: app overhead ratio (median of pairs)`, overhead.ratio, '×', 1.05));
}
