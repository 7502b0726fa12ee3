// The Settings screen edits main's settings through IPC; what is saved survives a reload.
import { expect, openScreen, test } from './web-mode';

test('changes operator, environment and a base URL, and keeps them after a reload', async ({ app }) => {
  await openScreen(app, 6);
  await app.getByLabel('Operator name').fill('Asha Verma');
  await app.getByLabel('Environment').selectOption('abdm-sandbox');
  await app.getByLabel('Gateway base URL').fill('https://gateway.clinic.example/gw');
  await app.getByLabel('Client ID').fill('SBX_001234');
  await app.getByLabel('Operator name').press('Enter');
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
  await expect(app.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();
  await expect(app.getByLabel('Gateway base URL')).toHaveValue('https://live.abdm.gov.in/gateway');
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

test('settings.update with a wrong type answers INVALID_INPUT naming bridge.port', async ({ app }) => {
  const result = await app.evaluate(() =>
    // The page is typed against the contract; this call deliberately breaks it, as a buggy screen might.
    window.abhaDesk!.settings.update({ bridge: { port: 'x' } } as never),
  );
  expect(result.ok).toBe(false);
  if (result.ok) return;
  expect(result.error.code).toBe('INVALID_INPUT');
  expect(result.error.fields).toEqual([{ path: 'bridge.port', code: 'wrong-type', params: { expected: 'number' } }]);
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
