// Cards leaving the desk in web mode, as the operator sees it: Print opens the browser's print dialog on the print
// page (and Today does not count that as a printed card), Save is a browser download named by ABHA number and day
// (PNG, PDF and SVG), and a card is reprinted without a new OTP after the patient's session has ended, from the card
// held for the day; the next day the desk asks to verify the patient again.
import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import type { RunningSandbox } from '../../sandbox/index';
import { dayOnCard, downloadFrom, PNG_SIGNATURE, printCalls } from './browser-hand-over';
import { test } from './controlled-sandbox';
import { verify } from './front-desk-steps';
import { reviewShot } from './review-shot';
import { expect } from './web-mode';

const ASHA = { address: 'asha.verma@sbx', abhaNumber: '91-4820-1736-5529', name: 'Asha Devi Verma' };

async function shot(page: Page, name: string): Promise<void> {
  await reviewShot(page, `cards-out-${name}`);
}

async function dropAbdm(sandbox: RunningSandbox, dropRate: number): Promise<void> {
  const response = await fetch(`${sandbox.url}/_sandbox/faults`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ dropRate }) });
  expect(response.ok).toBe(true);
}

test('Print opens the browser’s print dialog on the print page, and Today counts a dialog, not a printed card', { tag: '@real-window' }, async ({ app, clock, web }) => {
  await verify(app, ASHA.address);
  await expect(app.getByRole('img', { name: `ABHA card of ${ASHA.name}` })).toBeVisible();
  await app.getByRole('button', { name: 'Print preview: CR80 card' }).click();
  await app.getByRole('button', { name: 'Print on CR80 card' }).click();
  await expect(app.getByRole('status').filter({ hasText: 'Print dialog opened: choose the printer there and print.' })).toBeVisible();

  const stem = `ABHA-card-${ASHA.abhaNumber}-CR80-${dayOnCard(new Date(clock.now()))}`;
  await expect.poll(() => printCalls(app)).toHaveLength(1);
  const [call] = await printCalls(app);
  expect(call).toMatchObject({ framed: true, title: stem, image: 'data:image/png;base64,' });
  expect(call!.path).toMatch(/^\/__web\/handover\/[A-Za-z0-9_-]{43}$/);
  expect(call!.pageRule).toContain('size: 85.6mm 54mm');
  // The one-time URL was used up by the frame: opening it again finds nothing.
  expect((await app.request.get(web.origin + call!.path)).status()).toBe(404);
  await shot(app, 'print-dialog-opened-en');

  await app.keyboard.press('Alt+Digit1');
  await expect(app.getByTestId('count-print-dialogs')).toHaveText('1');
  await expect(app.getByTestId('count-cards-printed')).toHaveText('0');
  const row = app.getByTestId('audit-table').locator('tr[data-action="card.print-dialog-opened"]');
  await expect(row).toContainText('Print dialog opened for the card');
  await expect(row).toContainText('CR80 card');
  await expect(app.getByTestId('audit-table').locator('tr[data-action="card.printed"]')).toHaveCount(0);
  await shot(app, 'today-print-dialog-en');
  await app.getByRole('button', { name: /हिन्दी/ }).click();
  await expect(app.getByTestId('audit-table').locator('tr[data-action="card.print-dialog-opened"]')).toContainText('कार्ड के लिए प्रिंट डायलॉग खोला');
  await shot(app, 'today-print-dialog-hi');
});

