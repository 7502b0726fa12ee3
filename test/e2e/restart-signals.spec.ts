// The day survives the app being stopped, as a clinic's PC stops it: `npm run web` on a desk without a keychain
// (`--keychain file`), a patient enrolled in training, the process ended with SIGTERM (a normal shutdown), started again
// on the same data folder, more work done, then killed with SIGKILL (a crash, a power cut of the process) right after a
// second enrolment, and started once more. Each time Today names the patients, a patient opens from Today, the card
// reprints without a new OTP, and Verify finds the ABHA the training simulator made before the stop.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { TRAINING_IDENTITIES } from '../../sandbox/index';
import { openConfSettings } from '../../electron/store/settings/settings';
import { printCalls, watchPrinting } from './browser-hand-over';
import { enrol, verify } from './front-desk-steps';
import { reviewShot } from './review-shot';
import { exitOf, startWebCommand, URL_LINE, type WebCommand } from './web-command-process';
import { expect, openScreen, test } from './web-mode';

const ravi = { ...TRAINING_IDENTITIES.newResident, name: 'Ravi Kumar Sharma' };
const priya = { ...TRAINING_IDENTITIES.secondResident, name: 'Priya Rani Reddy' };

/** `npm run web -- --keychain file --data-dir <folder>` on free ports; resolves with its URL once it serves. */
async function startApp(dataFolder: string): Promise<WebCommand & { url: string }> {
  const command = startWebCommand(['--port', '0', '--bridge-port', '0', '--keychain', 'file', '--data-dir', dataFolder]);
  return { ...command, url: await command.line(URL_LINE) };
}

async function openApp(page: Page, running: { url: string }): Promise<void> {
  await page.goto(running.url);
  await expect(page.getByTestId('app-version')).toBeVisible();
}

/** Today, as the clerk opens it after the restart: the patients named, with their addresses. */
async function expectOnToday(page: Page, patients: { name: string; address: string }[]): Promise<void> {
  await openScreen(page, 1);
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  await expect(page.getByTestId('count-enrolled')).toHaveText(String(patients.length));
  for (const patient of patients) {
    const row = page.getByTestId('audit-table').locator('tr[data-action="enrolment.created"]').filter({ hasText: patient.address });
    await expect(row.getByRole('button', { name: patient.name })).toBeVisible();
  }
}

/** A new resident of the training simulator, with the name the desk shows. */
interface Resident {
  aadhaar: string;
  aadhaarMobile: string;
  name: string;
}

/** Enrols a new resident and opens the patient from the result, as the clerk does to hand over the card: it shows. */
async function enrolAndOpen(page: Page, patient: Resident, address: string): Promise<void> {
  await enrol(page, patient.aadhaar, patient.aadhaarMobile, address);
  await expect(page.getByRole('heading', { level: 2, name: 'ABHA created' })).toBeVisible();
  await page.getByRole('button', { name: 'Open the patient' }).click();
  await expect(page.getByTestId('patient-name')).toHaveText(patient.name);
  await expect(page.getByRole('img', { name: `ABHA card of ${patient.name}` })).toBeVisible();
}

/** Prints the open patient's card on CR80: the print dialog opens on the card's picture, and nothing is refused. */
async function printCard(page: Page): Promise<void> {
  const before = (await printCalls(page)).length;
  await page.getByRole('button', { name: 'Print preview: CR80 card' }).click();
  await page.getByRole('button', { name: 'Print on CR80 card' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Print dialog opened' })).toBeVisible();
  await expect.poll(async () => (await printCalls(page)).slice(before).map((call) => call.image)).toEqual(['data:image/png;base64,']);
  await expect(page.getByRole('alert')).toHaveCount(0);
}

/** Opens the patient from Today's row, without ABDM's session (it died with the process), and reprints the held card. */
async function openAndReprint(page: Page, patient: { name: string }): Promise<void> {
  await page.getByTestId('audit-table').getByRole('button', { name: patient.name }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Patient' })).toBeVisible();
  await expect(page.getByTestId('patient-name')).toHaveText(patient.name);
  await expect(page.getByRole('img', { name: `ABHA card of ${patient.name}` })).toBeVisible();
  await printCard(page);
}

for (const api of ['v1', 'v3'] as const) {
  test(`without a keychain, SIGTERM and then SIGKILL lose nothing: Today names the patients, they open, cards reprint, Verify finds them (ABDM API ${api})`, async ({ page, headless }) => {
    test.setTimeout(120_000);
    const printWatch = await watchPrinting(page, { openDialog: headless });
    const dataFolder = mkdtempSync(path.join(os.tmpdir(), 'abha-desk-restart-'));
    const running: WebCommand['child'][] = [];
    try {
      openConfSettings(dataFolder).update({ abdmApi: api });

      // Morning: Ravi is enrolled and his card printed; the app is then closed the ordinary way.
      const first = await startApp(dataFolder);
      running.push(first.child);
      expect(first.output()).toContain('the database key and the other secrets are kept in');
      await openApp(page, first);
      await enrolAndOpen(page, ravi, 'ravi.restart');
      await printCard(page);
      first.child.kill('SIGTERM');
      expect(await exitOf(first.child)).toEqual({ code: 0, signal: null });

      // Started again: the day is there; Ravi's card reprints. Priya is enrolled and opened, and the process is killed.
      const second = await startApp(dataFolder);
      running.push(second.child);
      await openApp(page, second);
      await expectOnToday(page, [{ name: ravi.name, address: 'ravi.restart@sbx' }]);
      await reviewShot(page, `restart-sigterm-today-${api}-en`);
      await openAndReprint(page, ravi);
      await enrolAndOpen(page, priya, 'priya.restart');
      second.child.kill('SIGKILL');
      expect(await exitOf(second.child)).toEqual({ code: null, signal: 'SIGKILL' });

      // After the kill: both patients are named, the reprint before it is in the day's log, Priya's card reprints, and
      // the simulator still knows both ABHAs.
      const third = await startApp(dataFolder);
      running.push(third.child);
      await openApp(page, third);
      const both = [
        { name: ravi.name, address: 'ravi.restart@sbx' },
        { name: priya.name, address: 'priya.restart@sbx' },
      ];
      await expectOnToday(page, both);
      // Ravi's two prints are in the day's log: the first before the SIGTERM, the reprint just before the SIGKILL.
      await expect(page.getByTestId('audit-table').locator('tr[data-action="card.print-dialog-opened"]').filter({ hasText: ravi.name })).toHaveCount(2);
      await reviewShot(page, `restart-sigkill-today-${api}-en`);
      await openAndReprint(page, priya);
      for (const patient of both) {
        await verify(page, patient.address);
        await expect(page.getByTestId('patient-name')).toHaveText(patient.name);
        await expect(page.getByTestId('patient-abha-address')).toHaveText(patient.address);
      }
      await reviewShot(page, `restart-sigkill-verified-${api}-en`);
    } finally {
      for (const child of running) child.kill('SIGKILL');
      await Promise.all(running.map(exitOf));
      rmSync(dataFolder, { recursive: true, force: true });
      await printWatch.dispose();
    }
  });
}
