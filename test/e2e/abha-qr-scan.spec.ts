// The patient's ABHA QR typed by a 2D scanner (abdm-frontdesk.md §2): a key every 5 ms, then Enter, as Playwright's
// keyboard types it. Both shapes, written here by hand for the training patient Asha Devi Verma (docs/operator-guide.md):
// on Verify the scan fills in her ABHA and shows her, and the usual OTP opens her; the Aadhaar box refuses a scan;
// Records' find box and the register search on Today take one. No part of a scan reaches main, the log or the disk.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ConsoleMessage, Page, WebSocket } from '@playwright/test';
import { TRAINING_IDENTITIES } from '../../sandbox/index';
import { enterOtp, openEnrol, openVerify } from './front-desk-steps';
import { openRecords } from './records-steps';
import { expect, openScreen, test } from './web-mode';

const asha = TRAINING_IDENTITIES.existingAbha.existingAbha!;

// An address no training record holds: wherever it turns up, it came from the scan.
const MARK = 'House 7, Scanner Lane';

// The ABHA app's QR: `phr`, the date with dashes (month without its zero), no mobile.
const APP_QR = `{"hidn":"${asha.healthIdNumber}","phr":"${asha.healthId}","name":"Asha Devi Verma","gender":"F","statelgd":"9","distlgd":"162","dob":"14-7-1988","address":"${MARK}"}`;

// The ABHA card's QR: `hid`, slashes, "state name" and "dist name" with spaces, the mobile.
const CARD_QR = `{"hidn":"${asha.healthIdNumber}","hid":"${asha.healthId}","name":"Asha Devi Verma","gender":"F","statelgd":"9","distlgd":"-","dob":"14/07/1988","state name":"UTTAR PRADESH","dist name":"LUCKNOW","mobile":"9876500004","address":"${MARK}"}`;

// An older card without an address: the ABHA number is what there is to verify by; day and month left out.
const NUMBER_ONLY_QR = `{"hidn":"${asha.healthIdNumber}","hid":"-","name":"Asha Devi Verma","gender":"F","statelgd":"-","distlgd":"-","dob":"--1988","state name":"-","district_name":"-","mobile":"-","address":"${MARK}"}`;

/** What would show that a scan got out of the page: its marker address, its keys, its name beside its JSON. */
const SCAN_FRAGMENTS = [MARK, '"hidn"', '"phr"', '"hid"', 'state name', 'dist name', '"dob"'];

/** Types as a 2D scanner does: every key 5 ms apart, then Enter. */
async function scan(page: Page, qr: string): Promise<void> {
  await page.keyboard.type(qr, { delay: 5 });
  await page.keyboard.press('Enter');
}

/**
 * Everything that leaves the page while `run` goes on: what the page sends main over web mode's socket, what main and
 * the page print (the web-mode server runs in this process: its console is this process's output).
 */
async function watchLeaks(page: Page, run: () => Promise<void>): Promise<string> {
  const seen: string[] = [];
  const onSocket = (socket: WebSocket) => socket.on('framesent', ({ payload }) => seen.push(String(payload)));
  const onConsole = (message: ConsoleMessage) => seen.push(message.text());
  page.on('websocket', onSocket);
  page.on('console', onConsole);
  const writes = [process.stdout, process.stderr].map((stream) => {
    const write = stream.write.bind(stream);
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      seen.push(String(chunk));
      return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof stream.write;
    return () => (stream.write = write);
  });
  try {
    // web mode's socket opens with the page: a reload lets the watch see it from its start.
    await page.reload();
    await expect(page.getByTestId('app-version')).toBeVisible();
    await run();
  } finally {
    writes.forEach((restore) => restore());
    // The page is kept for the next test (reuseContext).
    page.off('websocket', onSocket);
    page.off('console', onConsole);
  }
  return seen.join('\n');
}

