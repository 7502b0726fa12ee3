// VRFY_ABHA_201 on the Verify screen (ABDM v3): the clerk sends the OTP of an ABHA number to the ABHA's own mobile
// instead of the Aadhaar-linked one; the OTP step says where it went, and the patient opens. The choice is not
// offered for a typed mobile (its OTP goes to that mobile). English and Hindi.
import { OTP, openVerify } from './front-desk-steps';
import { reviewShot } from './review-shot';
import { expect, test } from './web-mode';

test.use({ abdmApi: 'v3' });

test('the OTP goes to the ABHA’s own mobile when the clerk chooses it', async ({ app }) => {
  test.setTimeout(60_000);
  await openVerify(app);
  const field = app.getByLabel('ABHA number, ABHA address or mobile');
  await field.fill('91-4820-1736-5529');
  const choice = app.getByTestId('verify-otp-to');
  await expect(choice.getByRole('radio', { name: /The mobile linked with the patient’s Aadhaar/ })).toBeChecked();
  await choice.getByRole('radio', { name: /The mobile registered with the ABHA/ }).check();
  await reviewShot(app, 'verify-otp-to-en');

  await app.getByRole('button', { name: /हिन्दी/ }).click();
  await expect(choice).toContainText('OTP कहाँ भेजें');
  await expect(choice.getByRole('radio', { name: /ABHA के साथ दर्ज मोबाइल/ })).toBeChecked();
  await reviewShot(app, 'verify-otp-to-hi');
  await app.getByRole('button', { name: /English/ }).click();

  await app.getByRole('button', { name: 'Send OTP' }).click();
  // The simulator's first ABHA v3 call makes its RSA key: give it time.
  await expect(app.getByRole('status').filter({ hasText: 'An OTP was sent to the mobile registered with 91-4820-1736-5529' })).toBeVisible({ timeout: 30_000 });
  await app.getByLabel('OTP (6 digits)').fill(OTP);
  await app.getByLabel('OTP (6 digits)').press('Enter');
  await expect(app.getByTestId('patient-name')).toHaveText('Asha Devi Verma');
});

test('a typed mobile is not offered the choice', async ({ app }) => {
  await openVerify(app);
  const field = app.getByLabel('ABHA number, ABHA address or mobile');
  await field.fill('asha.verma');
  await expect(app.getByTestId('verify-otp-to')).toBeVisible();
  await field.fill('98123 45670');
  await expect(app.getByTestId('verify-otp-to')).toHaveCount(0);
});
