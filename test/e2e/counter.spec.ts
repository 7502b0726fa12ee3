// The registration counter (issue 25) in Chromium, as a clinic sets it up and a clerk works it: Settings names the
// facility and its counters (behind the admin PIN); the Counter screen (Alt+7) explains what is missing until then;
// the counter's QR poster is saved and printed; patients scanning a counter at the simulator appear on the board
// within a second with the token the simulator received; Register takes them into the clinic's register. In English
// and Hindi. Expected tokens and names are written out here from the training residents (docs/sandbox-hip.md §4).
import { execFileSync } from 'node:child_process';
import { downloadFrom, printCalls } from './browser-hand-over';
import { COUNTERS, FACILITY, HIP_ID, openCounter, scan, setUpCounters, tellSimulatorTheBridge, tokenSentFor } from './counter-steps';
import { test } from './controlled-sandbox';
import { reviewShot } from './review-shot';
import { expect, openScreen, unlockConnection } from './web-mode';

test('Settings: the facility and its counters behind the admin PIN, this desk’s counter, the tone and the patient numbers', async ({ app }) => {
  await openCounter(app);
  await expect(app.getByTestId('counter-setup')).toContainText('the HIP ID is not set');
  await reviewShot(app, 'counter-no-hip-id');

  await setUpCounters(app);
  // The defaults a desk starts with: the share tone on, patient numbers OPD-000123.
  await expect(app.getByLabel('A short tone when a patient shares at this desk’s counter')).toBeChecked();
  await expect(app.getByLabel('Patient number prefix')).toHaveValue('OPD-');

  await app.reload();
  await openScreen(app, 6);
  await expect(app.getByLabel('Counter ID', { exact: true })).toHaveCount(2);
  await expect(app.getByLabel('Counter name', { exact: true }).nth(1)).toHaveValue('Lab');
  await expect(app.getByLabel('This desk serves')).toHaveValue('1');
  // Locked again after the reload: the counters, like the HIP ID, need the PIN.
  await expect(app.getByLabel('Counter ID', { exact: true }).first()).toBeDisabled();

  await app.getByLabel('Patient number prefix').fill('OPD 1');
  await app.getByRole('button', { name: 'Save settings' }).click();
  await expect(app.getByText('Patient number prefix may have up to 12 letters, digits, “-” or “/”.').first()).toBeVisible();
  await app.getByLabel('Patient number prefix').fill('MRN/');
  await app.getByRole('button', { name: 'Save settings' }).click();
  await expect(app.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();

  await openCounter(app);
  await expect(app.locator('#counter-shown')).toHaveValue('1');
  await expect(app.getByTestId('counter-empty')).toBeVisible();
  await reviewShot(app, 'counter-empty-board');
});

test('a counter id that cannot travel in the QR is refused, named by its row, in English and Hindi', async ({ app }) => {
  await setUpCounters(app);
  // Still unlocked from setting the counters up: Settings was not left.
  await app.getByLabel('Counter ID', { exact: true }).nth(1).fill('Lab#2');
  await app.getByRole('button', { name: 'Save settings' }).click();
  const refusal = 'Counter ID: 1 to 20 letters, digits, spaces, dots, “-” or “_”, starting with a letter or digit (it travels in the counter’s QR).';
  await expect(app.locator('#counters\\.1\\.id-error')).toHaveText(refusal);
  await app.getByRole('button', { name: 'Language: हिन्दी' }).click();
  await expect(app.locator('#counters\\.1\\.id-error')).toHaveText('काउंटर आईडी: 1 से 20 अक्षर, अंक, खाली जगह, बिंदु, “-” या “_”, और अक्षर या अंक से शुरू (यह काउंटर के QR में जाती है)।');
  await reviewShot(app, 'settings-counter-refused-hi');
});

test('the counter’s QR poster: a PDF and an SVG to save, and a page to print', async ({ app, sandbox }) => {
  await setUpCounters(app);
  await openCounter(app);
  const pdf = await downloadFrom(app, app.getByRole('button', { name: 'Save poster (PDF)' }));
  expect(pdf.name).toMatch(/^Counter-QR-1-OPD-Registration-\d{2}-\d{2}-\d{4}\.pdf$/);
  const text = execFileSync('pdftotext', [pdf.path, '-'], { encoding: 'utf8' });
  expect(text).toContain(FACILITY);
  expect(text).toContain('OPD Registration (counter 1)');
  expect(text).toContain('स्कैन करें');
  const svg = await downloadFrom(app, app.getByRole('button', { name: 'Save poster (SVG)' }));
  expect(svg.name).toMatch(/\.svg$/);
  expect(svg.bytes.toString('utf8')).toContain('TRAINING: this QR points at the ABHA Desk simulator');
  await app.getByRole('button', { name: 'Print poster' }).click();
  await expect.poll(async () => (await printCalls(app)).length).toBe(1);
  // In training the poster's address is the simulator's own (the QR is decoded in test/unit/counter/poster.test.ts).
  expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
});

test('outside training there is no Trainer button, and main refuses the Trainer share', async ({ app }) => {
  await setUpCounters(app);
  await openCounter(app);
  await expect(app.getByRole('button', { name: 'A patient scans this counter' })).toBeVisible();
  await openScreen(app, 6);
  await unlockConnection(app);
  await app.getByLabel('Environment').selectOption('abdm-sandbox');
  await app.getByRole('button', { name: 'Save settings' }).click();
  await expect(app.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();
  await openCounter(app);
  await expect(app.getByRole('button', { name: 'A patient scans this counter' })).toHaveCount(0);
  const answer = await app.evaluate(() => window.abhaDesk!.counter.trainerShare({ counterId: '1' }));
  expect(answer).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
});

test('patients scan counters: tokens 1, the same again, 2; counter 2 on its own; Register new and returning; in English and Hindi', { tag: '@both-apis' }, async ({ app, sandbox, web, abdmApi, clock }) => {
  const generation = abdmApi === 'v3' ? 'v3' : 'v0.5';
  await setUpCounters(app);
  await tellSimulatorTheBridge(sandbox, web.bridgeUrl(), clock.now);
  await openCounter(app);
  const board = app.getByTestId('token-board');
  const rows = board.getByTestId('share-row');

  // Asha scans counter 1: on the board within a second, token 1 on her phone within 30 s.
  const first = await scan(sandbox, '1', 'asha.verma@sbx', generation);
  await expect(rows.filter({ hasText: 'Asha Devi Verma' })).toBeVisible({ timeout: 1_000 });
  expect(await tokenSentFor(sandbox, first)).toBe('1');
  const asha = rows.filter({ hasText: 'Asha Devi Verma' });
  await expect(asha.getByTestId('share-token')).toHaveText('1');
  await expect(asha).toContainText('14-07-1988');
  await expect(asha).toContainText('Female');
  await expect(asha).toContainText('ends 5670');
  await expect(asha).not.toContainText('9812345670');
  await expect(asha).toContainText('91-4820-1736-5529');
  await expect(asha.getByTestId('share-status')).toHaveText('Waiting');

  // The same patient again within 30 minutes: the same token, not a second row's new number.
  const again = await scan(sandbox, '1', 'asha.verma@sbx', generation);
  expect(await tokenSentFor(sandbox, again)).toBe('1');
  // A second patient: token 2.
  const meena = await scan(sandbox, '1', 'meena.joshi@sbx', generation);
  expect(await tokenSentFor(sandbox, meena)).toBe('2');
  await expect(rows.filter({ hasText: 'Meena Kumari Joshi' }).getByTestId('share-token')).toHaveText('2');
  // Counter 2 numbers on its own.
  const lab = await scan(sandbox, '2', 'rohan.joshi@sbx', generation);
  expect(await tokenSentFor(sandbox, lab)).toBe('1');
  await expect(rows.filter({ hasText: 'Rohan Joshi' })).toHaveCount(0);
  await app.locator('#counter-shown').selectOption('2');
  await expect(rows.filter({ hasText: 'Rohan Joshi' }).getByTestId('share-token')).toHaveText('1');
  await reviewShot(app, 'counter-board-lab');
  await app.locator('#counter-shown').selectOption('1');

  // Register from the keyboard: the arrows choose Meena's row (newest first), Enter registers her as new.
  await rows.first().focus();
  await expect(rows.first()).toContainText('Meena Kumari Joshi');
  await app.keyboard.press('Enter');
  await expect(app.getByTestId('counter-outcome')).toContainText(/Meena Kumari Joshi is registered as a new patient: OPD-\d{6}\./);
  await expect(rows.filter({ hasText: 'Meena Kumari Joshi' }).getByTestId('share-patient-number')).toHaveText(/^OPD-\d{6}$/);
  await reviewShot(app, 'counter-board-registered');

  // In Hindi: the board's words, and Asha registered with the Register button.
  await app.getByRole('button', { name: 'Language: हिन्दी' }).click();
  await expect(asha.getByTestId('share-status')).toHaveText('प्रतीक्षा में');
  await expect(asha).toContainText('महिला');
  await asha.getByRole('button', { name: 'Asha Devi Verma को पंजीकृत करें' }).click();
  await expect(app.getByTestId('counter-outcome')).toContainText('Asha Devi Verma');
  await expect(asha.getByTestId('share-patient-number')).toHaveText(/^OPD-\d{6}$/);
  await reviewShot(app, 'counter-board-hi');
  const ashaNumber = await asha.getByTestId('share-patient-number').textContent();

  // A returning patient: Asha again, from a second ABHA address with no ABHA number and her name spelled “Aasha Varma”.
  // No registration holds that ABHA, so the register offers Asha's (same mobile, gender, age, a name that sounds
  // alike), and the clerk confirms her: the visit goes on her number, not a new one.
  const returning = await scan(sandbox, '1', 'asha.verma@sbx', generation, { abhaAddress: 'aasha.varma@sbx', name: 'Aasha Varma' });
  expect(await tokenSentFor(sandbox, returning)).toBe('3');
  const aasha = rows.filter({ hasText: 'Aasha Varma' });
  await aasha.getByRole('button', { name: 'Aasha Varma को पंजीकृत करें' }).click();
  const match = app.getByRole('dialog', { name: 'क्या यह मरीज़ क्लिनिक में पहले से दर्ज है?' });
  await expect(match).toContainText('Asha Devi Verma');
  await expect(match).toContainText(`मरीज़ नंबर ${ashaNumber}`);
  await expect(match).toContainText('मोबाइल');
  await expect(match).toContainText('नाम मिलता-जुलता सुनाई देता है');
  await reviewShot(app, 'counter-returning-hi');
  await match.getByRole('button', { name: `यही मरीज़ है: Asha Devi Verma, ${ashaNumber}` }).click();
  await expect(aasha.getByTestId('share-patient-number')).toHaveText(ashaNumber!);
});