/** Every file's text under a folder: the app's data folder must never hold a scan. */
function filesText(folder: string): string {
  return readdirSync(folder)
    .map((name) => path.join(folder, name))
    .map((entry) => {
      try {
        return statSync(entry).isDirectory() ? filesText(entry) : readFileSync(entry).toString('latin1');
      } catch (error) {
        // A database's journal may come and go while the folder is read.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
        throw error;
      }
    })
    .join('\n');
}

// A scan is some 300 keys typed 5 ms apart, and each test verifies with an OTP: more than the default 30 s on a busy
// two-core machine.
test.describe.configure({ timeout: 90_000 });

for (const [shape, qr] of [
  ['the ABHA app’s QR', APP_QR],
  ['the ABHA card’s QR', CARD_QR],
] as const) {
  test(`${shape} scanned into Verify fills in the ABHA and shows the patient; the OTP opens her; nothing of the scan leaves the page`, async ({ app, dataFolder }) => {
    const leaks = await watchLeaks(app, async () => {
      await openVerify(app);
      const abha = app.getByLabel('ABHA number, ABHA address or mobile');
      await expect(abha).toBeFocused();
      await scan(app, qr);

      // Prefilled with the address, not sent: the clerk sends the OTP.
      await expect(abha).toHaveValue('asha.verma@sbx');
      const person = app.getByRole('region', { name: 'From the patient’s QR, not verified yet' });
      await expect(person.getByTestId('scanned-name')).toHaveText('Asha Devi Verma');
      await expect(person.getByTestId('scanned-gender')).toHaveText('Female');
      await expect(person.getByTestId('scanned-birth')).toHaveText('14-07-1988');
      await expect(person.getByTestId('scanned-abha-number')).toHaveText('91-4820-1736-5529');
      await expect(app.getByLabel('OTP (6 digits)')).toHaveCount(0);

      await app.getByRole('button', { name: 'Send OTP' }).click();
      await expect(app.getByRole('status').filter({ hasText: 'asha.verma@sbx' })).toBeVisible();
      await enterOtp(app);
      await expect(app.getByTestId('patient-name')).toHaveText('Asha Devi Verma');
      await expect(app.getByTestId('patient-abha-number')).toHaveText('91-4820-1736-5529');
    });
    expect(leaks).toContain('verify.start');
    for (const fragment of SCAN_FRAGMENTS) expect(leaks, `"${fragment}" left the page`).not.toContain(fragment);
    expect(filesText(dataFolder)).not.toContain(MARK);
  });
}

test('a card QR without an address fills in the ABHA number, with the year of birth, and the OTP opens her', async ({ app }) => {
  await openVerify(app);
  await scan(app, NUMBER_ONLY_QR);
  await expect(app.getByLabel('ABHA number, ABHA address or mobile')).toHaveValue('91-4820-1736-5529');
  const person = app.getByRole('region', { name: 'From the patient’s QR, not verified yet' });
  await expect(person).toContainText('Year of birth');
  await expect(person.getByTestId('scanned-birth')).toHaveText('1988');
  await app.getByRole('button', { name: 'Send OTP' }).click();
  await enterOtp(app);
  await expect(app.getByTestId('patient-abha-address')).toHaveText('asha.verma@sbx');
});

test('a scan cut short is not sent: the box is emptied and says to scan again; typing another ABHA hides the scanned person', async ({ app }) => {
  await openVerify(app);
  const abha = app.getByLabel('ABHA number, ABHA address or mobile');
  await scan(app, APP_QR.slice(0, 70));
  await expect(abha).toHaveValue('');
  await expect(abha).toHaveAccessibleDescription('The scan could not be read (it may have been cut short). Scan the patient’s ABHA QR again.');
  await expect(app.getByLabel('OTP (6 digits)')).toHaveCount(0);

  await scan(app, APP_QR);
  await expect(abha).toHaveValue('asha.verma@sbx');
  const person = app.getByRole('region', { name: 'From the patient’s QR, not verified yet' });
  await expect(person).toBeVisible();
  await abha.fill('rohan.joshi');
  await expect(person).toHaveCount(0);
});

