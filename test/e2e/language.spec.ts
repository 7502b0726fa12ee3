// English/Hindi: the switch is a setting, so it is kept across reloads.
import { expect, openScreen, test } from './web-mode';

test('switches to Hindi and back, and keeps the choice after a reload', { tag: '@real-window' }, async ({ app }) => {
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

test('Today words an unset operator in Hindi too', async ({ app }) => {
  await app.getByRole('button', { name: 'Language: हिन्दी' }).click();
  await app.getByRole('navigation', { name: 'स्क्रीन' }).getByRole('button', { name: 'ABHA सत्यापन' }).click();
  await app.getByLabel(/ABHA नंबर, ABHA पता या मोबाइल/).fill('91-4820-1736-5529');
  await app.getByRole('button', { name: /OTP भेजें/ }).click();
  await app.getByLabel(/OTP/).first().fill('123456');
  await app.getByLabel(/OTP/).first().press('Enter');
  await app.getByRole('navigation', { name: 'स्क्रीन' }).getByRole('button', { name: 'आज' }).click();
  await expect(app.getByTestId('audit-table').locator('tr[data-action="abha.verified"]')).toContainText('सेट नहीं');
});

test('the Records screen is in Hindi too', async ({ app }) => {
  await app.getByRole('button', { name: 'Language: हिन्दी' }).click();
  await openScreen(app, 5);
  await expect(app.getByRole('heading', { level: 1, name: 'रिकॉर्ड' })).toBeVisible();
  await expect(app.getByRole('button', { name: 'मरीज़ खोजें' })).toBeVisible();
});

test('a Hindi desk reads main’s refusals in Hindi, next to each field, and again in English after switching back', async ({ app }) => {
  await app.getByRole('button', { name: 'Language: हिन्दी' }).click();
  await openScreen(app, 6);
  await app.getByLabel('गेटवे बेस URL').fill('gateway.example');
  await app.getByLabel('ऑपरेटर का नाम').fill('मीना\u202Egnp.exe');
  await app.getByRole('button', { name: 'सेटिंग्स सहेजें' }).click();

  await expect(app.getByRole('alert')).toContainText('कुछ जानकारी स्वीकार नहीं हुई');
  await expect(app.getByLabel('गेटवे बेस URL')).toHaveAccessibleDescription(/https:\/\/ से शुरू होने वाला पूरा पता/);
  await expect(app.getByLabel('ऑपरेटर का नाम')).toHaveAccessibleDescription(/अदृश्य अक्षर हटाएँ/);
  const shot = test.info().outputPath('settings-refusals-hindi.png');
  await app.screenshot({ path: shot, fullPage: true });
  await test.info().attach('settings refusals in Hindi', { path: shot, contentType: 'image/png' });

  // The words follow the language, with nothing sent again.
  await app.getByRole('button', { name: 'भाषा: English' }).click();
  await expect(app.getByLabel('Gateway base URL')).toHaveAccessibleDescription(/full address starting with https:\/\//);
  await expect(app.getByLabel('Operator name')).toHaveAccessibleDescription(/invisible characters/);
});
