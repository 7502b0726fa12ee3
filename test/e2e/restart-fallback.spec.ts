// A desk with no system keychain, as a clerk meets it: a patient enrolled in training, the app closed and started
// again on the same data folder, and the day is still there (Today counts and names the enrolment, Verify finds the
// ABHA the simulator made). Settings → Data protection says in plain words where the key is, in English and Hindi;
// the header says nothing in training, and only a quiet pointer to Settings on a production desk.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { TRAINING_IDENTITIES } from '../../sandbox/index';
import { startWebServer, type WebServer } from '../../web-mode/server';
import { openConfSettings } from '../../electron/store/settings/settings';
import { memorySecretDriver } from '../../electron/store/secrets/vault';
import { enrol, verify } from './front-desk-steps';
import { reviewShot } from './review-shot';
import { expect, openScreen, setAdminPin, test } from './web-mode';

const ravi = TRAINING_IDENTITIES.newResident;
const RAVI = 'Ravi Kumar Sharma';

/** Web mode as `npm run web -- --keychain file --data-dir <folder>` starts it: no keychain, the secrets file instead. */
function startWithoutKeychain(dataFolder: string): Promise<WebServer> {
  return startWebServer({ dataFolder, secretDriver: null, secretsFallback: 'file', bridgePort: 0 });
}

async function openApp(page: Page, server: WebServer): Promise<void> {
  await page.goto(server.url);
  await expect(page.getByTestId('app-version')).toBeVisible();
}

async function shot(page: Page, name: string): Promise<void> {
  // What the window shows: the part of the screen this test is about is at its top.
  await reviewShot(page, `no-keychain-${name}`, { fullPage: false });
}

// Both ABDM API generations: the simulator keeps the accounts each one makes (Health ID v1, ABHA v3).
for (const api of ['v1', 'v3'] as const) {
  test.describe(`on ABDM API ${api}`, () => {
    test.use({ abdmApi: api });

    test(`without a keychain a restart keeps the day: Today counts and names the enrolment, Verify finds the ABHA (${api})`, async ({ page, dataFolder }) => {
      const secretsFile = path.join(dataFolder, 'vault', 'secrets.json');
      const first = await startWithoutKeychain(dataFolder);
      try {
        await openApp(page, first);
        await enrol(page, ravi.aadhaar, ravi.aadhaarMobile, 'ravi.restart');
        await expect(page.getByRole('heading', { level: 2, name: 'ABHA created' })).toBeVisible();
      } finally {
        await first.close();
      }
      // What the restart reads: the database key in the user-only file, the simulator's accounts beside the database.
      expect(statSync(secretsFile).mode & 0o777).toBe(0o600);
      expect(existsSync(path.join(dataFolder, 'abha-desk.db'))).toBe(true);
      const trainingState = readFileSync(path.join(dataFolder, 'training-state.json'), 'utf8');
      expect(trainingState).toContain('ravi.restart@sbx');
      expect(trainingState).not.toContain(ravi.aadhaar);

      const second = await startWithoutKeychain(dataFolder);
      try {
        await openApp(page, second);
        await openScreen(page, 1);
        await expect(page.getByTestId('count-enrolled')).toHaveText('1');
        const row = page.getByTestId('audit-table').locator('tr[data-action="enrolment.created"]');
        await expect(row.getByRole('button', { name: RAVI })).toBeVisible();
        await expect(row).toContainText('ravi.restart@sbx');
        await shot(page, `today-after-restart-${api}-en`);

        // The simulator remembers the ABHA it made yesterday: a login OTP goes to its mobile and the profile opens.
        await verify(page, 'ravi.restart@sbx');
        await expect(page.getByTestId('patient-name')).toHaveText(RAVI);
        await expect(page.getByTestId('patient-abha-address')).toHaveText('ravi.restart@sbx');
      } finally {
        await second.close();
      }
    });
  });
}

test('Settings → Data protection says where the key is and who can read it, in English and Hindi; no note in the header in training', async ({ page, dataFolder }) => {
  const secretsFile = path.join(dataFolder, 'vault', 'secrets.json');
  const server = await startWithoutKeychain(dataFolder);
  try {
    await openApp(page, server);
    await expect(page.getByTestId('training-banner')).toBeVisible();
    await expect(page.getByTestId('protection-note')).toHaveCount(0);
    await openScreen(page, 6);
    const section = page.getByRole('region', { name: 'Data protection' });
    await expect(section).toContainText(
      `The key that unlocks this desk’s patient data is kept in a file that only your user account can open: ${secretsFile}. The file is not encrypted: the computer’s administrator, or anyone with a copy of its disk, could read it.`,
    );
    await expect(section).toContainText('To protect it better, install a system keychain that unlocks when you sign in (for example GNOME Keyring).');
    await expect(section).toContainText('Back up this file together with the data folder: without it the data cannot be read.');
    await expect(section).toContainText(`The patient data itself is kept encrypted in ${dataFolder}.`);
    await section.scrollIntoViewIfNeeded();
    await shot(page, 'settings-data-protection-en');

    // A secret stored now goes to the same file, and the form says so rather than naming a keychain.
    await page.getByLabel('Client secret', { exact: true }).fill('s3cret-from-abdm');
    await page.getByRole('button', { name: 'Store client secret' }).click();
    await setAdminPin(page);
    await expect(page.getByRole('status').filter({ hasText: 'Saved on this computer, protected as Settings → Data protection describes.' })).toBeVisible();
    expect(JSON.parse(readFileSync(secretsFile, 'utf8')).secrets['client-secret']).toBe('s3cret-from-abdm');

    await page.getByRole('button', { name: 'Language: हिन्दी' }).click();
    const hindi = page.getByRole('region', { name: 'डेटा सुरक्षा' });
    await expect(hindi).toContainText(`इस डेस्क के मरीज़ों का डेटा खोलने वाली कुंजी एक फ़ाइल में रखी है, जिसे केवल आपका यूज़र खाता खोल सकता है: ${secretsFile}।`);
    await expect(hindi).toContainText('यह फ़ाइल एन्क्रिप्टेड नहीं है');
    await expect(hindi).toContainText('डेटा फ़ोल्डर के साथ इस फ़ाइल का भी बैकअप लें');
    await shot(page, 'settings-data-protection-hi');
  } finally {
    await server.close();
  }
});