test('the Aadhaar box refuses a scan, in English and Hindi, takes none of its digits and sends nothing', async ({ app }) => {
  const aadhaar = app.getByLabel('Aadhaar number');
  const leaks = await watchLeaks(app, async () => {
    await openEnrol(app);
    await expect(aadhaar).toBeFocused();
    await scan(app, CARD_QR);
    await expect(aadhaar).toHaveValue('');
    await expect(aadhaar).toHaveAccessibleDescription(/^This looks like an ABHA QR scan, not an Aadhaar number: scan it on Verify ABHA \(Alt\+3\)/);
    // Still on the first step: the scanner's Enter sent nothing.
    await expect(app.getByLabel('OTP (6 digits)')).toHaveCount(0);
  });
  expect(leaks).not.toContain('enrol.start');
  for (const fragment of SCAN_FRAGMENTS) expect(leaks).not.toContain(fragment);

  await app.getByRole('button', { name: 'Language: हिन्दी' }).click();
  await expect(app.getByLabel('आधार नंबर')).toHaveAccessibleDescription(/^यह आधार नंबर नहीं, ABHA QR का स्कैन लगता है/);

  // The box takes a number typed after the scan, and the refusal goes.
  await app.getByLabel('आधार नंबर').pressSequentially('234567890124');
  await expect(app.getByLabel('आधार नंबर')).toHaveValue('XXXX XXXX 0124');
  await expect(app.getByLabel('आधार नंबर')).not.toHaveAccessibleDescription(/ABHA QR/);
});

test('Records’ find box takes a scan: the ABHA address is filled in to find', async ({ app }) => {
  await openRecords(app);
  const find = app.getByLabel('Patient’s ABHA address');
  await find.focus();
  await scan(app, CARD_QR);
  await expect(find).toHaveValue('asha.verma@sbx');
  await expect(find).toHaveAccessibleDescription('Filled in from the patient’s QR. Press Find the patient.');
});

test('the register search on Today finds the patient by a scan of her QR', async ({ app }) => {
  // Verify registers the patient.
  await openVerify(app);
  await app.getByLabel('ABHA number, ABHA address or mobile').fill('asha.verma@sbx');
  await app.getByRole('button', { name: 'Send OTP' }).click();
  await enterOtp(app);
  await expect(app.getByTestId('patient-name')).toHaveText('Asha Devi Verma');
  // The Patient screen names her number in the clinic's register, for the OPD slip.
  await expect(app.getByTestId('patient-registered-as')).toHaveText(/^Patient number OPD-\d{6} at this clinic, since \d{2}-\d{2}-\d{4}$/);

  const search = app.getByLabel('Find a registered patient');
  const leaks = await watchLeaks(app, async () => {
    await openScreen(app, 1);
    await search.focus();
    await scan(app, APP_QR);
  });
  await expect(search).toHaveValue('');
  const results = app.getByTestId('register-results');
  await expect(results.getByRole('row', { name: /Asha Devi Verma/ })).toContainText('91-4820-1736-5529');
  await expect(app.getByTestId('register-search-status')).toHaveText('Searched by the scanned ABHA: asha.verma@sbx.');
  for (const fragment of SCAN_FRAGMENTS) expect(leaks).not.toContain(fragment);

  // Typed, it searches by name.
  await search.fill('Asha');
  await expect(results.getByRole('row', { name: /Asha Devi Verma/ })).toBeVisible();
});

test('the register search says why a scan was not read', async ({ app }) => {
  const search = app.getByLabel('Find a registered patient');
  await search.focus();
  await scan(app, '{"hipId":"IN2810014366","code":"6"}');
  await expect(search).toHaveValue('');
  await expect(search).toHaveAccessibleDescription('This QR is not a patient’s ABHA QR. Scan the QR on the patient’s ABHA card or in their ABHA app.');
});
