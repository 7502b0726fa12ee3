// A day at the desk, as a clerk finds it on Today: the patients enrolled this morning by name and time, found again by
// search, opened without a new OTP, closed from the window (by hand and after the idle time); the day's log as a
// CSV download and a printed page; one date format; the TRAINING banner in sight on a small screen.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { TRAINING_IDENTITIES } from '../../sandbox/index';
import { chromiumLaunch } from './chromium-launch';
import { dayOnCard, downloadFrom, printCalls, type InitScript } from './browser-hand-over';
import { enrol, openEnrol, verify } from './front-desk-steps';
import { askFiveYears, nameDoctor, test } from './records-steps';
import { reviewShot } from './review-shot';
import { expect, openScreen } from './web-mode';

const ravi = TRAINING_IDENTITIES.newResident;
const asha = TRAINING_IDENTITIES.existingAbha;
const RAVI = 'Ravi Kumar Sharma';
const ASHA = 'Asha Devi Verma';
const LONG_OPERATOR = 'meena.iyer.frontdesk.shantinursinghome@clinicmail.example';

/** What a printed page held when its print() was called: its heading and its table's cells. */
interface PrintedPage {
  heading: string;
  headers: string[];
  cells: string[];
  /** The whole page, to print it again to a PDF the test can read. */
  html: string;
}

declare global {
  interface Window {
    __printedPages?: PrintedPage[];
  }
}

/**
 * The print frame goes as soon as the dialog closes, so the printed page is read when print() is called. Added after
 * the web-mode fixture's own print watch (browser-hand-over.ts), so it runs in each new frame after it and calls it.
 */
let printedPagesReader: InitScript | undefined;
// The page is kept for the next test (reuseContext): the reader goes with the test that added it.
test.afterEach(async () => {
  await printedPagesReader?.dispose();
  printedPagesReader = undefined;
});

async function readPrintedPages(page: Page): Promise<void> {
  printedPagesReader = await page.addInitScript(() => {
    const print = window.print;
    window.print = function readThenPrint(this: Window) {
      const texts = (selector: string) => [...document.querySelectorAll(selector)].map((cell) => cell.textContent ?? '');
      // outerHTML leaves out the doctype, and without it Chromium lays the page out in quirks mode.
      const html = `<!doctype html>${document.documentElement.outerHTML}`;
      (window.top!.__printedPages ??= []).push({ heading: document.querySelector('h1')?.textContent ?? '', headers: texts('th'), cells: texts('td'), html });
      return print.call(this);
    };
  });
}

/** The whole page, or only what the window shows (a scrolled page, as the clerk sees it). */
async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  await reviewShot(page, `desk-day-${name}`, { fullPage });
}

/** "HH:mm" of a moment, written out here as Today shows times (24-hour, local). */
function clockOf(at: Date): string {
  return [at.getHours(), at.getMinutes()].map((n) => String(n).padStart(2, '0')).join(':');
}

/** "dd-mm-yyyy HH:mm", the one date format, written out here by hand. */
function dateTimeOf(at: Date): string {
  return `${[at.getDate(), at.getMonth() + 1].map((n) => String(n).padStart(2, '0')).join('-')}-${at.getFullYear()} ${clockOf(at)}`;
}

/** Ravi enrolled new, Asha enrolled again (she already had an ABHA): two patients of the day. */
async function enrolTwo(page: Page): Promise<{ before: Date; after: Date }> {
  const before = new Date();
  await enrol(page, ravi.aadhaar, ravi.aadhaarMobile, 'ravi.sharma85');
  await expect(page.getByRole('heading', { level: 2, name: 'ABHA created' })).toBeVisible();
  await page.getByRole('button', { name: 'Enrol another patient' }).click();
  await enrol(page, asha.aadhaar, asha.aadhaarMobile!);
  await expect(page.getByRole('heading', { level: 2, name: /already has an ABHA/ })).toBeVisible();
  return { before, after: new Date() };
}

async function openToday(page: Page): Promise<void> {
  await openScreen(page, 1);
  await expect(page.getByRole('heading', { level: 1, name: /Today|आज/ })).toBeVisible();
}

