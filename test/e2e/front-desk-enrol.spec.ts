// Enrolment at the front desk, in training: from the Aadhaar number to the ABHA card, and every refusal.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { PNG } from 'pngjs';
import { TRAINING_IDENTITIES, INVALID_AADHAAR_EXAMPLE } from '../../sandbox/index';
import { enrol, enterOtp, OTP, openEnrol, startEnrolment } from './front-desk-steps';
import { expect, test } from './web-mode';

const ravi = TRAINING_IDENTITIES.newResident;

test('a first-time operator enrols a patient, then saves, previews and prints the card', async ({ app }, testInfo) => {
  await expect(app.getByTestId('training-banner')).toBeVisible();
  await openEnrol(app);
  const aadhaar = app.getByLabel('Aadhaar number');
  await aadhaar.pressSequentially(ravi.aadhaar.slice(0, 6));
  await expect(aadhaar).toHaveValue('XX45 67');
  await aadhaar.pressSequentially(ravi.aadhaar.slice(6));
  await expect(aadhaar).toHaveValue('XXXX XXXX 0124');
  await expect(app.getByText(/heard this/)).toBeVisible();
  await app.getByLabel('The patient has heard this and agrees').press('Space');
  await app.getByRole('button', { name: 'Send OTP to the Aadhaar-linked mobile' }).click();

  await expect(app.getByRole('status').filter({ hasText: 'XXXX XXXX 0124' })).toBeVisible();
  await expect(app.getByTestId('otp-validity')).toHaveText(/Valid for (10:00|9:\d\d)/);
  await expect(app.getByLabel('OTP (6 digits)')).toBeFocused();
  await app.keyboard.type(OTP);
  await app.keyboard.press('Enter');

  await expect(app.getByLabel('Mobile number for the ABHA')).toBeFocused();
  await app.keyboard.type(ravi.aadhaarMobile);
  await app.keyboard.press('Enter');
  await expect(app.getByRole('status').filter({ hasText: 'XXXXXX0001' })).toBeVisible();
  await app.keyboard.type(OTP);
  await app.keyboard.press('Enter');

  await expect(app.getByLabel('ABHA address (optional)')).toBeFocused();
  await app.keyboard.type('ravi.sharma85');
  await app.keyboard.press('Enter');

  await expect(app.getByRole('heading', { name: 'ABHA created' })).toBeVisible();
  await app.getByRole('button', { name: 'Open the patient' }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Patient' })).toBeFocused();
  await expect(app.getByTestId('patient-name')).toHaveText('Ravi Kumar Sharma');
  await expect(app.getByTestId('patient-abha-address')).toHaveText('ravi.sharma85@sbx');
  await expect(app.getByTestId('patient-gender')).toHaveText('Male');
  await expect(app.getByTestId('patient-dob')).toHaveText('12/3/1985');
  const abhaNumber = (await app.getByTestId('patient-abha-number').textContent()) ?? '';
  expect(abhaNumber).toMatch(/^\d{2}-\d{4}-\d{4}-\d{4}$/);
  const photo = app.getByRole('img', { name: 'Photo of Ravi Kumar Sharma' });
  await expect(photo).toHaveJSProperty('complete', true);
  expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const card = app.getByRole('img', { name: 'ABHA card of Ravi Kumar Sharma' });
  await expect(card).toBeVisible();
  expect(await card.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(300);

  await app.getByRole('button', { name: 'Save card as PNG' }).click();
  const pngPath = await savedPath(app, /Saved to (.+\.png)$/);
  const png = PNG.sync.read(readFileSync(pngPath));
  expect(png.width).toBeGreaterThan(300);
  expect(png.width / png.height).toBeCloseTo(85.6 / 54, 1);

  await app.getByRole('button', { name: 'Save card as PDF' }).click();
  const pdfPath = await savedPath(app, /Saved to (.+\.pdf)$/);
  expect(readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-');
  const pdfText = execFileSync('pdftotext', [pdfPath, '-'], { encoding: 'utf8' });
  expect(pdfText).toContain(abhaNumber);

  for (const layout of [
    { id: 'a4', button: 'Print preview: A4 sheet', page: 210 / 297 },
    { id: 'cr80', button: 'Print preview: CR80 card', page: 85.6 / 54 },
  ]) {
    await app.getByRole('button', { name: layout.button }).click();
    const preview = app.getByTestId(`print-preview-${layout.id}`);
    await expect(preview).toBeVisible();
    const sheet = (await preview.locator('svg').boundingBox())!;
    expect(sheet.width / sheet.height).toBeCloseTo(layout.page, 2);
    const cardBox = (await preview.getByTestId('print-card').boundingBox())!;
    expect(cardBox.width / cardBox.height).toBeCloseTo(85.6 / 54, 1);
    // The card is at true size relative to the page: 85.6 mm of the page's width.
    expect(cardBox.width / sheet.width).toBeCloseTo(85.6 / (layout.id === 'a4' ? 210 : 85.6), 2);
    const shot = testInfo.outputPath(`print-preview-${layout.id}.png`);
    await preview.screenshot({ path: shot });
    await testInfo.attach(`print preview ${layout.id}`, { path: shot, contentType: 'image/png' });
  }
  await app.getByRole('button', { name: 'Print on CR80 card' }).click();
  const printPage = await savedPath(app, /Print page saved to (.+\.html)$/);
  expect(readFileSync(printPage, 'utf8')).toContain('size: 85.6mm 54mm');

  await app.keyboard.press('Alt+Digit1');
  await expect(app.getByTestId('count-enrolled')).toHaveText('1');
  const table = app.getByTestId('audit-table');
  await expect(table.locator('tr[data-action="enrolment.created"]')).toContainText(abhaNumber);
  await expect(table.locator('tr[data-action="card.saved"]')).toHaveCount(2);
  await expect(table.locator('tr[data-action="card.printed"]')).toContainText('CR80 card');
  await expect(table).not.toContainText(ravi.aadhaar);
});

async function savedPath(page: import('@playwright/test').Page, pattern: RegExp): Promise<string> {
  const status = page.getByRole('status').filter({ hasText: pattern });
  await expect(status).toBeVisible();
  return pattern.exec((await status.textContent())!.trim())![1]!;
}