test('where the operating system encrypts the file, Settings says so, in English and Hindi', async ({ page, dataFolder }) => {
  const secretsFile = path.join(dataFolder, 'vault', 'secrets.json');
  // A stand-in for Electron's safeStorage, written here: reversible, and the file it fills shows no key.
  const reverse = { encrypt: async (plain: string) => Buffer.from(plain).reverse(), decrypt: async (sealed: Uint8Array) => Buffer.from(sealed).reverse().toString() };
  const server = await startWebServer({ dataFolder, secretDriver: null, secretsFallback: 'file', secretsEncryption: reverse, bridgePort: 0 });
  try {
    await openApp(page, server);
    await openScreen(page, 6);
    const section = page.getByRole('region', { name: 'Data protection' });
    await expect(section).toContainText(
      `The key that unlocks this desk’s patient data is kept in a file that this computer encrypts for your user account: ${secretsFile}. Other users of this computer cannot read it, and it cannot be read on another computer.`,
    );
    await expect(section).not.toContainText('install a system keychain');
    expect(JSON.parse(readFileSync(secretsFile, 'utf8')).sealed).toBe(true);
    await shot(page, 'settings-data-protection-os-encryption-en');
    await page.getByRole('button', { name: 'Language: हिन्दी' }).click();
    await expect(page.getByRole('region', { name: 'डेटा सुरक्षा' })).toContainText(
      `एक फ़ाइल में रखी है, जिसे यह कंप्यूटर आपके यूज़र खाते के लिए एन्क्रिप्ट करता है: ${secretsFile}। इस कंप्यूटर के दूसरे यूज़र इसे नहीं पढ़ सकते`,
    );
    await shot(page, 'settings-data-protection-os-encryption-hi');
  } finally {
    await server.close();
  }
});

test('a production desk without a keychain shows a quiet note pointing to Settings, in English and Hindi', async ({ page, dataFolder }) => {
  // Set before the app starts, as an administrator's earlier switch to Production would have left it.
  openConfSettings(dataFolder).update({ environment: 'production' });
  const server = await startWithoutKeychain(dataFolder);
  try {
    await openApp(page, server);
    const note = page.getByTestId('protection-note');
    await expect(note).toHaveText('This desk’s data key is not in a system keychain: see Settings → Data protection.');
    // A note, not an alarm: nothing announces it as an alert, and it is not in the danger colour.
    await expect(note).not.toHaveAttribute('role', 'alert');
    expect(await note.evaluate((element) => getComputedStyle(element).color)).not.toBe('rgb(164, 22, 26)');
    await shot(page, 'header-production-note-en');
    await page.getByRole('button', { name: 'Language: हिन्दी' }).click();
    await expect(note).toHaveText('इस डेस्क के डेटा की कुंजी सिस्टम कीचेन में नहीं है: सेटिंग्स → डेटा सुरक्षा देखें।');
    await shot(page, 'header-production-note-hi');
  } finally {
    await server.close();
  }
});

test('with a system keychain, Settings says the key is in it and the header stays quiet even in production', async ({ page, dataFolder }) => {
  openConfSettings(dataFolder).update({ environment: 'production' });
  // A working keychain: a stand-in held in memory, as the other E2E desks have.
  const server = await startWebServer({ dataFolder, secretDriver: memorySecretDriver(), bridgePort: 0 });
  try {
    await openApp(page, server);
    await openScreen(page, 6);
    const section = page.getByRole('region', { name: 'Data protection' });
    await expect(section).toContainText(
      'The key that unlocks this desk’s patient data is kept in this computer’s system keychain, which opens only for your user account when you sign in.',
    );
    await expect(section).toContainText(`The patient data itself is kept encrypted in ${dataFolder}.`);
    await expect(page.getByTestId('protection-note')).toHaveCount(0);
    await shot(page, 'settings-data-protection-keychain-en');
  } finally {
    await server.close();
  }
});
