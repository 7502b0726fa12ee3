// CRT_ABHA_102 at Enrol: the consent shows ABDM's six assisted-enrolment clauses; with no operator name the clerk
// is told to set it (and Open Settings goes there); once set, point 5 names the operator; the clerk reads it in
// Hindi for a patient who prefers it, and the audit keeps the version and the language read.
import { TRAINING_IDENTITIES } from '../../sandbox/index';
import { openEnrol } from './front-desk-steps';
import { reviewShot } from './review-shot';
import { expect, test } from './web-mode';

test('the six clauses, the operator named in the fifth, read in Hindi and recorded so', async ({ app }) => {
  test.setTimeout(60_000);
  await openEnrol(app);
  const consent = app.getByTestId('consent-text');
  await expect(consent.locator('li')).toHaveCount(6);
  await expect(consent.locator('li').nth(4)).toContainText('I, [operator’s name not set], the operator at this desk');
  const missing = app.getByTestId('consent-operator-missing');
  await expect(missing).toContainText('no operator’s name is set on this desk');
  await missing.getByRole('button', { name: 'Open Settings' }).click();
  await expect(app.getByLabel('Operator name')).toBeFocused();
  await app.getByLabel('Operator name').fill('Meena Rao');
  await app.getByRole('button', { name: 'Save settings' }).click();
  await expect(app.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();

  await openEnrol(app);
  await expect(missing).toHaveCount(0);
  await expect(consent.locator('li').nth(4)).toContainText('I, Meena Rao, the operator at this desk, confirm');
  await reviewShot(app, 'enrol-consent-en');
  await app.getByLabel('Read the consent in').selectOption('hi');
  await expect(consent).toHaveAttribute('lang', 'hi');
  await expect(consent.locator('li').nth(4)).toContainText('मैं, Meena Rao, इस डेस्क का ऑपरेटर');
  await reviewShot(app, 'enrol-consent-read-in-hi');

  await app.getByLabel('Aadhaar number').pressSequentially(TRAINING_IDENTITIES.newResident.aadhaar);
  await app.getByLabel('The patient has heard this and agrees').check();
  await app.getByRole('button', { name: 'Send OTP to the Aadhaar-linked mobile' }).click();
  await expect(app.getByLabel('OTP (6 digits)')).toBeVisible({ timeout: 30_000 });
  const audit = await app.evaluate(async () => {
    const result = await window.abhaDesk!.audit.list({});
    if (!result.ok) throw new Error(result.error.code);
    return result.value.filter((entry) => entry.action === 'enrolment.consent');
  });
  expect(audit.map((entry) => [entry.operator, JSON.parse(entry.detail!)])).toEqual([['Meena Rao', { maskedAadhaar: expect.stringMatching(/^XXXX XXXX \d{4}$/), textVersion: '2', language: 'hi' }]]);
});