test('Today names the two patients of the morning with their times; search finds one; her name opens her; Close patient clears the window', async ({ app }) => {
  const { before, after } = await enrolTwo(app);
  await openToday(app);
  const table = app.getByTestId('audit-table');
  const raviRow = table.locator('tr[data-action="enrolment.created"]');
  const ashaRow = table.locator('tr[data-action="enrolment.existing"]');
  await expect(raviRow.getByRole('button', { name: RAVI })).toBeVisible();
  await expect(raviRow).toContainText('ravi.sharma85@sbx');
  await expect(ashaRow.getByRole('button', { name: ASHA })).toBeVisible();
  await expect(ashaRow).toContainText('91-4820-1736-5529');
  await expect(ashaRow).toContainText('Enrolled: existing ABHA');
  // The time of each, as the clock read around the enrolments.
  const times = new Set([clockOf(before), clockOf(after)]);
  expect(times.has((await raviRow.locator('time').textContent()) ?? '')).toBe(true);
  expect(times.has((await ashaRow.locator('time').textContent()) ?? '')).toBe(true);
  // No Aadhaar number anywhere on the screen: only the consent's masked form.
  await expect(app.locator('main')).not.toContainText(/2345\s?6789\s?0124|3456\s?7890\s?1238/);
  await shot(app, 'today-en');

  const search = app.getByLabel('Search the day');
  await search.pressSequentially('verma');
  await expect(table.getByRole('button', { name: ASHA })).toBeVisible();
  await expect(table.getByRole('button', { name: RAVI })).toHaveCount(0);
  await search.fill('');
  await search.pressSequentially('0001');
  await expect(table.getByRole('button', { name: RAVI })).toBeVisible();
  await expect(table.getByRole('button', { name: ASHA })).toHaveCount(0);
  await search.fill('1736-5529');
  await expect(table.getByRole('button', { name: ASHA })).toBeVisible();
  await expect(app.getByTestId('today-shown')).toHaveText(/^1 of \d+ entries$/);
  await shot(app, 'today-search-en');

  // The keyboard opens the patient: the name is a button, Enter opens it.
  await table.getByRole('button', { name: ASHA }).focus();
  await app.keyboard.press('Enter');
  await expect(app.getByRole('heading', { level: 1, name: 'Patient' })).toBeVisible();
  await expect(app.getByTestId('patient-name')).toHaveText(ASHA);
  await expect(app.getByTestId('patient-fetched-at')).toHaveText(/^As fetched from ABDM on \d{2}-\d{2}-\d{4} \d{2}:\d{2}\.\s*$/);
  const fetched = (await app.getByTestId('patient-fetched-at').textContent()) ?? '';
  expect([dateTimeOf(before), dateTimeOf(after)].some((shown) => fetched.includes(shown))).toBe(true);
  await expect(app.getByRole('button', { name: 'Verify the patient again' })).toHaveCount(0);
  await expect(app.getByTestId('patient-dob')).toHaveText('14-07-1988');
  // Enrolment gives her district and state, without the street.
  await expect(app.getByTestId('patient-address')).toHaveText('Lucknow, UTTAR PRADESH');
  await expect(app.getByTestId('patient-bar')).toContainText(`Patient: ${ASHA}`);
  await shot(app, 'patient-from-today-en');

  await app.getByTestId('patient-bar').getByRole('button', { name: 'Close patient' }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  await expect(app.getByTestId('patient-closed-note')).toHaveText('The patient was closed.');
  await expect(app.getByTestId('patient-bar')).toHaveCount(0);
  await openScreen(app, 4);
  await expect(app.getByRole('heading', { level: 2, name: 'No patient open' })).toBeVisible();

  await app.getByRole('button', { name: /हिन्दी/ }).click();
  await expect(app.getByTestId('patient-closed-note')).toHaveText('मरीज़ बंद कर दिया गया।');
  await openToday(app);
  // Her card was viewed on the Patient screen: that row names her too.
  await expect(app.getByTestId('audit-table').locator('tr[data-action="card.viewed"]').getByRole('button', { name: ASHA })).toBeVisible();
  await expect(app.getByLabel('दिन में खोजें')).toBeVisible();
  await shot(app, 'today-hi');
  await app.getByTestId('audit-table').getByRole('button', { name: ASHA }).first().click();
  await expect(app.getByTestId('patient-fetched-at')).toContainText('ABDM से');
  await expect(app.getByTestId('patient-dob')).toHaveText('14-07-1988');
  await shot(app, 'patient-from-today-hi');
});

test('the day’s log downloads as a CSV with the names and no Aadhaar number, and prints as a page of the day', { tag: '@real-window' }, async ({ app }) => {
  await enrolTwo(app);
  await openToday(app);
  const csv = await downloadFrom(app, app.getByRole('button', { name: 'Save the day as CSV' }));
  // Named by the day as the card files are (dd-mm-yyyy), not yyyy-mm-dd.
  const shownDay = dayOnCard(new Date());
  expect(csv.name).toBe(`ABHA-Desk-day-${shownDay}.csv`);
  // UTF-8 with its byte-order mark, so Excel shows Hindi names; the header as the screen words it.
  expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = csv.bytes.subarray(3).toString('utf8');
  expect(text.split('\r\n')[0]).toBe('Time,Operator,Action,Patient,ABHA number,ABHA address,Detail');
  expect(text).toContain(RAVI);
  expect(text).toContain(`${ASHA},91-4820-1736-5529,asha.verma@sbx`);
  // Nothing shaped like an Aadhaar number (12 digits, however spaced); the ABHA numbers are 14.
  expect(text).not.toMatch(/(?<![\d-])\d{4}[ -]?\d{4}[ -]?\d{4}(?![\d-])/);
  expect(readFileSync(csv.path)).toEqual(csv.bytes);
  await expect(app.getByRole('status').filter({ hasText: `Download started: ABHA-Desk-day-${shownDay}.csv` })).toBeVisible();

  await app.getByRole('button', { name: 'Print the day' }).click();
  await expect(app.getByRole('status').filter({ hasText: 'Print dialog opened: choose the printer there and print.' })).toBeVisible();
  await expect.poll(() => printCalls(app)).toHaveLength(1);
  const [call] = await printCalls(app);
  expect(call).toMatchObject({ framed: true });
  expect(call!.title).toMatch(/^ABHA Desk: the day’s log, \d{2}-\d{2}-\d{4}$/);
  expect(call!.pageRule).toContain('size: 210mm 297mm');
});

test('the day’s printed page holds the day’s table with the names, readable on paper, and the day’s totals', { tag: '@real-window' }, async ({ app }) => {
  test.setTimeout(60_000);
  await enrolTwo(app);
  await openToday(app);
  await readPrintedPages(app);
  await app.getByRole('button', { name: 'Print the day' }).click();
  await expect.poll(() => app.evaluate(() => window.__printedPages?.length ?? 0)).toBe(1);
  const [printed] = await app.evaluate(() => window.__printedPages!);
  expect(printed!.heading).toMatch(/^ABHA Desk: the day’s log, \d{2}-\d{2}-\d{4}$/);
  expect(printed!.headers).toEqual(['Time', 'Operator', 'Action', 'Patient', 'ABHA number', 'ABHA address', 'Detail']);
  expect(printed!.cells.filter((cell) => cell === RAVI)).toHaveLength(1);
  expect(printed!.cells.filter((cell) => cell === ASHA)).toHaveLength(1);
  expect(printed!.cells.join(' ')).not.toMatch(/(?<![\d-])\d{4}[ -]?\d{4}[ -]?\d{4}(?![\d-])/);

  // The page as paper shows it: Chromium prints it to a PDF (its own @page size and margins), poppler reads the text
  // back with its layout. Each heading reads whole (not "Ti m e"), an ABHA number sits on one line, the totals are there.
  const text = await printedText(printed!.html);
  for (const heading of ['Time', 'Operator', 'Action', 'Patient', 'ABHA number', 'ABHA address', 'Detail']) expect(text).toContain(heading);
  expect(text).toMatch(/91-4820-1736-5529/);
  expect(text).toMatch(/Totals of the day/);
  expect(text).toMatch(/New ABHAs\s+1\b/);
  expect(text).toMatch(/Already had an ABHA\s+1\b/);
});

/**
 * The printed page as a PDF from Chromium, read back by poppler's pdftotext -layout (the text as it sits on paper).
 * Chromium makes PDFs only headless, so every run prints it in the headless shell of the same Chromium build.
 */
async function printedText(html: string): Promise<string> {
  const browser = await chromium.launch({ ...chromiumLaunch(true), headless: true });
  const paper = await browser.newPage();
  await paper.setContent(html);
  const pdf = await paper.pdf({ preferCSSPageSize: true, printBackground: true });
  await browser.close();
  const folder = mkdtempSync(path.join(os.tmpdir(), 'abha-day-page-'));
  try {
    writeFileSync(path.join(folder, 'day.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', path.join(folder, 'day.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

test('a day of cards and records reads in words: names on consent and record rows, one “Card viewed”, card and record prints counted apart, every column in a 1280 px window', { tag: '@real-window' }, async ({ app }) => {
  test.setTimeout(120_000);
  // A long operator name with no space to break at (an e-mail address, say): it wraps in its column.
  await openScreen(app, 6);
  await app.getByLabel('Operator name').fill(LONG_OPERATOR);
  await app.getByRole('button', { name: 'Save settings' }).click();
  await expect(app.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();
  await verify(app, 'asha.verma@sbx');
  await expect(app.getByRole('img', { name: `ABHA card of ${ASHA}` })).toBeVisible();
  await app.getByRole('button', { name: 'Print preview: CR80 card' }).click();
  await app.getByRole('button', { name: 'Print on CR80 card' }).click();
  await expect(app.getByRole('status').filter({ hasText: 'Print dialog opened' })).toBeVisible();
  await nameDoctor(app);
  await askFiveYears(app, 'asha.verma', ASHA);
  await app.getByRole('button', { name: /^Records \(\d+\)$/ }).click();
  await app.getByTestId('records-visits').getByRole('button', { name: 'Lab reports and scans' }).first().click();
  const view = app.getByTestId('record-view');
  await view.getByRole('button', { name: 'Print (A4)' }).click();
  await expect(view.getByTestId('record-action-done')).toContainText('Print dialog opened');

  await openToday(app);
  // She is opened twice more from Today: her card shows each time, the log keeps the first view only.
  for (let i = 0; i < 2; i++) {
    await app.getByTestId('audit-table').getByRole('button', { name: ASHA }).first().click();
    await expect(app.getByRole('img', { name: `ABHA card of ${ASHA}` })).toBeVisible();
    await openToday(app);
  }
  const table = app.getByTestId('audit-table');
  // The window is 1280 x 800 (playwright.config.ts): nothing wider than it, and the last column in sight.
  expect(app.viewportSize()).toEqual({ width: 1280, height: 800 });
  await expect(table.locator('tr[data-action="record.print-dialog-opened"]')).toHaveCount(1);
  expect(await app.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  await expect(table.getByRole('columnheader', { name: 'Operator' })).toBeInViewport({ ratio: 1 });
  // Brought into view down the page, it shows (all but a sub-pixel sliver at an edge), so none of it sits off the
  // window's right edge.
  const operatorCell = table.locator('tr[data-action="consent.requested"]').getByText(LONG_OPERATOR);
  await operatorCell.scrollIntoViewIfNeeded();
  await expect(operatorCell).toBeInViewport({ ratio: 0.95 });
  await shot(app, 'today-words-en', false);

  await expect(table.locator('tr[data-action="card.viewed"]')).toHaveCount(1);
  // One card print dialog and one record print dialog: each in its own count.
  await expect(app.getByTestId('count-print-dialogs')).toHaveText('1');
  await expect(app.getByTestId('count-record-print-dialogs')).toHaveText('1');
  await expect(app.getByTestId('day-counts')).toContainText('Card print dialogs opened');
  await expect(app.getByTestId('day-counts')).toContainText('Health record print dialogs opened');

  const asked = table.locator('tr[data-action="consent.requested"]');
  await expect(asked.getByRole('button', { name: ASHA })).toBeVisible();
  await expect(asked.locator('td').nth(4)).toHaveText('Consent asked: all kinds of records (to treat the patient), for asha.verma@sbx');
  const printed = table.locator('tr[data-action="record.print-dialog-opened"]');
  await expect(printed.getByRole('button', { name: ASHA })).toBeVisible();
  await expect(printed.locator('td').nth(4)).toHaveText('Record: lab report');
  // No raw detail anywhere: no JSON, no upper-cased codes.
  const details = await table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.querySelectorAll('td')[4]?.textContent ?? ''));
  for (const detail of details) expect(detail).not.toMatch(/[{}"]|CAREMGT|OPCONSULTATION|@SBX/);


  await app.getByRole('button', { name: /हिन्दी/ }).click();
  await expect(asked.locator('td').nth(4)).toHaveText('सहमति माँगी: सभी प्रकार के रिकॉर्ड (मरीज़ के इलाज के लिए), asha.verma@sbx के लिए');
  await expect(printed.locator('td').nth(4)).toHaveText('रिकॉर्ड: लैब रिपोर्ट');
  await expect(app.getByTestId('day-counts')).toContainText('कार्ड के लिए खोले गए प्रिंट डायलॉग');
  await expect(app.getByTestId('day-counts')).toContainText('स्वास्थ्य रिकॉर्ड के लिए खोले गए प्रिंट डायलॉग');
  expect(await app.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  await expect(table.getByRole('columnheader', { name: 'ऑपरेटर' })).toBeInViewport({ ratio: 1 });
  await shot(app, 'today-words-hi', false);
});

test('after 5 minutes without a key or the mouse, the patient is closed by itself and Today says so', { tag: '@real-window' }, async ({ app }) => {
  await app.clock.install();
  await verify(app, 'asha.verma@sbx');
  await expect(app.getByTestId('patient-bar')).toContainText(`Patient: ${ASHA}`);
  // Her profile's address ends with her town, Lucknow, which is also her district: written once.
  await expect(app.getByTestId('patient-address')).toHaveText('12, Gandhi Road, Lucknow, UTTAR PRADESH');
  // Someone at the desk: a key at 4 minutes starts the 5 minutes again.
  await app.clock.fastForward('04:00');
  await app.keyboard.press('Shift');
  await app.clock.fastForward('04:00');
  await expect(app.getByTestId('patient-name')).toHaveText(ASHA);
  await app.clock.fastForward('01:01');
  await expect(app.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  await expect(app.getByTestId('patient-closed-note')).toHaveText('The patient was closed after 5 minutes without activity.');
  await expect(app.getByTestId('patient-bar')).toHaveCount(0);
  await shot(app, 'idle-closed-en');
  await app.getByRole('button', { name: /हिन्दी/ }).click();
  await expect(app.getByTestId('patient-closed-note')).toHaveText('5 मिनट तक कोई गतिविधि न होने पर मरीज़ बंद कर दिया गया।');
  await shot(app, 'idle-closed-hi');
  await app.getByRole('button', { name: /English/ }).click();
  await openScreen(app, 4);
  await expect(app.getByRole('heading', { level: 2, name: 'No patient open' })).toBeVisible();
});

test('an enrolment left half-way is closed too, and the Aadhaar number typed is gone from the form', async ({ app }) => {
  await app.clock.install();
  await openEnrol(app);
  await app.getByLabel('Aadhaar number').pressSequentially(ravi.aadhaar);
  await expect(app.getByTestId('patient-bar')).toContainText('An enrolment or verification is in progress');
  await app.clock.fastForward('05:01');
  await expect(app.getByTestId('patient-closed-note')).toHaveText('The patient was closed after 5 minutes without activity.');
  await openEnrol(app);
  await expect(app.getByLabel('Aadhaar number')).toHaveValue('');
});

test('a verification left at its OTP step is closed too, and Verify starts afresh', async ({ app }) => {
  await app.clock.install();
  await openScreen(app, 3);
  await app.getByLabel('ABHA number, ABHA address or mobile').fill('asha.verma@sbx');
  await app.getByRole('button', { name: 'Send OTP' }).click();
  await expect(app.getByLabel('OTP (6 digits)')).toBeVisible();
  await expect(app.getByTestId('patient-bar')).toContainText('An enrolment or verification is in progress');
  await app.clock.fastForward('05:01');
  await expect(app.getByTestId('patient-closed-note')).toHaveText('The patient was closed after 5 minutes without activity.');
  await openScreen(app, 3);
  await expect(app.getByLabel('ABHA number, ABHA address or mobile')).toHaveValue('');
  await expect(app.getByLabel('OTP (6 digits)')).toHaveCount(0);
});

test('a profile from an earlier day asks to verify the patient again', async ({ app }) => {
  await app.clock.install();
  await verify(app, 'asha.verma@sbx');
  await app.getByTestId('patient-bar').getByRole('button', { name: 'Close patient' }).click();
  // The next morning, the clerk looks at yesterday.
  await app.clock.fastForward('24:00:00');
  await app.reload();
  await openToday(app);
  await expect(app.getByTestId('audit-table')).toHaveCount(0);
  await app.getByRole('button', { name: 'Previous day' }).click();
  await app.getByTestId('audit-table').getByRole('button', { name: ASHA }).first().click();
  await expect(app.getByTestId('patient-fetched-at')).toContainText('This profile is from an earlier day.');
  await app.getByRole('button', { name: 'Verify the patient again' }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Verify ABHA' })).toBeVisible();
  await expect(app.getByLabel('ABHA number, ABHA address or mobile')).toHaveValue('asha.verma@sbx');
});

test('Records: dates read dd-mm-yyyy, and Close patient leaves the Records screen with no patient', async ({ app }) => {
  await nameDoctor(app);
  await askFiveYears(app, 'asha.verma', ASHA);
  const request = app.getByTestId('records-requests');
  await expect(request).toContainText(/\d{2}-\d{2}-\d{4} to \d{2}-\d{2}-\d{4}/);
  await expect(request).not.toContainText(/\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b/);
  await shot(app, 'records-dates-en');
  await app.getByRole('button', { name: /हिन्दी/ }).click();
  await expect(request).toContainText(/\d{2}-\d{2}-\d{4} से \d{2}-\d{2}-\d{4} तक/);
  await expect(app.getByTestId('patient-bar')).toContainText(`मरीज़: ${ASHA}`);
  await shot(app, 'records-dates-hi');
  await app.getByRole('button', { name: /English/ }).click();
  await expect(app.getByTestId('patient-bar')).toContainText(`Patient: ${ASHA}`);
  await app.getByTestId('patient-bar').getByRole('button', { name: 'Close patient' }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  await openScreen(app, 5);
  await expect(app.getByLabel('Patient’s ABHA address')).toBeVisible();
  await expect(app.getByTestId('records-patient')).toHaveCount(0);
});

test('the day is typed as dd-mm-yyyy, as the card writes dates, and a day that is not one is refused', async ({ app }) => {
  await verify(app, 'asha.verma@sbx');
  await openToday(app);
  const now = new Date();
  const shownDay = `${[now.getDate(), now.getMonth() + 1].map((n) => String(n).padStart(2, '0')).join('-')}-${now.getFullYear()}`;
  const day = app.getByLabel('Day', { exact: true });
  await expect(day).toHaveValue(shownDay);
  await day.fill('31-02-2026');
  await day.press('Enter');
  await expect(app.getByText('Type the day as dd-mm-yyyy, for example 14-07-2025; it cannot be after today.')).toBeVisible();
  await day.fill('01-01-2020');
  await day.press('Enter');
  await expect(app.getByText('Nothing was recorded on this day.')).toBeVisible();
  await day.fill(shownDay);
  await day.press('Enter');
  await expect(app.getByTestId('audit-table').getByRole('button', { name: ASHA }).first()).toBeVisible();
  await expect(app.getByRole('button', { name: 'Next day' })).toBeDisabled();
});

test('the TRAINING banner stays in sight at the top while a long screen scrolls on a small display', { tag: '@real-window' }, async ({ app }) => {
  for (const size of [
    { width: 800, height: 600 },
    { width: 1024, height: 600 },
  ]) {
    await app.setViewportSize(size);
    await openScreen(app, 6);
    const banner = app.getByTestId('training-banner');
    const heading = app.getByRole('heading', { level: 1, name: 'Settings' });
    // Nothing under it before scrolling: the heading starts below the banner.
    const top = (await banner.boundingBox())!;
    expect((await heading.boundingBox())!.y).toBeGreaterThanOrEqual(top.y + top.height);
    await app.mouse.wheel(0, 5000);
    await expect.poll(() => app.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    const scrolled = (await banner.boundingBox())!;
    expect(scrolled.y).toBe(0);
    await expect(banner).toBeInViewport();
    // What the banner covers is what scrolled past it: the element at its centre is the banner itself.
    const onTop = await app.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.getAttribute('data-testid'), [scrolled.x + scrolled.width / 2, scrolled.y + scrolled.height / 2]);
    expect(onTop).toBe('training-banner');
    // The keyboard going back up: the field it lands in comes into view below the banner, not under it.
    const field = app.getByLabel('Operator name');
    // (Settings opened with the caret already there, so it is moved away and back, as Tab and Shift+Tab would.)
    await field.evaluate((input: HTMLElement) => {
      input.blur();
      input.focus();
    });
    expect((await field.boundingBox())!.y).toBeGreaterThanOrEqual(scrolled.y + scrolled.height);
    await shot(app, `banner-scrolled-${size.width}x${size.height}-en`, false);
    await app.evaluate(() => window.scrollTo(0, 0));
  }
  await app.getByRole('button', { name: /हिन्दी/ }).click();
  await app.mouse.wheel(0, 5000);
  await expect(app.getByTestId('training-banner')).toBeInViewport();
  await shot(app, 'banner-scrolled-1024x600-hi', false);
});
