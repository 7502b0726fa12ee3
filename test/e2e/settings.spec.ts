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
