// The shell an operator sees first: version from main, screens, keyboard, TRAINING banner.
import pkg from '../../package.json' with { type: 'json' };
import { expect, openScreen, setAdminPin, test, unlockConnection } from './web-mode';

test('shows the version that main reported, over the web transport', async ({ app }) => {
  await expect(app.getByTestId('app-version')).toHaveText(pkg.version);
  const info = await app.evaluate(() => window.abhaDesk!.app.info());
  expect(info).toMatchObject({ ok: true, value: { version: pkg.version, transport: 'web' } });
});

test('takes the token out of the address bar once it has been read', async ({ app, web }) => {
  expect(app.url()).toBe(`${web.origin}/`);
  await app.reload();
  await expect(app.getByTestId('app-version')).toHaveText(pkg.version);
});

test('gives the page exactly the contract, and the page cannot replace it', async ({ app }) => {
  const shape = await app.evaluate(() => {
    const api = window.abhaDesk as unknown as Record<string, unknown>;
    const before = api;
    try {
      (window as unknown as { abhaDesk: unknown }).abhaDesk = {};
    } catch {
      // Strict-mode scripts throw; either way the API must stay.
    }
    return { keys: Object.keys(api).sort(), same: window.abhaDesk === before, frozen: Object.isFrozen(api) };
  });
  expect(shape.keys).toEqual(expect.arrayContaining(['app', 'on', 'settings']));
  expect(shape).toMatchObject({ same: true, frozen: true });
});

test('opens every screen from the navigation; none says it is not yet available', async ({ app }) => {
  const nav = app.getByRole('navigation', { name: 'Screens' });
  for (const name of ['Today', 'Enrol', 'Verify ABHA', 'Patient', 'Records']) {
    await nav.getByRole('button', { name }).click();
    await expect(app.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(app.getByRole('heading', { name: 'Not yet available' })).toHaveCount(0);
    await expect(nav.getByRole('button', { name })).toHaveAttribute('aria-current', 'page');
  }
  await nav.getByRole('button', { name: 'Settings' }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(app.getByText('Not yet available')).toHaveCount(0);
});

test('works from the keyboard: Alt+number jumps, arrows move along the navigation', { tag: '@real-window' }, async ({ app }) => {
  await openScreen(app, 6);
  const settingsHeading = app.getByRole('heading', { level: 1, name: 'Settings' });
  await expect(settingsHeading).toBeFocused();

  // A screen with a form opens with the caret in its first field (navigation.svelte.ts focusScreen).
  await openScreen(app, 2);
  await expect(app.getByLabel('Aadhaar number')).toBeFocused();

  // From there, Shift+Tab reaches the navigation's current entry (roving focus: one tab stop).
  await app.keyboard.press('Shift+Tab');
  const nav = app.getByRole('navigation', { name: 'Screens' });
  await expect(nav.getByRole('button', { name: 'Enrol' })).toBeFocused();
  await app.keyboard.press('ArrowDown');
  await expect(nav.getByRole('button', { name: 'Verify ABHA' })).toBeFocused();
  await app.keyboard.press('Enter');
  await expect(app.getByLabel('ABHA number, ABHA address or mobile')).toBeFocused();

  await app.keyboard.press('Shift+Tab');
  await app.keyboard.press('End');
  await expect(nav.getByRole('button', { name: 'Settings' })).toBeFocused();
  await app.keyboard.press('ArrowDown');
  await expect(nav.getByRole('button', { name: 'Today' })).toBeFocused();
});

test('shows the TRAINING banner in training only', async ({ app }) => {
  const banner = app.getByTestId('training-banner');
  await expect(banner).toHaveText(/TRAINING/);

  await openScreen(app, 6);
  await app.getByLabel('Environment').selectOption('abdm-sandbox');
  await app.getByRole('button', { name: 'Save settings' }).click();
  await setAdminPin(app);
  await expect(app.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();
  await expect(banner).toHaveCount(0);

  await app.reload();
  await expect(app.getByTestId('app-version')).toBeVisible();
  await expect(banner).toHaveCount(0);

  await openScreen(app, 6);
  await unlockConnection(app);
  await app.getByLabel('Environment').selectOption('training');
  await app.getByRole('button', { name: 'Save settings' }).click();
  await expect(banner).toBeVisible();
});
