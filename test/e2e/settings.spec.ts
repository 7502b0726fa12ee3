// The Settings screen edits main's settings through IPC; what is saved survives a reload.
import type { Page } from '@playwright/test';
import { expect, openScreen, setAdminPin, test } from './web-mode';

test('changes operator, environment and a base URL, and keeps them after a reload', async ({ app }) => {
  await openScreen(app, 6);
  await app.getByLabel('Operator name').fill('Asha Verma');
  await app.getByLabel('Environment').selectOption('abdm-sandbox');
  await app.getByLabel('Gateway base URL').fill('https://gateway.clinic.example/gw');
  await app.getByLabel('Client ID').fill('SBX_001234');
  await app.getByLabel('Operator name').press('Enter');
  // The first change to a connection setting asks for the admin PIN to be set.
  await setAdminPin(app);
  await expect(app.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();
  await expect(app.getByTestId('operator-name')).toHaveText('Asha Verma');

  await app.reload();
  await openScreen(app, 6);
  await expect(app.getByLabel('Operator name')).toHaveValue('Asha Verma');
  await expect(app.getByLabel('Environment')).toHaveValue('abdm-sandbox');
  await expect(app.getByLabel('Gateway base URL')).toHaveValue('https://gateway.clinic.example/gw');
  await expect(app.getByLabel('Client ID')).toHaveValue('SBX_001234');
  await expect(app.getByTestId('operator-name')).toHaveText('Asha Verma');
});

test('moving to production moves the untouched URLs with it, and keeps a hand-entered one', async ({ app }) => {
  await openScreen(app, 6);
  await app.getByLabel('Health ID base URL').fill('https://healthid.clinic.example/api/v1');
  await app.getByLabel('Environment').selectOption('production');
  await app.getByRole('button', { name: 'Save settings' }).click();
  await app.getByRole('dialog', { name: 'Switch this desk to Production?' }).getByRole('button', { name: 'Switch to Production' }).click();
  await setAdminPin(app);
  await expect(app.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();
  await expect(app.getByLabel('Gateway base URL')).toHaveValue('https://live.abdm.gov.in/gateway');
  await expect(app.getByLabel('CM ID')).toHaveValue('abdm');
  await expect(app.getByLabel('Health ID base URL')).toHaveValue('https://healthid.clinic.example/api/v1');
});

test('shows main\'s message next to each invalid field and saves nothing', async ({ app }) => {
  await openScreen(app, 6);
  await app.getByLabel('Gateway base URL').fill('gateway.example');
  await app.getByLabel('Client ID').fill('SBX\u202E0001');
  await app.getByRole('button', { name: 'Save settings' }).click();

  await expect(app.getByRole('alert')).toContainText('Settings not saved');
  await expect(app.getByRole('alert')).toContainText('Some details were not accepted');
  const gateway = app.getByLabel('Gateway base URL');
  await expect(gateway).toHaveAttribute('aria-invalid', 'true');
  await expect(gateway).toHaveAccessibleDescription(/full address starting with https:\/\//);
  await expect(app.getByLabel('Client ID')).toHaveAttribute('aria-invalid', 'true');
  await expect(app.getByLabel('Operator name')).not.toHaveAttribute('aria-invalid', 'true');

  await app.reload();
  await openScreen(app, 6);
  await expect(app.getByLabel('Gateway base URL')).toHaveValue('https://dev.abdm.gov.in/gateway');
  await expect(app.getByLabel('Client ID')).toHaveValue('');
});

test('says so when nothing was changed', async ({ app }) => {
  await openScreen(app, 6);
  await app.getByRole('button', { name: 'Save settings' }).click();
  await expect(app.getByRole('status').filter({ hasText: 'Nothing to save' })).toBeVisible();
});

test('settings.update with a wrong type answers INVALID_INPUT naming bridge.port and its bounds', async ({ app }) => {
  const result = await app.evaluate(() =>
    // The page is typed against the contract; this call deliberately breaks it, as a buggy screen might.
    window.abhaDesk!.settings.update({ bridge: { port: 'x' } } as never),
  );
  expect(result.ok).toBe(false);
  if (result.ok) return;
  expect(result.error.code).toBe('INVALID_INPUT');
  expect(result.error.fields).toEqual([{ path: 'bridge.port', code: 'whole-number', params: { min: 1, max: 65_535 } }]);
});

test('follows a change made in another window without losing unsaved edits', async ({ app, context, web }) => {
  await openScreen(app, 6);
  await app.getByLabel('Client ID').fill('typed-but-not-saved');

  const other = await context.newPage();
  await other.goto(web.url);
  await expect(other.getByTestId('app-version')).toBeVisible();
  await other.evaluate(() => window.abhaDesk!.settings.update({ operatorName: 'From the other window' }));

  await expect(app.getByLabel('Operator name')).toHaveValue('From the other window');
  await expect(app.getByTestId('operator-name')).toHaveText('From the other window');
  await expect(app.getByLabel('Client ID')).toHaveValue('typed-but-not-saved');
  await other.close();
});

test('HIU, CM and bridge settings and the consent-request group: typed with the keyboard, saved, kept after a reload', async ({ app }) => {
  await openScreen(app, 6);
  // Defaults of a fresh install.
  await expect(app.getByLabel('Listen host')).toHaveValue('127.0.0.1');
  await expect(app.getByLabel('Listen port')).toHaveValue('8765');
  await expect(app.getByLabel('Data-push limit (MiB)')).toHaveValue('64');
  await expect(app.getByLabel('Registration register (URL)')).toHaveValue('https://www.mciindia.org');
  await expect(app.getByLabel('Answer timeout (seconds)')).toHaveValue('60');
  const fetch = app.getByLabel('Fetch new records automatically when a HIP reports new data');
  await expect(fetch).not.toBeChecked();
  const registration = app.getByTestId('callback-registration');
  await expect(registration).toContainText('None yet: enter the public callback URL and save.');
  await expect(registration).toContainText('In training mode nothing needs registering');

  await app.getByLabel('HIU ID').fill('HIU-CLINIC-07');
  await app.getByLabel('CM ID').fill('sbx');
  await app.getByLabel('Listen host').fill('0.0.0.0');
  await app.getByLabel('Listen port').fill('9443');
  await app.getByLabel('Public callback URL').fill('https://abdm.clinic.example/hiu');
  await app.getByLabel('Data-push limit (MiB)').fill('128');
  await app.getByLabel('Requesting doctor’s name').fill('Dr. Kavita Rao');
  await app.getByLabel('Doctor’s registration number').fill('KMC-48213');
  await app.getByLabel('Registration register (URL)').fill('https://www.nmc.org.in');
  // Tab from the timeout to the checkbox and tick it with Space, as an operator would.
  await app.getByLabel('Answer timeout (seconds)').fill('120');
  await app.keyboard.press('Tab');
  await expect(fetch).toBeFocused();
  await app.keyboard.press('Space');
  await expect(fetch).toBeChecked();
  await app.getByLabel('Doctor’s registration number').press('Enter');
  await setAdminPin(app);
  await expect(app.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();
  await expect(app.getByTestId('callback-url')).toHaveText('https://abdm.clinic.example/hiu');

  // Main holds exactly what was typed, numbers as numbers.
  const saved = await app.evaluate(() => window.abhaDesk!.settings.get());
  expect(saved.ok && { hiuId: saved.value.hiuId, cmId: saved.value.cmId, bridge: saved.value.bridge, hiu: saved.value.hiu }).toEqual({
    hiuId: 'HIU-CLINIC-07',
    cmId: 'sbx',
    bridge: { mode: 'direct', relayUrl: '', host: '0.0.0.0', port: 9443, publicUrl: 'https://abdm.clinic.example/hiu', dataPushLimitMb: 128 },
    hiu: {
      requesterName: 'Dr. Kavita Rao',
      requesterRegistrationNumber: 'KMC-48213',
      requesterRegistrationSystem: 'https://www.nmc.org.in',
      answerTimeoutSeconds: 120,
      fetchOnDataEvent: true,
    },
  });

  await app.reload();
  await openScreen(app, 6);
  await expect(app.getByLabel('HIU ID')).toHaveValue('HIU-CLINIC-07');
  await expect(app.getByLabel('Listen host')).toHaveValue('0.0.0.0');
  await expect(app.getByLabel('Listen port')).toHaveValue('9443');
  await expect(app.getByLabel('Public callback URL')).toHaveValue('https://abdm.clinic.example/hiu');
  await expect(app.getByLabel('Data-push limit (MiB)')).toHaveValue('128');
  await expect(app.getByLabel('Requesting doctor’s name')).toHaveValue('Dr. Kavita Rao');
  await expect(app.getByLabel('Doctor’s registration number')).toHaveValue('KMC-48213');
  await expect(app.getByLabel('Registration register (URL)')).toHaveValue('https://www.nmc.org.in');
  await expect(app.getByLabel('Answer timeout (seconds)')).toHaveValue('120');
  await expect(fetch).toBeChecked();
  await expect(app.getByTestId('callback-url')).toHaveText('https://abdm.clinic.example/hiu');
  await shoot(app, 'settings-hiu-en-saved');
});

test('refuses port 70000, a public URL that is not a URL, an emptied push limit and a 1 s timeout, naming each field', async ({ app }) => {
  await openScreen(app, 6);
  await app.getByLabel('Listen port').fill('70000');
  await app.getByLabel('Public callback URL').fill('abdm.clinic.example/hiu');
  await app.getByLabel('Data-push limit (MiB)').fill('');
  await app.getByLabel('Answer timeout (seconds)').fill('1');
  await app.getByRole('button', { name: 'Save settings' }).click();

  await expect(app.getByRole('alert')).toContainText('Settings not saved');
  const port = app.getByLabel('Listen port');
  await expect(port).toHaveAttribute('aria-invalid', 'true');
  await expect(port).toHaveAccessibleDescription('Listen port must be a whole number from 1 to 65535.');
  // The caret goes to the first field to fix (the consent-request settings come before the connection ones).
  await expect(app.getByLabel('Answer timeout (seconds)')).toBeFocused();
  await expect(app.getByLabel('Public callback URL')).toHaveAccessibleDescription(
    'Public callback URL must be a full address starting with https:// (or http:// for this computer).',
  );
  await expect(app.getByLabel('Data-push limit (MiB)')).toHaveAccessibleDescription('Data-push limit (MiB) must be a whole number from 1 to 1024.');
  await expect(app.getByLabel('Answer timeout (seconds)')).toHaveAccessibleDescription('Answer timeout (seconds) must be a whole number from 5 to 3600.');
  await expect(app.getByLabel('Listen host')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(app.getByTestId('callback-registration')).toContainText('None yet');
  await shoot(app, 'settings-hiu-en-refused');

  await app.reload();
  await openScreen(app, 6);
  await expect(app.getByLabel('Listen port')).toHaveValue('8765');
  await expect(app.getByLabel('Public callback URL')).toHaveValue('');
  await expect(app.getByLabel('Data-push limit (MiB)')).toHaveValue('64');
  await expect(app.getByLabel('Answer timeout (seconds)')).toHaveValue('60');
});

test('a Hindi desk reads the bridge and consent-request settings, and their refusals, in Hindi', async ({ app }) => {
  await app.getByRole('button', { name: 'Language: हिन्दी' }).click();
  await openScreen(app, 6);
  await expect(app.getByRole('group', { name: 'सहमति अनुरोध' })).toBeVisible();
  await expect(app.getByRole('group', { name: 'कॉलबैक ब्रिज' })).toBeVisible();
  await expect(app.getByLabel('जब कोई HIP नया डेटा बताए, तो नए रिकॉर्ड अपने-आप मँगाएँ')).not.toBeChecked();
  await expect(app.getByTestId('callback-registration')).toContainText('प्रशिक्षण मोड में कुछ भी पंजीकृत कराने की ज़रूरत नहीं');
  await shoot(app, 'settings-hiu-hi');

  await app.getByLabel('सुनने वाला पोर्ट').fill('70000');
  await app.getByRole('button', { name: 'सेटिंग्स सहेजें' }).click();
  await expect(app.getByLabel('सुनने वाला पोर्ट')).toHaveAccessibleDescription('सुनने वाला पोर्ट 1 से 65535 तक की कोई पूर्ण संख्या होनी चाहिए।');
  await shoot(app, 'settings-hiu-hi-refused');
});

test('callbacks through the clinic’s relay: the address, a write-only credential, and what the status says', async ({ app }) => {
  await openScreen(app, 6);
  const status = app.getByTestId('bridge-status');
  await expect(status).toContainText('Listening on this computer at http://127.0.0.1:');
  await expect(app.getByLabel('Relay credential', { exact: true })).toHaveCount(0);

  await app.getByLabel('Callbacks arrive').selectOption('relay');
  // The relay replaces this computer's listening address and public URL.
  await expect(app.getByLabel('Listen host')).toHaveCount(0);
  await expect(app.getByLabel('Public callback URL')).toHaveCount(0);
  await app.getByLabel('Relay address').fill('relay.clinic.example');
  await app.getByRole('button', { name: 'Save settings' }).click();
  await expect(app.getByLabel('Relay address')).toHaveAccessibleDescription(/full address starting with https:\/\//);
  // Port 9 on this computer: nothing answers there.
  await app.getByLabel('Relay address').fill('http://127.0.0.1:9');
  await app.getByRole('button', { name: 'Save settings' }).click();
  await setAdminPin(app);
  await expect(app.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();
  await expect(status).toContainText('Not connected to the clinic’s relay.');
  await expect(status).toContainText('No relay credential is saved for this desk.');
  await expect(app.getByTestId('callback-registration')).toContainText('Not known yet: the relay tells this desk once it connects.');

  const credential = app.getByLabel('Relay credential', { exact: true });
  await expect(credential).toHaveAttribute('type', 'password');
  await credential.fill('desk-frontdesk1.too-short');
  await app.getByRole('button', { name: 'Save relay credential' }).click();
  await expect(credential).toHaveAccessibleDescription(/This is not a whole relay credential/);
  await credential.fill('desk-frontdesk1.s3cr3t_s3cr3t_s3cr3t_s3cr3t_s3cr3t_s3cr3t_s');
  await app.getByRole('button', { name: 'Save relay credential' }).click();
  await expect(app.getByRole('status').filter({ hasText: /Relay credential (saved in the system keychain|kept only until ABHA Desk closes)/ })).toBeVisible();
  // Never shown back.
  await expect(credential).toHaveValue('');
  await expect(status).toContainText('The relay cannot be reached.');
  await expect(status).toContainText('Details for the IT person:');
  await shoot(app, 'settings-relay-en');

  await app.getByRole('button', { name: 'Language: हिन्दी' }).click();
  await expect(status).toContainText('क्लिनिक के रिले से नहीं जुड़ा है।');
  await expect(status).toContainText('रिले तक पहुँचा नहीं जा सका।');
  await expect(app.getByLabel('रिले क्रेडेंशियल', { exact: true })).toBeVisible();
  await shoot(app, 'settings-relay-hi');
});

/** A full-page screenshot attached to the report, for a person to look at the screen as the operator sees it. */
async function shoot(page: Page, name: string): Promise<void> {
  const shot = test.info().outputPath(`${name}.png`);
  await page.screenshot({ path: shot, fullPage: true });
  await test.info().attach(name, { path: shot, contentType: 'image/png' });
}

test.describe('on a fresh install', () => {
  test.use({ abdmApi: 'v3' });

  test('the ABDM API is v3, shown on the About line; switching to v1 shows its URLs and stops an enrolment in progress', async ({ app }, testInfo) => {
    await expect(app.getByTestId('abdm-api')).toHaveText('ABDM API v3');
    await openScreen(app, 6);
    await expect(app.getByLabel('ABDM API')).toHaveValue('v3');
    await expect(app.getByLabel('ABHA v3 base URL')).toHaveValue('https://abhasbx.abdm.gov.in/abha/api/v3');
    await expect(app.getByLabel('HIE-CM (gateway) base URL')).toHaveValue('https://dev.abdm.gov.in/api/hiecm');
    await expect(app.getByLabel('Health ID base URL')).toHaveCount(0);
    await app.screenshot({ path: testInfo.outputPath('settings-abdm-api.png'), fullPage: true });

    // An enrolment is under way on v3…
    await openScreen(app, 2);
    await app.getByLabel('Aadhaar number').pressSequentially('234567890124');
    await app.getByLabel('The patient has heard this and agrees').check();
    await app.getByRole('button', { name: 'Send OTP to the Aadhaar-linked mobile' }).click();
    await expect(app.getByLabel('OTP (6 digits)')).toBeVisible();

    // …when the desk is switched to the legacy API.
    await openScreen(app, 6);
    await app.getByLabel('ABDM API').selectOption('v1');
    await expect(app.getByLabel('Health ID base URL')).toHaveValue('https://healthidsbx.abdm.gov.in/api/v1');
    await app.getByRole('button', { name: 'Save settings' }).click();
    // Switching the API is asked first (issue 23).
    await app.getByRole('dialog', { name: /^Switch the ABDM API to v1/ }).getByRole('button', { name: 'Switch to v1' }).click();
    await setAdminPin(app);
    await expect(app.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();
    await expect(app.getByTestId('abdm-api')).toHaveText('ABDM API v1 (legacy)');

    await openScreen(app, 2);
    await app.getByLabel('OTP (6 digits)').fill('123456');
    await app.getByLabel('Mobile number for the ABHA').fill('9876500001');
    await app.getByLabel('Mobile number for the ABHA').press('Enter');
    const alert = app.getByRole('alert');
    await expect(alert).toHaveAttribute('data-error-code', 'API_CHANGED');
    await expect(alert).toContainText('The ABDM API was changed in Settings');
    await alert.getByRole('button', { name: 'Start again' }).click();
    await expect(app.getByLabel('Aadhaar number')).toHaveValue('XXXX XXXX 0124');
  });
});

test.describe('switching the ABDM API', () => {
  test('asks first, naming what changes; Cancel (or Escape) keeps the API the desk has, with nothing saved', async ({ app }) => {
    await openScreen(app, 6);
    await expect(app.getByLabel('ABDM API')).toHaveValue('v1');
    await app.getByLabel('ABDM API').selectOption('v3');
    await app.getByRole('button', { name: 'Save settings' }).click();
    const dialog = app.getByRole('dialog', { name: 'Switch the ABDM API to v3 — current (ABHA v3, HIE-CM v3)?' });
    await expect(dialog).toContainText('any enrolment or verification in progress stops, and patients are verified again');
    await expect(dialog).toContainText('new enrolments, verifications and consent requests go to ABDM on the new API');
    await expect(dialog).toContainText('its HIU must be set up for the new API too');
    // The safe answer is the one under the caret.
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await shoot(app, 'abdm-api-switch-en');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(app.locator('form.settings').getByRole('status')).toHaveText('Nothing was saved: the desk stays on ABDM API v1.');
    await expect(app.getByLabel('ABDM API')).toHaveValue('v1');
    await expect(app.getByTestId('abdm-api')).toHaveText('ABDM API v1 (legacy)');
    // No PIN was asked for, and nothing was saved.
    await expect(app.getByRole('dialog')).toHaveCount(0);
    const saved = await app.evaluate(() => window.abhaDesk!.settings.get());
    expect(saved.ok && saved.value.abdmApi).toBe('v1');

    await app.getByLabel('ABDM API').selectOption('v3');
    await app.getByRole('button', { name: 'Save settings' }).click();
    await expect(dialog).toBeVisible();
    await app.keyboard.press('Escape');
    await expect(app.getByLabel('ABDM API')).toHaveValue('v1');
  });

  test('in Hindi the question is Hindi; confirmed, the API is switched', async ({ app }) => {
    await app.getByRole('button', { name: 'Language: हिन्दी' }).click();
    await openScreen(app, 6);
    await app.getByLabel('ABDM API').selectOption('v3');
    await app.getByRole('button', { name: 'सेटिंग्स सहेजें' }).click();
    const dialog = app.getByRole('dialog', { name: 'ABDM API को v3 — मौजूदा (ABHA v3, HIE-CM v3) पर बदलें?' });
    await expect(dialog).toContainText('चल रहा कोई भी नामांकन या सत्यापन रुक जाएगा');
    await expect(dialog).toContainText('रिले का HIU भी नए API के लिए सेट होना चाहिए');
    await shoot(app, 'abdm-api-switch-hi');
    await dialog.getByRole('button', { name: 'रद्द करें' }).click();
    await expect(app.locator('form.settings').getByRole('status')).toHaveText('कुछ भी सहेजा नहीं गया: डेस्क ABDM API v1 पर ही है।');
    await app.getByLabel('ABDM API').selectOption('v3');
    await app.getByRole('button', { name: 'सेटिंग्स सहेजें' }).click();
    await dialog.getByRole('button', { name: 'v3 पर बदलें' }).click();
    const set = app.getByRole('dialog', { name: 'एडमिन PIN सेट करें' });
    await set.getByLabel('नया एडमिन PIN (6 से 12 अंक)').fill('482916');
    await set.getByLabel('वही PIN फिर से').fill('482916');
    await set.getByRole('button', { name: 'PIN सेट करें और आगे बढ़ें' }).click();
    await expect(app.getByRole('status').filter({ hasText: 'सेटिंग्स सहेज ली गईं।' })).toBeVisible();
    const saved = await app.evaluate(() => window.abhaDesk!.settings.get());
    expect(saved.ok && saved.value.abdmApi).toBe('v3');
  });
});

// ——— Refusals in plain words, leaving with unsaved edits, the admin PIN, Production, the idle time ———

test('a bad port is refused in plain words naming the field, in English and, after switching the language, in Hindi', async ({ app }) => {
  await openScreen(app, 6);
  await app.getByLabel('Listen port').fill('70000');
  await app.getByRole('button', { name: 'Save settings' }).click();
  const port = app.getByLabel('Listen port');
  await expect(port).toHaveAccessibleDescription('Listen port must be a whole number from 1 to 65535.');
  await expect(app.getByRole('alert')).toContainText('Some details were not accepted: Listen port must be a whole number from 1 to 65535.');
  await shoot(app, 'h5-refused-port-en');

  // The words follow the language; nothing is sent again and the typed value stays.
  await app.getByRole('button', { name: 'Language: हिन्दी' }).click();
  const portHi = app.getByLabel('सुनने वाला पोर्ट');
  await expect(portHi).toHaveValue('70000');
  await expect(portHi).toHaveAccessibleDescription('सुनने वाला पोर्ट 1 से 65535 तक की कोई पूर्ण संख्या होनी चाहिए।');
  await expect(app.getByRole('alert')).toContainText('कुछ जानकारी स्वीकार नहीं हुई: सुनने वाला पोर्ट 1 से 65535 तक की कोई पूर्ण संख्या होनी चाहिए।');
  await shoot(app, 'h5-refused-port-hi');
});

test('every field on the screen, given a bad value, says what it takes in plain words, naming itself, in English and Hindi', async ({ app }) => {
  await openScreen(app, 6);
  const form = app.locator('form.settings');
  const numbers = form.getByRole('spinbutton');
  const texts = form.getByRole('textbox');
  for (const field of await numbers.all()) await field.fill('999999');
  // Longer than any text setting may be (URLs take at most 2,048 characters).
  for (const field of await texts.all()) await field.fill('x'.repeat(2_100));
  await app.getByRole('button', { name: 'Save settings' }).click();
  await expect(app.getByRole('alert')).toContainText('Settings not saved');

  const filled = [...(await numbers.all()), ...(await texts.all())];
  expect(filled.length).toBeGreaterThanOrEqual(14);
  const zodWords = /expected|too big|too small|invalid input|invalid|received|\{\w+\}/i;
  for (const language of ['en', 'hi'] as const) {
    if (language === 'hi') await app.getByRole('button', { name: 'Language: हिन्दी' }).click();
    for (const field of filled) {
      const id = await field.getAttribute('id');
      await expect(field, `${id} (${language})`).toHaveAttribute('aria-invalid', 'true');
      // The label and its message are read together until they agree: just after the switch to Hindi, one of them may
      // not be redrawn yet (the page is not done switching, which is not the message's fault).
      const read = async () => ({
        label: (await app.locator(`label[for="${id}"]`).innerText()).trim(),
        words: (await app.locator(`[id="${id}-error"]`).innerText()).trim(),
      });
      await expect.poll(async () => { const { label, words } = await read(); return words.includes(label); }, { message: `${id} (${language}) names its field` }).toBe(true);
      const { words } = await read();
      expect(words, `${id} (${language})`).not.toMatch(zodWords);
      if (language === 'hi') expect(words, id!).toMatch(/[\u0900-\u097F]/);
    }
    expect(await app.getByRole('alert').innerText()).not.toMatch(zodWords);
  }
});

test.describe('leaving Settings with unsaved edits', () => {
  const leaveDialog = (page: Page) => page.getByRole('dialog', { name: 'Save your changes to Settings?' });

  test('asks Save / Discard / Stay; Stay and Escape keep the edits, and Tab stays inside the question', async ({ app }) => {
    await openScreen(app, 6);
    await app.getByLabel('Operator name').fill('Asha Verma');
    await openScreen(app, 1);
    const dialog = leaveDialog(app);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Some settings were changed and not saved yet.');
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeFocused();
    // Tab and Shift+Tab go round the three answers; nothing behind the dialog takes focus.
    for (let i = 0; i < 4; i += 1) {
      await app.keyboard.press('Tab');
      expect(await app.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    }
    await app.keyboard.press('Shift+Tab');
    expect(await app.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    await shoot(app, 'h5-leave-en');

    await dialog.getByRole('button', { name: 'Stay' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(app.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(app.getByLabel('Operator name')).toHaveValue('Asha Verma');

    // Escape is Stay too, from the nav bar as from a shortcut.
    await app.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Today' }).click();
    await expect(dialog).toBeVisible();
    await app.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(app.getByLabel('Operator name')).toHaveValue('Asha Verma');
    await expect(app.getByTestId('operator-name')).not.toHaveText('Asha Verma');
  });

  test('Discard drops the edits and leaves; Save saves them and leaves', async ({ app }) => {
    await openScreen(app, 6);
    await app.getByLabel('Operator name').fill('Not kept');
    await app.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Today' }).click();
    await leaveDialog(app).getByRole('button', { name: 'Discard changes' }).click();
    await expect(app.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
    await openScreen(app, 6);
    await expect(app.getByLabel('Operator name')).toHaveValue('');

    await app.getByLabel('Operator name').fill('Meena Sharma');
    await openScreen(app, 1);
    await leaveDialog(app).getByRole('button', { name: 'Save' }).click();
    await expect(app.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
    await expect(app.getByTestId('operator-name')).toHaveText('Meena Sharma');
    const saved = await app.evaluate(() => window.abhaDesk!.settings.get());
    expect(saved.ok && saved.value.operatorName).toBe('Meena Sharma');
  });

  test('a Save that main refuses keeps the operator on Settings, with the field marked', async ({ app }) => {
    await openScreen(app, 6);
    await app.getByLabel('Answer timeout (seconds)').fill('1');
    await openScreen(app, 1);
    await leaveDialog(app).getByRole('button', { name: 'Save' }).click();
    await expect(app.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(app.getByLabel('Answer timeout (seconds)')).toHaveAccessibleDescription('Answer timeout (seconds) must be a whole number from 5 to 3600.');
  });

  test('the browser’s Back asks too, and Stay keeps the operator on Settings', async ({ app }) => {
    await openScreen(app, 6);
    await app.getByLabel('Clinic name').fill('Shanti Nursing Home');
    await app.goBack({ waitUntil: 'commit' }).catch(() => undefined);
    await leaveDialog(app).getByRole('button', { name: 'Stay' }).click();
    await expect(app.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(app.getByLabel('Clinic name')).toHaveValue('Shanti Nursing Home');
  });

  test('closing or reloading the window with unsaved edits asks the browser to confirm; nothing is lost when it stays', async ({ app }) => {
    await openScreen(app, 6);
    await app.getByLabel('Clinic name').fill('Shanti Nursing Home');
    const asked = new Promise<string>((resolve) => app.once('dialog', (dialog) => (resolve(dialog.type()), void dialog.dismiss())));
    await app.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
    expect(app.isClosed()).toBe(false);
    await expect(app.getByLabel('Clinic name')).toHaveValue('Shanti Nursing Home');

    // Saved, there is nothing to ask.
    await app.getByRole('button', { name: 'Save settings' }).click();
    await expect(app.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();
    let askedAgain = false;
    app.once('dialog', (dialog) => ((askedAgain = true), void dialog.dismiss()));
    await app.reload();
    await expect(app.getByTestId('app-version')).toBeVisible();
    expect(askedAgain).toBe(false);
  });
});

test.describe('the admin PIN', () => {
  test('the first change of the environment asks to set a PIN (typed twice); a second session needs the PIN', async ({ app }) => {
    await openScreen(app, 6);
    const lock = app.getByTestId('connection-lock');
    await expect(lock).toContainText('No admin PIN is set on this desk yet.');
    await app.getByLabel('Environment').selectOption('abdm-sandbox');
    await app.getByRole('button', { name: 'Save settings' }).click();

    const dialog = app.getByRole('dialog', { name: 'Set an admin PIN' });
    await expect(dialog).toContainText('From now on they change only with the admin PIN.');
    await expect(dialog.getByLabel('New admin PIN (6 to 12 digits)')).toBeFocused();
    await dialog.getByLabel('New admin PIN (6 to 12 digits)').fill('1234');
    await dialog.getByRole('button', { name: 'Set PIN and continue' }).click();
    await expect(dialog.getByLabel('New admin PIN (6 to 12 digits)')).toHaveAccessibleDescription('An admin PIN has 6 to 12 digits, and nothing else.');
    await dialog.getByLabel('New admin PIN (6 to 12 digits)').fill('482916');
    await dialog.getByLabel('The same PIN again').fill('482619');
    await dialog.getByRole('button', { name: 'Set PIN and continue' }).click();
    await expect(dialog.getByLabel('The same PIN again')).toHaveAccessibleDescription('The two PINs are not the same: type them again.');
    await shoot(app, 'h5-set-pin-en');
    await dialog.getByLabel('New admin PIN (6 to 12 digits)').fill('482916');
    await dialog.getByLabel('The same PIN again').fill('482916');
    await dialog.getByRole('button', { name: 'Set PIN and continue' }).click();
    await expect(app.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();
    await expect(app.getByTestId('training-banner')).toHaveCount(0);
    await expect(lock).toContainText(/The connection settings are unlocked until \d\d-\d\d-\d{4} \d\d:\d\d, and lock again when you leave Settings\./);

    // A second session (the page opened again): locked; main refuses a change even from a page that tries.
    await app.reload();
    await expect(app.getByTestId('app-version')).toBeVisible();
    await openScreen(app, 6);
    await expect(lock).toContainText('are locked with the admin PIN');
    await expect(app.getByLabel('Environment')).toBeDisabled();
    await expect(app.getByLabel('Client ID')).toBeDisabled();
    await expect(app.getByLabel('Client secret', { exact: true })).toBeDisabled();
    // The desk's own settings stay open.
    await expect(app.getByLabel('Operator name')).toBeEnabled();
    await expect(app.getByLabel('Idle time before the patient is closed (minutes)')).toBeEnabled();
    const sneaked = await app.evaluate(() => window.abhaDesk!.settings.update({ environment: 'training' }));
    expect(sneaked).toEqual({ ok: false, error: { code: 'ADMIN_PIN_REQUIRED', params: { reason: 'locked' } } });
    await shoot(app, 'h5-locked-en');

    await app.getByRole('button', { name: 'Unlock with admin PIN' }).click();
    const unlock = app.getByRole('dialog', { name: 'Unlock the connection settings' });
    await expect(unlock).toContainText('5 tries left before a 15-minute wait.');
    await unlock.getByLabel('Admin PIN').fill('000000');
    await unlock.getByRole('button', { name: 'Unlock', exact: true }).click();
    await expect(unlock.getByLabel('Admin PIN')).toHaveAccessibleDescription(
      'That is not the admin PIN. 4 tries left; then the PIN cannot be tried for 15 minutes.',
    );
    await expect(unlock.getByLabel('Admin PIN')).toHaveValue('');
    await expect(unlock.getByLabel('Admin PIN')).toBeFocused();
    await shoot(app, 'h5-wrong-pin-en');
    await unlock.getByLabel('Admin PIN').fill('482916');
    await unlock.getByLabel('Admin PIN').press('Enter');
    await expect(unlock).toHaveCount(0);
    // Unlocked, the caret is in the first connection setting.
    await expect(app.getByLabel('Environment')).toBeFocused();
    await app.getByLabel('Environment').selectOption('training');
    await app.getByRole('button', { name: 'Save settings' }).click();
    await expect(app.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();
    await expect(app.getByTestId('training-banner')).toBeVisible();

    // Leaving Settings locks again.
    await openScreen(app, 1);
    await openScreen(app, 6);
    await expect(app.getByLabel('Environment')).toBeDisabled();
  });

  test('five wrong PINs disable the PIN box and say when it can be tried again, even after a reload; in Hindi too', async ({ app }) => {
    await openScreen(app, 6);
    await app.getByLabel('CM ID').fill('sbx2');
    await app.getByRole('button', { name: 'Save settings' }).click();
    const set = app.getByRole('dialog', { name: 'Set an admin PIN' });
    await set.getByLabel('New admin PIN (6 to 12 digits)').fill('705318');
    await set.getByLabel('The same PIN again').fill('705318');
    await set.getByRole('button', { name: 'Set PIN and continue' }).click();
    await expect(app.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();
    await app.getByRole('button', { name: 'Lock now' }).click();

    await app.getByRole('button', { name: 'Unlock with admin PIN' }).click();
    const unlock = app.getByRole('dialog', { name: 'Unlock the connection settings' });
    const box = unlock.getByLabel('Admin PIN');
    for (const left of ['4 tries left', '3 tries left', '2 tries left', 'One try left']) {
      await box.fill('111111');
      await box.press('Enter');
      await expect(box).toHaveAccessibleDescription(new RegExp(`^That is not the admin PIN\\. ${left}`));
    }
    const before = Date.now();
    await box.fill('111111');
    await box.press('Enter');
    await expect(box).toBeDisabled();
    await expect(unlock.getByRole('button', { name: 'Unlock', exact: true })).toBeDisabled();
    // 15 minutes from the fifth try, in the card's day-month-year and 24-hour time.
    const at = (ms: number) => {
      const d = new Date(ms);
      const two = (n: number) => String(n).padStart(2, '0');
      return `${two(d.getDate())}-${two(d.getMonth() + 1)}-${d.getFullYear()} ${two(d.getHours())}:${two(d.getMinutes())}`;
    };
    const candidates = [at(before + 15 * 60_000), at(Date.now() + 15 * 60_000)];
    const waiting = (await unlock.getByRole('status').innerText()).trim();
    expect(candidates.map((time) => `Too many wrong admin PINs: the PIN can be tried again at ${time}.`)).toContain(waiting);
    await shoot(app, 'h5-pin-wait-en');

    // A reload does not end the wait.
    await app.keyboard.press('Escape');
    await app.reload();
    await expect(app.getByTestId('app-version')).toBeVisible();
    await app.getByRole('button', { name: 'Language: हिन्दी' }).click();
    await openScreen(app, 6);
    await expect(app.getByTestId('connection-lock')).toContainText('बहुत बार गलत एडमिन PIN डाला गया: PIN');
    await app.getByRole('button', { name: 'एडमिन PIN से खोलें' }).click();
    const unlockHi = app.getByRole('dialog', { name: 'कनेक्शन सेटिंग्स खोलें' });
    await expect(unlockHi.getByLabel('एडमिन PIN')).toBeDisabled();
    await expect(unlockHi.getByRole('status')).toContainText('पर फिर से आज़माया जा सकता है।');
    await shoot(app, 'h5-pin-wait-hi');
  });

  test('in Hindi: the lock, the PIN dialogs and a wrong PIN', async ({ app }) => {
    await app.getByRole('button', { name: 'Language: हिन्दी' }).click();
    await openScreen(app, 6);
    await expect(app.getByTestId('connection-lock')).toContainText('इस डेस्क पर अभी कोई एडमिन PIN सेट नहीं है।');
    await app.getByLabel('HIU आईडी').fill('HIU-CLINIC-07');
    await app.getByRole('button', { name: 'सेटिंग्स सहेजें' }).click();
    const set = app.getByRole('dialog', { name: 'एडमिन PIN सेट करें' });
    await expect(set).toContainText('अब से ये केवल एडमिन PIN से बदलेंगी।');
    await shoot(app, 'h5-set-pin-hi');
    await set.getByLabel('नया एडमिन PIN (6 से 12 अंक)').fill('482916');
    await set.getByLabel('वही PIN फिर से').fill('482916');
    await set.getByRole('button', { name: 'PIN सेट करें और आगे बढ़ें' }).click();
    await expect(app.getByRole('status').filter({ hasText: 'सेटिंग्स सहेज ली गईं।' })).toBeVisible();
    await app.getByRole('button', { name: 'अभी लॉक करें' }).click();
    await expect(app.getByTestId('connection-lock')).toContainText('एडमिन PIN से लॉक हैं।');
    await shoot(app, 'h5-locked-hi');
    await app.getByRole('button', { name: 'एडमिन PIN से खोलें' }).click();
    const unlock = app.getByRole('dialog', { name: 'कनेक्शन सेटिंग्स खोलें' });
    await unlock.getByLabel('एडमिन PIN').fill('000000');
    await unlock.getByRole('button', { name: 'खोलें', exact: true }).click();
    await expect(unlock.getByLabel('एडमिन PIN')).toHaveAccessibleDescription(
      'यह एडमिन PIN नहीं है। 4 कोशिशें बाकी हैं; उसके बाद 15 मिनट तक PIN नहीं आज़माया जा सकता।',
    );
    await shoot(app, 'h5-wrong-pin-hi');
  });
});

test.describe('switching to Production', () => {
  test('asks first, in plain words; Cancel (or Escape) leaves the desk on Training, with nothing saved', async ({ app }) => {
    await openScreen(app, 6);
    await app.getByLabel('Environment').selectOption('production');
    await app.getByRole('button', { name: 'Save settings' }).click();
    const dialog = app.getByRole('dialog', { name: 'Switch this desk to Production?' });
    await expect(dialog).toContainText('real patients’ ABHA accounts, and OTPs go to their real mobiles');
    await expect(dialog).toContainText('the TRAINING banner goes away');
    // The safe answer is the one under the caret.
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await shoot(app, 'h5-production-en');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(app.locator('form.settings').getByRole('status')).toHaveText('Nothing was saved: the desk stays on Training (simulator).');
    await expect(app.getByLabel('Environment')).toHaveValue('training');
    await expect(app.getByTestId('training-banner')).toBeVisible();
    // No PIN was asked for, and none was set.
    await expect(app.getByRole('dialog')).toHaveCount(0);
    const saved = await app.evaluate(() => window.abhaDesk!.settings.get());
    expect(saved.ok && saved.value.environment).toBe('training');

    await app.getByLabel('Environment').selectOption('production');
    await app.getByRole('button', { name: 'Save settings' }).click();
    await expect(dialog).toBeVisible();
    await app.keyboard.press('Escape');
    await expect(app.getByLabel('Environment')).toHaveValue('training');
  });

  test('confirmed, it asks for the PIN and then the TRAINING banner goes away; in Hindi the question is Hindi', async ({ app }) => {
    await app.getByRole('button', { name: 'Language: हिन्दी' }).click();
    await openScreen(app, 6);
    await app.getByLabel('परिवेश').selectOption('production');
    await app.getByRole('button', { name: 'सेटिंग्स सहेजें' }).click();
    const dialog = app.getByRole('dialog', { name: 'इस डेस्क को प्रोडक्शन पर ले जाएँ?' });
    await expect(dialog).toContainText('प्रशिक्षण वाला बैनर हट जाएगा');
    await shoot(app, 'h5-production-hi');
    await dialog.getByRole('button', { name: 'प्रोडक्शन पर ले जाएँ' }).click();
    const set = app.getByRole('dialog', { name: 'एडमिन PIN सेट करें' });
    await set.getByLabel('नया एडमिन PIN (6 से 12 अंक)').fill('482916');
    await set.getByLabel('वही PIN फिर से').fill('482916');
    await set.getByRole('button', { name: 'PIN सेट करें और आगे बढ़ें' }).click();
    await expect(app.getByRole('status').filter({ hasText: 'सेटिंग्स सहेज ली गईं।' })).toBeVisible();
    await expect(app.getByTestId('training-banner')).toHaveCount(0);
  });
});

test('the idle time before the patient is closed: no PIN, 0 to 120 minutes, kept after a reload', async ({ app }) => {
  await openScreen(app, 6);
  const idle = app.getByLabel('Idle time before the patient is closed (minutes)');
  await expect(idle).toHaveValue('5');
  await expect(idle).toHaveAccessibleDescription(/0 = never; at most 120\./);
  await idle.fill('121');
  await app.getByRole('button', { name: 'Save settings' }).click();
  await expect(idle).toHaveAccessibleDescription('Idle time before the patient is closed (minutes) must be a whole number from 0 to 120.');
  await idle.fill('15');
  await app.getByRole('button', { name: 'Save settings' }).click();
  await expect(app.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();
  await expect(app.getByRole('dialog')).toHaveCount(0);
  await shoot(app, 'h5-idle-en');

  await app.reload();
  await expect(app.getByTestId('app-version')).toBeVisible();
  await app.getByRole('button', { name: 'Language: हिन्दी' }).click();
  await openScreen(app, 6);
  await expect(app.getByLabel('मरीज़ बंद होने से पहले खाली समय (मिनट)')).toHaveValue('15');
  await app.getByLabel('मरीज़ बंद होने से पहले खाली समय (मिनट)').fill('0');
  await app.getByRole('button', { name: 'सेटिंग्स सहेजें' }).click();
  await expect(app.getByRole('status').filter({ hasText: 'सेटिंग्स सहेज ली गईं।' })).toBeVisible();
  const saved = await app.evaluate(() => window.abhaDesk!.settings.get());
  expect(saved.ok && saved.value.idleCloseMinutes).toBe(0);
  await shoot(app, 'h5-idle-hi');
});