test('Save is a browser download: PNG, PDF and SVG, each named by ABHA number and day, with the right bytes', { tag: '@real-window' }, async ({ app, clock }) => {
  await verify(app, ASHA.address);
  const day = dayOnCard(new Date(clock.now()));
  const png = await downloadFrom(app, app.getByRole('button', { name: 'Save card as PNG' }));
  expect(png.name).toBe(`ABHA-card-${ASHA.abhaNumber}-${day}.png`);
  expect(png.bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  await expect(app.getByRole('status').filter({ hasText: `Download started: ${png.name}` })).toBeVisible();

  const pdf = await downloadFrom(app, app.getByRole('button', { name: 'Save card as PDF' }));
  expect(pdf.name).toBe(`ABHA-card-${ASHA.abhaNumber}-${day}.pdf`);
  expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');

  const svg = await downloadFrom(app, app.getByRole('button', { name: 'Save card as SVG' }));
  expect(svg.name).toBe(`ABHA-card-${ASHA.abhaNumber}-${day}.svg`);
  expect(svg.bytes.toString('utf8')).toMatch(/<svg[\s>]/);
  await expect(app.getByRole('status').filter({ hasText: `Download started: ${svg.name}` })).toBeVisible();
  await shot(app, 'download-started-en');

  await app.getByRole('button', { name: /हिन्दी/ }).click();
  await expect(app.getByRole('button', { name: 'कार्ड SVG में सहेजें' })).toBeVisible();
  const again = await downloadFrom(app, app.getByRole('button', { name: 'कार्ड SVG में सहेजें' }));
  await expect(app.getByRole('status').filter({ hasText: `डाउनलोड शुरू हुआ: ${again.name}` })).toBeVisible();
  await shot(app, 'download-started-hi');
  await app.getByRole('button', { name: 'प्रिंट पूर्वावलोकन: A4 पेज' }).click();
  await app.getByRole('button', { name: 'A4 पेज पर प्रिंट करें' }).click();
  await expect(app.getByRole('status').filter({ hasText: 'प्रिंट डायलॉग खुल गया: वहाँ प्रिंटर चुनकर प्रिंट करें।' })).toBeVisible();
  await shot(app, 'print-dialog-opened-hi');

  await app.keyboard.press('Alt+Digit1');
  await expect(app.getByTestId('count-cards-downloaded')).toHaveText('4');
  await expect(app.getByTestId('count-cards-saved')).toHaveText('0');
  await expect(app.getByTestId('count-print-dialogs')).toHaveText('1');
  await expect(app.getByTestId('audit-table').locator('tr[data-action="card.downloaded"]')).toHaveCount(4);
});

test('after the patient’s session ended and with ABDM out of reach, the card still prints and saves from the card held for the day', { tag: '@real-window' }, async ({ app, clock, sandbox }) => {
  await verify(app, ASHA.address);
  await expect(app.getByRole('img', { name: `ABHA card of ${ASHA.name}` })).toBeVisible();
  // Health ID v1's user token lasts 30 minutes; and ABDM cannot even be reached: only the held card can answer.
  clock.advance(45 * 60_000);
  await dropAbdm(sandbox, 1);

  await app.getByRole('button', { name: 'Print preview: A4 sheet' }).click();
  await expect(app.getByTestId('print-preview-a4')).toBeVisible();
  await app.getByRole('button', { name: 'Print on A4 sheet' }).click();
  await expect(app.getByRole('status').filter({ hasText: 'Print dialog opened' })).toBeVisible();
  await expect.poll(async () => (await printCalls(app)).map((call) => call.image)).toEqual(['data:image/png;base64,']);
  const pdf = await downloadFrom(app, app.getByRole('button', { name: 'Save card as PDF' }));
  expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  await expect(app.getByRole('alert')).toHaveCount(0);

  // The next day nothing is held any more: the desk asks for a new verification instead of a stale card.
  clock.advance(24 * 3600_000);
  await dropAbdm(sandbox, 0);
  await app.getByRole('button', { name: 'Save card as PNG' }).click();
  const alert = app.getByRole('alert');
  await expect(alert).toHaveAttribute('data-error-code', 'VERIFY_AGAIN');
  await expect(alert.getByRole('button', { name: 'Verify the patient again' })).toBeVisible();
});

test.describe('on ABHA v3, whose card is one picture', () => {
  test.use({ abdmApi: 'v3' });

  test('the saved PDF card has the patient’s name and ABHA number as text a PDF reader finds', { tag: '@real-window' }, async ({ app }) => {
    test.setTimeout(60_000);
    await verify(app, ASHA.address);
    await expect(app.getByRole('img', { name: `ABHA card of ${ASHA.name}` })).toBeVisible();
    const pdf = await downloadFrom(app, app.getByRole('button', { name: 'Save card as PDF' }));
    const text = execFileSync('pdftotext', [pdf.path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain(ASHA.name);
    expect(text).toContain(ASHA.abhaNumber);
  });
});
