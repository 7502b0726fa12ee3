// A reload in the middle of an enrolment (F5, or the web page reloaded): the screen comes back to the same step with
// where the OTP went, and the enrolment completes without a new Aadhaar OTP for the patient. The flow is kept in main
// (enrol.current); the page keeps no Aadhaar number in its storage or history. On both ABDM API generations.
import type { Page } from '@playwright/test';
import { TRAINING_IDENTITIES, type RunningSandbox } from '../../sandbox/index';
import type { AbdmApi } from '../../electron/store/settings/settings-schema';
import { test } from './controlled-sandbox';
import { enterAadhaarOtp, enterOtp, startEnrolment } from './front-desk-steps';
import { reviewShot } from './review-shot';
import { expect } from './web-mode';

const ravi = TRAINING_IDENTITIES.newResident;
/** A mobile no training identity has linked to Aadhaar, so it always gets its own OTP. */
const OTHER_MOBILE = '9000000017';

/** Aadhaar OTPs the simulator sent: each opens an OTP transaction for the identity (sandbox/healthid/transactions.ts). */
function aadhaarOtpsSent(sandbox: RunningSandbox): number {
  return [...sandbox.state.otpTransactionLog.values()].reduce((sum, times) => sum + times.length, 0);
}

/** What the page keeps across a reload: storage and the history entry. */
function pageStorage(page: Page): Promise<string> {
  return page.evaluate(() => JSON.stringify({ session: { ...sessionStorage }, local: { ...localStorage }, history: history.state }));
}

for (const abdmApi of ['v1', 'v3'] as const satisfies readonly AbdmApi[]) {
  test.describe(`on ABDM API ${abdmApi}`, () => {
    test.use({ abdmApi });

    test('a reload on the Aadhaar OTP step and on the mobile OTP step comes back to each, and the enrolment completes with one Aadhaar OTP', async ({ app, sandbox }, testInfo) => {
      await startEnrolment(app, ravi.aadhaar);
      const aadhaarOtpSent = app.getByRole('status').filter({ hasText: 'UIDAI sent an OTP to the mobile linked with Aadhaar XXXX XXXX 0124' });
      await expect(aadhaarOtpSent).toBeVisible();
      await enterAadhaarOtp(app, OTHER_MOBILE, '000000');
      await expect(app.getByRole('alert')).toContainText('Wrong OTP. 4 tries left.');

      await app.reload();
      await expect(aadhaarOtpSent).toBeVisible();
      await expect(app.getByRole('heading', { level: 1, name: 'Enrol' })).toBeVisible();
      await expect(app.getByRole('list', { name: 'Enrolment steps' }).locator('[aria-current="step"]')).toHaveText(/Aadhaar OTP/);
      await expect(app.getByLabel('OTP (6 digits)')).toBeFocused();
      await expect(app.getByTestId('otp-validity')).toHaveText(/^Valid for \d+:\d\d$/);
      // The mobile typed beside the OTP is kept by main; the Aadhaar number is in neither storage nor history.
      await expect(app.getByLabel('Mobile number for the ABHA')).toHaveValue(OTHER_MOBILE);
      expect(await pageStorage(app)).not.toMatch(/234567|67890124/);
      if (abdmApi === 'v1') await reviewShot(app, 'enrol-after-reload-en', { fullPage: false });

      await enterAadhaarOtp(app, OTHER_MOBILE);
      const mobileOtpSent = app.getByRole('status').filter({ hasText: 'An OTP was sent to XXXXXX0017' });
      await expect(mobileOtpSent).toBeVisible();
      await app.reload();
      await expect(mobileOtpSent).toBeVisible();
      await expect(app.getByRole('list', { name: 'Enrolment steps' }).locator('[aria-current="step"]')).toHaveText(/Mobile OTP/);
      await expect(app.getByLabel('OTP (6 digits)')).toBeFocused();
      await enterOtp(app);

      await app.getByLabel('ABHA address (optional)').fill('ravi.sharma85');
      await app.getByRole('button', { name: 'Create ABHA' }).click();
      await expect(app.getByRole('heading', { name: 'ABHA created' })).toBeVisible();
      await expect(app.getByTestId('patient-abha-address')).toHaveText('ravi.sharma85@sbx');
      expect(aadhaarOtpsSent(sandbox)).toBe(1);
      await testInfo.attach('enrolled after two reloads', { body: await app.screenshot(), contentType: 'image/png' });
    });

    test('a reload on the address step keeps ABDM’s suggestions (v3) and creates the ABHA', async ({ app }) => {
      await startEnrolment(app, ravi.aadhaar);
      await enterAadhaarOtp(app, ravi.aadhaarMobile);
      // v1 always asks for the mobile OTP: typed once its step is on screen, as the clerk does (before it, the OTP box
      // still on screen is the Aadhaar step's).
      if (abdmApi === 'v1') {
        await expect(app.getByRole('status').filter({ hasText: /An OTP was sent to XXXXXX\d{4}/ })).toBeVisible();
        await enterOtp(app);
      }
      const address = app.getByLabel('ABHA address (optional)');
      await expect(address).toBeFocused();
      await app.reload();
      await expect(address).toBeFocused();
      const suggestions = app.getByRole('group', { name: /Suggested by ABDM/ }).getByRole('button');
      if (abdmApi === 'v3') await expect(suggestions.first()).toBeVisible();
      else await expect(suggestions).toHaveCount(0);
      await address.fill('ravi.k.sharma');
      await app.getByRole('button', { name: 'Create ABHA' }).click();
      await expect(app.getByTestId('patient-abha-address')).toHaveText('ravi.k.sharma@sbx');
    });

    test('Change the Aadhaar number ends the enrolment in main: a reload then starts at the first step', async ({ app }) => {
      await startEnrolment(app, ravi.aadhaar);
      await expect(app.getByLabel('OTP (6 digits)')).toBeVisible();
      await app.getByRole('button', { name: 'Change the Aadhaar number' }).click();
      await expect(app.getByLabel('Aadhaar number')).toHaveValue('XXXX XXXX 0124');
      await app.reload();
      await expect(app.getByLabel('Aadhaar number')).toBeVisible();
      // Nothing typed survives a reload: the Aadhaar number was only ever in the page's memory.
      await expect(app.getByLabel('Aadhaar number')).toHaveValue('');
      expect(await app.evaluate(() => window.abhaDesk!.enrol.current())).toEqual({ ok: true, value: { enrolment: null } });
    });
  });
}

test('Close patient ends the enrolment in main and clears the Aadhaar number typed, so a reload starts afresh', async ({ app }) => {
  await startEnrolment(app, ravi.aadhaar);
  await expect(app.getByLabel('OTP (6 digits)')).toBeVisible();
  await app.getByRole('button', { name: 'Close patient' }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  await expect.poll(() => app.evaluate(() => window.abhaDesk!.enrol.current())).toEqual({ ok: true, value: { enrolment: null } });
  await app.keyboard.press('Alt+Digit2');
  await expect(app.getByLabel('Aadhaar number')).toHaveValue('');
  await expect(app.getByLabel('The patient has heard this and agrees')).not.toBeChecked();

  // An Aadhaar number typed but not yet sent goes too.
  await app.getByLabel('Aadhaar number').pressSequentially(ravi.aadhaar);
  await app.getByRole('button', { name: 'Close patient' }).click();
  await app.keyboard.press('Alt+Digit2');
  await expect(app.getByLabel('Aadhaar number')).toHaveValue('');
  await app.reload();
  await expect(app.getByLabel('Aadhaar number')).toHaveValue('');
});
