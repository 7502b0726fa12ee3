// English/Hindi: the switch is a setting, so it is kept across reloads.
import { expect, openScreen, test } from './web-mode';

test('switches to Hindi and back, and keeps the choice after a reload', async ({ app }) => {
  await app.getByRole('button', { name: 'Language: हिन्दी' }).click();
  const nav = app.getByRole('navigation', { name: 'स्क्रीन' });
  await expect(nav.getByRole('button', { name: 'सेटिंग्स' })).toBeVisible();
  await expect(app.getByTestId('training-banner')).toHaveText(/प्रशिक्षण/);
  await expect(app.locator('html')).toHaveAttribute('lang', 'hi');

  await app.reload();
  await openScreen(app, 6);
  await expect(app.getByRole('heading', { level: 1, name: 'सेटिंग्स' })).toBeFocused();
  await expect(app.getByLabel('ऑपरेटर का नाम')).toBeVisible();
  await expect(app.getByLabel('भाषा', { exact: true })).toHaveValue('hi');

  await app.getByRole('button', { name: 'भाषा: English' }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(app.locator('html')).toHaveAttribute('lang', 'en');
});

test('placeholder screens are translated too', async ({ app }) => {
  await app.getByRole('button', { name: 'Language: हिन्दी' }).click();
  await openScreen(app, 5);
  await expect(app.getByRole('heading', { level: 1, name: 'रिकॉर्ड' })).toBeVisible();
  await expect(app.getByRole('heading', { name: 'अभी उपलब्ध नहीं' })).toBeVisible();
});
