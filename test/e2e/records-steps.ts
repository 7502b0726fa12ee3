// What the Records E2E specs share: the simulator beside the app, screenshots to look at, opening the screen,
// confirming a patient and asking for their records, and reading every record in the list.
import type { Page } from '@playwright/test';
import { endpointsOf } from '../../electron/training/simulator';
import { startSandbox, type RunningSandbox } from '../../sandbox/index';
import { OTP } from './front-desk-steps';
import { keyContent } from './record-content';
import { reviewShot } from './review-shot';
import { test as base, expect, openScreen } from './web-mode';

export { expect };

export const test = base.extend<{ sandbox: RunningSandbox }>({
  // eslint-disable-next-line no-empty-pattern
  sandbox: async ({}, use) => {
    const sandbox = await startSandbox({ port: 0 });
    await use(sandbox);
    await sandbox.close();
  },
  webOptions: async ({ sandbox }, use) => use({ training: async () => endpointsOf(sandbox) }),
});

/** A whole-page screenshot to look at: test-results/shots/<project>/records-<name>.png. */
export async function shot(page: Page, name: string): Promise<void> {
  await reviewShot(page, `records-${name}`);
}

/**
 * Opens every record in the list, one by one, and checks that its view shows the record's key content (found in the
 * stored bundle by record-content.ts, not by the viewer), a PDF drawn as a page with ink on it and the PDF's own first
 * line of text, and nothing live (no script, frame or plugin). Returns the record types opened.
 */
export async function readEachRecord(page: Page, lang: 'en' | 'hi', shotPrefix = 'record'): Promise<string[]> {
  const list = page.getByTestId('records-visits');
  const rows = await list.locator('li[data-record-id]').evaluateAll((items) => items.map((li) => [(li as HTMLElement).dataset.recordId!, (li as HTMLElement).dataset.hiType!]));
  const opened: string[] = [];
  for (const [id, hiType] of rows) {
    const bundle = await page.evaluate(async (recordId) => {
      const result = await window.abhaDesk!.records.get({ id: recordId });
      if (!result.ok) throw new Error(result.error.code);
      return result.value.bundle;
    }, id!);
    const key = keyContent(bundle, hiType!);
    expect(key.texts.length + (key.pdfLine ? 1 : 0), `${hiType}: something to look for`).toBeGreaterThan(0);
    await list.locator(`li[data-record-id="${id}"] button`).click();
    const view = page.locator('[data-testid="record-view"][data-state="ready"]');
    await expect(view.getByTestId('record-body')).toBeVisible();
    for (const text of key.texts) await expect(view.getByTestId('record-body'), `${hiType} shows ${text}`).toContainText(text);
    if (key.pdfLine) {
      await expect(view.locator('.record-pdf[data-state="drawn"]').first()).toBeVisible({ timeout: 15_000 });
      await expect(view.locator('.record-pdf[data-state="drawing"]')).toHaveCount(0, { timeout: 15_000 });
      await expect(view.locator('.record-pdf[data-state="failed"]')).toHaveCount(0);
      await expect(view.getByTestId('record-pdf-text').filter({ hasText: key.pdfLine }).first()).toBeAttached();
      const inked = await view.locator('.record-pdf-page canvas').first().evaluate((canvas: HTMLCanvasElement) => {
        const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
        let dark = 0;
        for (let i = 0; i < data.length; i += 4) if (data[i]! < 128 && data[i + 3]! > 0) dark += 1;
        return dark;
      });
      expect(inked, `${hiType}: the PDF page has text drawn on it`).toBeGreaterThan(200);
    }
    await expect(page.locator('script:not([src]), iframe, object, embed')).toHaveCount(0);
    await shot(page, `${shotPrefix}-${hiType}-${lang}`);
    await view.getByRole('button', { name: lang === 'en' ? 'Back to the records' : 'रिकॉर्ड पर वापस' }).click();
    await expect(list).toBeVisible();
    opened.push(hiType!);
  }
  return opened.sort();
}

export async function sandboxControl(sandbox: RunningSandbox, route: string, body: unknown = {}): Promise<void> {
  const response = await fetch(`${sandbox.url}/_sandbox${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(response.status, `${route}: ${await response.clone().text()}`).toBeLessThan(300);
}

export async function openRecords(page: Page): Promise<void> {
  await openScreen(page, 5);
  await expect(page.getByRole('heading', { level: 1, name: /Records|रिकॉर्ड/ })).toBeVisible();
}


/** Names the requesting doctor in Settings (ABDM shows the patient who asks). */
export async function nameDoctor(page: Page): Promise<void> {
  await openScreen(page, 6);
  await page.getByLabel('Requesting doctor’s name').fill('Dr. Meera Nair');
  await page.getByLabel('Doctor’s registration number').fill('MMC-2011-04567');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();
}

/**
 * Confirms the patient by mobile OTP and asks for five years of records, until they are received. On ABDM's
 * current API there is no confirming step for an HIU: the address is taken as typed (FindPatient.svelte).
 */
export async function askFiveYears(page: Page, address: string, name: string): Promise<void> {
  // The API the desk is set to, as the app itself says (a project or a test.use may have chosen it).
  const settings = await page.evaluate(() => window.abhaDesk!.settings.get());
  await openRecords(page);
  await page.getByLabel('Patient’s ABHA address').fill(address);
  if (settings.ok && settings.value.abdmApi === 'v3') {
    await expect(page.getByTestId('records-confirm-in-app')).toBeVisible();
    await page.getByRole('button', { name: 'Find the patient' }).click();
    await expect(page.getByTestId('records-patient-name')).toHaveText(`${address}@sbx`);
  } else {
    await page.getByRole('button', { name: 'Find the patient' }).click();
    await page.getByRole('radio', { name: /OTP to the patient’s mobile/ }).check();
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByLabel('OTP (6 digits)').fill(OTP);
    await page.getByLabel('OTP (6 digits)').press('Enter');
    await expect(page.getByTestId('records-patient-name')).toHaveText(name);
  }
  const ask = page.getByTestId('records-ask');
  await ask.getByRole('radio', { name: 'Last 5 years' }).check();
  await ask.getByRole('button', { name: 'Send the consent request' }).click();
  await expect(page.getByTestId('records-requests').getByTestId('request-state').first()).toHaveText('Records received', { timeout: 20_000 });
}
