// The relay address on Settings → Callbacks (issue 23): plain http:// only to this computer, since the desk sends its
// relay credential there and takes health records from it; and the callback status's times in the one date format of
// every screen (dd-mm-yyyy HH:mm), in English and Hindi.
import { expect, openScreen, setAdminPin, test } from './web-mode';

const CREDENTIAL = 'desk-frontdesk1.s3cr3t_s3cr3t_s3cr3t_s3cr3t_s3cr3t_s3cr3t_s';
const DAY_TIME = /\d\d-\d\d-\d{4} \d\d:\d\d/;

test('refuses an http:// relay on another computer, naming the field, and saves nothing', async ({ app }) => {
  await openScreen(app, 6);
  await app.getByLabel('Callbacks arrive').selectOption('relay');
  const address = app.getByLabel('Relay address');
  await address.fill('http://relay.clinic.example');
  await app.getByRole('button', { name: 'Save settings' }).click();
  await expect(app.getByRole('alert')).toContainText('Settings not saved');
  await expect(address).toHaveAttribute('aria-invalid', 'true');
  await expect(address).toHaveAccessibleDescription('Relay address must be a full address starting with https:// (or http:// for this computer).');
  // Nothing was saved, so no admin PIN was asked for.
  await expect(app.getByRole('dialog', { name: 'Set an admin PIN' })).toHaveCount(0);
  await app.getByRole('button', { name: 'Language: हिन्दी' }).click();
  await expect(app.getByLabel('रिले का पता')).toHaveAccessibleDescription('रिले का पता https:// से शुरू होने वाला पूरा पता होना चाहिए (इस कंप्यूटर के लिए http://)।');

  await app.reload();
  await openScreen(app, 6);
  await expect(app.getByLabel('कॉलबैक कैसे आते हैं')).toHaveValue('direct');
});

test('takes an http:// relay on this computer, and says when it tries again as dd-mm-yyyy HH:mm', async ({ app }) => {
  await openScreen(app, 6);
  await app.getByLabel('Callbacks arrive').selectOption('relay');
  // Port 9 on this computer: nothing answers there.
  await app.getByLabel('Relay address').fill('http://127.0.0.1:9');
  await app.getByRole('button', { name: 'Save settings' }).click();
  await setAdminPin(app);
  await expect(app.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();
  await app.getByLabel('Relay credential', { exact: true }).fill(CREDENTIAL);
  await app.getByRole('button', { name: 'Save relay credential' }).click();

  const status = app.getByTestId('bridge-status');
  await expect(status).toContainText('The relay cannot be reached.');
  await expect(status).toContainText(new RegExp(`Trying again at ${DAY_TIME.source}\\.`));
  await app.getByRole('button', { name: 'Language: हिन्दी' }).click();
  await expect(status).toContainText(new RegExp(`${DAY_TIME.source} पर फिर से कोशिश होगी।`));
});
